#include "bcs/runtime/runtime.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/node.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <stdexcept>
#include <string>

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

namespace {
const RuntimeSpec& checked(const RuntimeSpec& spec, unsigned nodes)
{
  if (spec.slice <= 0)
    throw std::invalid_argument("RuntimeSpec.slice: must be positive");
  if (spec.management_node >= nodes)
    throw std::invalid_argument("RuntimeSpec.management_node: " + std::to_string(spec.management_node) +
                                " is not a node of the machine");
  if (spec.p2p_rate <= 0)
    throw std::invalid_argument("RuntimeSpec.p2p_rate: must be positive");
  return spec;
}
} // namespace

Runtime::Runtime(core::CorePrimitives& core, const elan3::HostInterface& host, RuntimeSpec spec)
    : spec_(checked(spec, core.machine().platform.nodes())), ctx_(core, host, spec_), idle_(ctx_), ss_(ctx_, *this),
      mm_(ctx_, ss_, [this] { start_node_threads(); })
{
  for (unsigned n = 0; n < ctx_.node_count; ++n)
    ctx_.nodes.push_back(std::make_unique<Node>(ctx_, n, idle_, mm_, policy_));
}

Runtime::~Runtime() = default;

int Runtime::new_job(const std::vector<unsigned>& node_of)
{
  if (node_of.empty())
    throw std::invalid_argument("Runtime::new_job: a job needs at least one rank");
  JobInfo j;
  j.node_of = node_of;
  j.nodes = core::NodeSet::of(node_of);
  for (unsigned n : node_of)
    j.ranks_on[n]++;
  auto& memory = ctx_.memory();
  j.posted_word = memory.new_word(0);
  j.scheduled_word = memory.new_word(0);
  j.exited_word = memory.new_word(0);
  const int id = next_job_++;
  ctx_.jobs.emplace(id, std::move(j));
  return id;
}

CollectivePtr Runtime::post_collective(CollectiveDescriptor d)
{
  ctx_.host.post_descriptor(d.owner.node);
  auto p = std::make_shared<CollectiveDescriptor>(std::move(d));
  p->seq = next_collective_[{p->owner.job, p->owner.rank}]++;
  p->posted_slice = ctx_.clock.slice;
  ctx_.node(p->owner.node).collectives.add(p);
  base::emit("bcs.post.coll", p->bytes);
  ++ctx_.progress.events;
  return p;
}

void Runtime::start_node_threads()
{
  if (threads_started_)
    return;
  threads_started_ = true;
  for (unsigned n = 0; n < ctx_.node_count; ++n)
    ctx_.node(n).start();
}

void Runtime::attach_process(int job, unsigned /*node*/)
{
  start_node_threads();
  ++live_processes_;
  ++ctx_.progress.events;
  ++ctx_.jobs.at(job).started;
}

void Runtime::detach_process(int job, unsigned node)
{
  --live_processes_;
  ++ctx_.progress.events;
  JobInfo& j = ctx_.jobs.at(job);
  ++j.exited;
  // The NM sees its last local process of the job exit and records it in NIC memory, where the job master's
  // NM will query it (002 §3.5: termination detection with Compare-And-Write).
  if (++j.exited_on[node] == j.ranks_on.at(node))
    ctx_.memory().word(node, j.exited_word) = 1;
}

DescriptorPtr Runtime::post(Descriptor d)
{
  ctx_.host.post_descriptor(d.owner.node);
  auto p = std::make_shared<Descriptor>(std::move(d));
  p->id = next_id_++;
  p->posted_slice = ctx_.clock.slice;
  Node& node = ctx_.node(p->owner.node);
  if (p->is_send) {
    p->envelope.seq = next_seq_.take(p->owner.rank, p->peer.rank, p->envelope.context, p->owner.job);
    p->flow = base::trace::new_flow();
    base::trace::flow_start(p->flow, "send descriptor posted");
    node.bs.post(p);
  } else {
    node.br.post_receive(p);
  }
  base::emit(p->is_send ? "bcs.post.send" : "bcs.post.recv", p->envelope.bytes);
  ++ctx_.progress.events;
  return p;
}

std::optional<base::Envelope> Runtime::probe(const Endpoint& owner, const base::Pattern& pattern) const
{
  return ctx_.node(owner.node).br.probe(owner, pattern);
}

void Runtime::suspend(unsigned node, std::function<bool()> ready)
{
  if (ctx_.spec.restart == RestartRule::on_completion && ready())
    return; // its operation completed before it blocked: nothing to wait for
  auto resume = sg4::Semaphore::create(0);
  ctx_.node(node).nm.suspend(Suspended{std::move(ready), resume});
  resume->acquire();
  sg4::this_actor::sleep_for(ctx_.host.spec().wake_cost); // the process sees the Node Manager's restart
}

bool Runtime::all_waiting() const
{
  std::size_t suspended = 0;
  for (unsigned n = 0; n < ctx_.node_count; ++n)
    suspended += ctx_.node(n).nm.blocked();
  return live_processes_ > 0 && suspended == std::size_t(live_processes_);
}

void Runtime::computing(int job, int rank, double earliest_end) { computing_[{job, rank}] = earliest_end; }

void Runtime::computed(int job, int rank) { computing_.erase({job, rank}); }

double Runtime::quiet_until() const
{
  constexpr double past = -1;
  if (!mm_.quiet())
    return past;
  for (const auto& [id, j] : ctx_.jobs) // a job's processes still being forked
    if (j.launched && !j.reported && j.started < j.node_of.size())
      return past;
  std::size_t suspended = 0;
  for (unsigned n = 0; n < ctx_.node_count; ++n) {
    const Node& node = ctx_.node(n);
    // A collective pending here keeps only the MSM busy while it waits for ranks elsewhere: IdleSlices::quiet_nodes
    // says whether the slices can be computed with it.
    if (node.pending() || node.dh.has_work() || node.ch.has_work() || node.rh.has_work() || node.nm.restart_due() ||
        node.nm.termination_due())
      return past;
    suspended += node.nm.blocked();
  }
  // Every live process suspended (and not due for a restart: above) or computing with a known earliest end; a
  // process doing anything else may post at once.
  if (computing_.empty() || suspended + computing_.size() != std::size_t(live_processes_))
    return past;
  double quiet = computing_.begin()->second;
  for (const auto& [who, end] : computing_)
    quiet = std::min(quiet, end);
  return quiet;
}

bool Runtime::progress_possible() const
{
  std::size_t suspended = 0;
  for (unsigned n = 0; n < ctx_.node_count; ++n) {
    const Node& node = ctx_.node(n);
    if (node.pending() || node.nm.restart_due()) // something to move, or a process its NM restarts now
      return true;
    suspended += node.nm.blocked();
  }
  for (const auto& [job, info] : ctx_.jobs) { // a collective every rank has posted will be scheduled
    bool all = true;
    std::optional<std::int64_t> seq;
    for (unsigned n : info.nodes.nodes()) {
      const auto k = ctx_.node(n).collectives.complete_head(job, info.ranks_on.at(n));
      if (!k || (seq && *seq != *k)) {
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
