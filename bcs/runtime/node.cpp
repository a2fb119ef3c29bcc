#include "bcs/runtime/node.hpp"

#include "bcs/runtime/context.hpp"

#include <simgrid/s4u/Actor.hpp>

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

Node::Node(Context& ctx, unsigned id, IdleStrobes& idle, MachineManager& mm, const NodePolicy& policy)
    : collectives(ctx, id), nm(ctx, id, mm, policy), bs(ctx, id), br(ctx, id), dh(ctx, id), ch(ctx, id), rh(ctx, id),
      sr(ctx, id, idle), ctx_(ctx), id_(id)
{
}

bool Node::has_work(Microphase m) const
{
  switch (m) {
    case Microphase::dem:
      return bs.has_work();
    case Microphase::msm:
      return br.has_work();
    case Microphase::p2p:
      return dh.has_work();
    case Microphase::bbm:
      return ch.has_work();
    case Microphase::reduce:
      return rh.has_work();
  }
  return true;
}

void Node::start()
{
  sg4::Host* nic = ctx_.machine().platform.nic(id_);
  // Creation order is part of the simulation's determinism (SimGrid runs actors ready at one instant in it).
  sg4::Actor::create("bcs.sr", nic, [this] { sr.run(); })->daemonize();
  if (!ctx_.spec.folded) { // else the SR runs the DEM, MSM and point-to-point work itself (strobe_receiver.cpp)
    sg4::Actor::create("bcs.bs", nic, [this] { bs.run(); })->daemonize();
    sg4::Actor::create("bcs.br", nic, [this] { br.run(); })->daemonize();
    sg4::Actor::create("bcs.dh", nic, [this] { dh.run(); })->daemonize();
  }
  sg4::Actor::create("bcs.ch", nic, [this] { ch.run(); })->daemonize();
  sg4::Actor::create("bcs.rh", nic, [this] { rh.run(); })->daemonize();
}

} // namespace bcssim::bcs::runtime
