#include "mpi/job.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace bcssim::mpi {

Job::Job(std::string name, Placement placement, HostOf host_of, CommFactory make_comm)
    : name_(std::move(name)), placement_(std::move(placement)), host_of_(std::move(host_of)),
      done_(placement_.size(), 0)
{
  for (unsigned r = 0; r < placement_.size(); ++r)
    comms_.push_back(make_comm(int(r)));
}

void Job::start(RankMain main, const Launcher& launcher)
{
  main_ = std::move(main);
  actors_.resize(placement_.size());
  for (unsigned r = 0; r < placement_.size(); ++r) // each node's ranks, for fork(): one pass, not one per node
    ranks_of_node_[placement_.of(r).node].push_back(r);
  if (launcher) {
    launcher([this](unsigned node) { fork(node); });
    return;
  }
  note_start();
  for (unsigned r = 0; r < placement_.size(); ++r)
    spawn(r);
  forked_all_ = true;
}

void Job::fork(unsigned node)
{
  const auto mine = ranks_of_node_.find(node);
  if (mine == ranks_of_node_.end() || !forked_.insert(node).second)
    throw std::logic_error(fmt::format("job {}: node {} is not one of its nodes or was forked twice", name_, node));
  note_start();
  for (unsigned r : mine->second)
    spawn(r);
  if (forked_.size() == ranks_of_node_.size()) {
    forked_all_ = true;
    forked_all_event_->release();
  }
}

void Job::note_start()
{
  if (any_started_)
    return;
  any_started_ = true;
  started_ = simgrid::s4u::Engine::get_clock();
}

void Job::spawn(unsigned r)
{
  actors_[r] =
      simgrid::s4u::Actor::create(fmt::format("{}.rank{}", name_, r), host_of_(placement_.of(r).node), [this, r] {
        try {
          comms_[r]->init();
          main_(*comms_[r]);
          comms_[r]->finalize();
          comms_[r]->exit_process();
        } catch (const std::exception&) {
          // SimGrid's kill (ForcefulKillException) is not a std::exception
          // and passes through.
          fail(std::current_exception());
          return;
        }
        done_[r] = 1;
        last_finish_ = std::max(last_finish_, simgrid::s4u::Engine::get_clock());
        // The ended rank's actor (and its stack) can go: a workload keeps its
        // jobs to the end, and a million of them kept their ranks' stacks
        // mapped until SimGrid could not allocate another (issue 67).
        actors_[r] = nullptr;
      });
}

void Job::fail(std::exception_ptr error)
{
  if (!failure_)
    failure_ = std::move(error);
  simgrid::s4u::Actor::kill_all(); // every other actor: the run ends, the caller raises failure()
}

void Job::join()
{
  if (!forked_all_)
    forked_all_event_->acquire();
  for (std::size_t r = 0; r < actors_.size(); ++r)
    if (const simgrid::s4u::ActorPtr actor = actors_[r]) // held while it is joined (it lets go of itself at its end)
      actor->join();
}

double Job::makespan() const { return last_finish_ - started_; }

CallProfile Job::profile() const
{
  CallProfile total;
  for (const auto& comm : comms_)
    for (const auto& [name, stats] : comm->profile())
      total[name].merge(stats);
  return total;
}

std::uint64_t Job::calls() const
{
  std::uint64_t n = 0;
  for (const auto& comm : comms_)
    for (const auto& [name, stats] : comm->profile())
      n += stats.count;
  return n;
}

bool Job::finished() const { return blocked().empty(); }

std::vector<int> Job::blocked() const
{
  std::vector<int> out;
  for (unsigned r = 0; r < done_.size(); ++r)
    if (!done_[r])
      out.push_back(int(r));
  return out;
}

std::string Job::report() const
{
  std::string out;
  for (int r : blocked()) {
    const std::string call = comms_[r]->current_call();
    out += fmt::format("rank {} (node {}): {}\n", r, placement_.of(r).node,
                       call.empty() ? "not in an MPI call (computing or finished abnormally)" : call);
  }
  return out;
}

std::optional<double> Job::blocked_since() const
{
  double since = 0;
  for (int r : blocked()) {
    if (comms_[r]->current_call().empty())
      return std::nullopt;
    since = std::max(since, comms_[r]->current_call_start());
  }
  return since;
}

} // namespace bcssim::mpi
