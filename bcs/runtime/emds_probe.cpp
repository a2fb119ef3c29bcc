// The EMDS's local figures (000 §5.2, Table 5.2): the strobe and microstrobe landings, the ends of the node's
// microphases, what its threads moved and scheduled. A slice's record is complete when the next slice's strobe
// lands. The global figures (Table 5.1) are the Strobe Sender's (strobe_sender.cpp).
#include "bcs/runtime/emds_probe.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace bcssim::bcs::runtime {

bool EmdsProbe::active(unsigned node, std::int64_t slice) const
{
  return emds_.watches(node) && (emds_.records(slice) || emds_.records(slice - 1));
}

void EmdsProbe::slice_start(unsigned node, std::uint64_t flags_raised, std::uint64_t blocked)
{
  slices_[node].ncolldem = flags_raised;
  slices_[node].bpts = blocked;
}

void EmdsProbe::landing(unsigned node, Microphase m, std::int64_t slice)
{
  EmdsSlice& e = slices_[node];
  const double now = simgrid::s4u::Engine::get_clock();
  if (m == Microphase::msm) {
    e.msm_strobe_at = now;
    return;
  }
  if (m != Microphase::dem)
    return;
  if (e.slice >= 0 && emds_.records(e.slice)) {
    mds::LocalRecord r;
    r.slice = e.slice;
    r.node = node;
    r.letts = e.prev_strobe_at >= 0 ? e.strobe_at - e.prev_strobe_at : 0;
    r.ltdem = e.dem_done >= 0 ? e.dem_done - e.strobe_at : 0;
    r.lmsm = e.msm_done >= 0 && e.msm_strobe_at >= 0 ? e.msm_done - e.msm_strobe_at : 0;
    r.ltts = e.slice_done >= 0 ? e.slice_done - e.strobe_at : 0;
    r.np2pdem = e.np2pdem;
    r.np2pmsm = e.np2pmsm;
    r.ncolldem = e.ncolldem;
    r.ncollmsm = e.ncollmsm;
    r.bpts = e.bpts;
    emds_.add(r);
  }
  EmdsSlice next;
  next.slice = slice;
  next.prev_strobe_at = e.strobe_at;
  next.strobe_at = now;
  e = next;
}

void EmdsProbe::finished(unsigned node, Microphase m, std::uint64_t p2p_scheduled)
{
  EmdsSlice& e = slices_[node];
  const double now = simgrid::s4u::Engine::get_clock();
  switch (m) {
    case Microphase::dem:
      e.dem_done = now;
      break;
    case Microphase::msm:
      e.msm_done = now;
      e.np2pmsm = p2p_scheduled;
      break;
    case Microphase::reduce:
      e.slice_done = now;
      break;
    default:
      break;
  }
}

} // namespace bcssim::bcs::runtime
