#include "bcs/runtime/runtime.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <stdexcept>

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

Runtime::Runtime(core::CorePrimitives& core, const elan3::HostInterface& host, RuntimeSpec spec)
    : core_(core), host_(host), spec_(spec), nodes_(core.machine().platform.nodes()), state_(nodes_),
      emds_(spec_.emds)
{
  if (spec_.slice <= 0)
    throw std::invalid_argument("RuntimeSpec.slice: must be positive");
  if (spec_.management_node >= nodes_)
    throw std::invalid_argument("RuntimeSpec.management_node: " + std::to_string(spec_.management_node) +
                                " is not a node of the machine");
  if (spec_.p2p_rate <= 0)
    throw std::invalid_argument("RuntimeSpec.p2p_rate: must be positive");
  auto& memory = core_.machine().memory;
  phase_word_ = memory.new_word(0);
  done_word_ = memory.new_word(0);
  strobe_event_ = memory.new_event();
  dem_event_ = memory.new_event();
  msm_event_ = memory.new_event();
  p2p_event_ = memory.new_event();
  descriptors_landed_event_ = memory.new_event();
  bbm_event_ = memory.new_event();
  reduce_event_ = memory.new_event();
  partial_event_ = memory.new_event();
  collective_sent_event_ = memory.new_event();
}

int Runtime::new_job(const std::vector<unsigned>& node_of)
{
  if (node_of.empty())
    throw std::invalid_argument("Runtime::new_job: a job needs at least one rank");
  JobInfo j;
  j.node_of = node_of;
  j.nodes = core::NodeSet::of(node_of);
  for (unsigned n : node_of)
    j.ranks_on[n]++;
  auto& memory = core_.machine().memory;
  j.posted_word = memory.new_word(0);
  j.scheduled_word = memory.new_word(0);
  j.exited_word = memory.new_word(0);
  const int id = next_job_++;
  jobs_.emplace(id, std::move(j));
  return id;
}

CollectivePtr Runtime::post_collective(CollectiveDescriptor d)
{
  host_.post_descriptor(d.owner.node);
  auto p = std::make_shared<CollectiveDescriptor>(std::move(d));
  p->seq = next_collective_[{p->owner.job, p->owner.rank}]++;
  p->posted_slice = slice_;
  state_.at(p->owner.node).collectives[p->owner.job][p->seq].push_back(p);
  base::emit("bcs.post.coll", p->bytes);
  return p;
}

void Runtime::start_node_threads()
{
  threads_started_ = true;
  const auto& platform = core_.machine().platform;
  for (unsigned n = 0; n < nodes_; ++n) {
    sg4::Actor::create("bcs.sr", platform.nic(n), [this, n] { strobe_receiver(n); })->daemonize();
    sg4::Actor::create("bcs.bs", platform.nic(n), [this, n] { buffer_sender(n); })->daemonize();
    sg4::Actor::create("bcs.br", platform.nic(n), [this, n] { buffer_receiver(n); })->daemonize();
    sg4::Actor::create("bcs.dh", platform.nic(n), [this, n] { dma_helper(n); })->daemonize();
    sg4::Actor::create("bcs.ch", platform.nic(n), [this, n] { collective_helper(n); })->daemonize();
    sg4::Actor::create("bcs.rh", platform.nic(n), [this, n] { reduce_helper(n); })->daemonize();
  }
}

void Runtime::attach_process(int job, unsigned /*node*/)
{
  if (!threads_started_)
    start_node_threads();
  ++live_processes_;
  ++jobs_.at(job).started;
}

void Runtime::detach_process(int job, unsigned node)
{
  --live_processes_;
  JobInfo& j = jobs_.at(job);
  ++j.exited;
  // The NM sees its last local process of the job exit and records it in NIC memory, where the job master's
  // NM will query it (002 §3.5: termination detection with Compare-And-Write).
  if (++j.exited_on[node] == j.ranks_on.at(node))
    core_.machine().memory.word(node, j.exited_word) = 1;
}

DescriptorPtr Runtime::post(Descriptor d)
{
  host_.post_descriptor(d.owner.node);
  auto p = std::make_shared<Descriptor>(std::move(d));
  p->id = next_id_++;
  p->posted_slice = slice_;
  NodeState& node = state_.at(p->owner.node);
  if (p->is_send) {
    p->envelope.seq = next_seq_[std::make_tuple(p->owner.job, p->owner.rank, p->peer.rank, p->envelope.context)]++;
    p->flow = base::trace::new_flow();
    base::trace::flow_start(p->flow, "send descriptor posted");
    node.new_sends.push_back(p);
  } else {
    node.new_recvs.push_back(p);
  }
  base::emit(p->is_send ? "bcs.post.send" : "bcs.post.recv", p->envelope.bytes);
  return p;
}

std::optional<base::Envelope> Runtime::probe(const Endpoint& owner, const base::Pattern& pattern) const
{
  const NodeState& node = state_.at(owner.node);
  auto it = node.matching.find({owner.job, owner.rank});
  if (it == node.matching.end())
    return std::nullopt;
  return it->second.probe(pattern);
}

void Runtime::suspend(unsigned node, std::function<bool()> ready)
{
  auto resume = sg4::Semaphore::create(0);
  state_.at(node).suspended.push_back(Suspended{std::move(ready), resume});
  resume->acquire();
  sg4::this_actor::sleep_for(host_.spec().wake_cost); // the process sees the Node Manager's restart
}

void Runtime::finish_microphase(unsigned node, std::int64_t phase)
{
  elan3::run_cycles(core_.machine().costs.event);
  const auto m = Microphase((phase - 1) % kMicrophases);
  if (m == Microphase::dem)
    state_[node].dem_end = sg4::Engine::get_clock();
  if (emds_.watches(node))
    emds_finished(node, m);
  if (state_[node].woke_at >= 0) { // the microphase on the thread's timeline
    static constexpr const char* names[kMicrophases] = {"DEM", "MSM", "point-to-point", "broadcast/barrier",
                                                         "reduce"};
    base::trace::span_since(state_[node].woke_at, names[int(m)], "bcs");
    state_[node].woke_at = -1;
  }
  core_.machine().memory.word(node, done_word_) = phase;
}

bool Runtime::progress_possible() const
{
  std::size_t suspended = 0;
  for (const NodeState& n : state_) {
    if (!n.new_sends.empty() || !n.arrived_sends.empty() || !n.backlog.empty() || !n.new_recvs.empty())
      return true;

    for (const Suspended& s : n.suspended)
      if (s.ready()) // its Node Manager restarts it at this boundary
        return true;
    suspended += n.suspended.size();
  }
  for (const auto& [job, info] : jobs_) { // a collective every rank has posted will be scheduled
    bool all = true;
    std::optional<std::int64_t> seq;
    for (unsigned node : info.nodes.nodes()) {
      const auto& mine = state_[node].collectives;
      auto it = mine.find(job);
      if (it == mine.end() || it->second.empty()) {
        all = false;
        break;
      }
      const auto& [k, posted] = *it->second.begin();
      if ((seq && *seq != k) || posted.size() != info.ranks_on.at(node)) {
        all = false;
        break;
      }
      seq = k;
    }
    if (all)
      return true;
    if ((info.launched && info.started < info.node_of.size()) || (info.exited == info.node_of.size() && !info.reported))
      return true; // processes still to fork, or a termination still to report
  }
  return suspended < std::size_t(live_processes_); // someone is computing and may still post
}

} // namespace bcssim::bcs::runtime
