#include "storm/pe.hpp"

#include "base/event_stream.hpp"
#include "storm/node_memory.hpp"

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(storm_pe, storm, "storm.pe: A processing element time-shared by several processes");

namespace bcssim::storm {
namespace sg4 = simgrid::s4u;

namespace {
std::string name(ProcessKey p) { return "job " + std::to_string(p.job) + " rank " + std::to_string(p.rank); }
} // namespace

Pe::Pe(sg4::Host* cpu, unsigned node, unsigned index, double switch_cost, CacheSpec cache, NodeMemory* memory)
    : cpu_(cpu), node_(node), index_(index), switch_cost_(switch_cost), cache_(cache), memory_(memory)
{
  if (index >= unsigned(cpu->get_core_count()))
    throw std::invalid_argument("storm::Pe: node " + std::to_string(node) + " has no PE " + std::to_string(index));
  if (switch_cost < 0)
    throw std::invalid_argument("storm::Pe: a negative switch cost");
  if (cache.bytes < 0 || (cache.bytes > 0 && !(cache.bandwidth > 0)))
    throw std::invalid_argument("storm::Pe: a cache needs a positive refill bandwidth");
}

Pe::Slot& Pe::slot(ProcessKey p)
{
  auto it = slots_.find(p);
  if (it == slots_.end())
    throw std::logic_error("storm::Pe: " + name(p) + " is not placed on node " + std::to_string(node_) + " PE " +
                           std::to_string(index_));
  return it->second;
}

double Pe::cpu_time(ProcessKey p) const
{
  auto it = slots_.find(p);
  if (it == slots_.end())
    return 0;
  const Slot& s = it->second;
  return s.cpu_time + (s.exec ? sg4::Engine::get_clock() - s.started_at : 0);
}

double Pe::work_done() const
{
  double sum = retired_;
  for (const auto& [key, slot] : slots_)
    sum += cpu_time(key);
  return sum;
}

bool Pe::page(ProcessKey p, Slot& s)
{
  simgrid::s4u::Disk* swap = memory_->swap();
  if (swap == nullptr)
    throw std::logic_error("storm::Pe: node " + std::to_string(node_) + " pages without a swap disk");
  auto cut_short = [&] { // the page-in not done is not resident; the page-out not done is owed
    memory_->unload(p, s.page_in);
    s.out_owed += s.page_out;
    paged_bytes_ -= s.page_in + s.page_out;
    s.page_in = s.page_out = 0;
    return false;
  };
  while (s.page_out > 0 || s.page_in > 0) {
    if (!holds(p)) // switched away at the instant its page-out ended (stop() found nothing to cancel)
      return cut_short();
    const bool out = s.page_out > 0;
    const double bytes = out ? s.page_out : s.page_in;
    s.io = swap->io_init(sg_size_t(std::ceil(bytes)), out ? sg4::Io::OpType::WRITE : sg4::Io::OpType::READ);
    s.io->start();
    try {
      s.io->wait();
      (out ? s.page_out : s.page_in) = 0;
      s.io = nullptr;
    } catch (const simgrid::CancelException&) { // descheduled: stop() kept what is left
      s.io = nullptr;
      return cut_short();
    }
  }
  return true;
}

void Pe::attach(ProcessKey p, double working_set, double footprint)
{
  Slot s;
  s.working_set = working_set;
  if (!slots_.emplace(p, s).second)
    throw std::logic_error("storm::Pe: " + name(p) + " is placed twice");
  if (memory_ != nullptr)
    memory_->attach(p, footprint);
}

double Pe::refill(Slot& s)
{
  s.refill_due = false;
  const double fill = std::min(s.working_set, cache_.bytes);
  if (fill <= 0)
    return 0;
  // LRU in bytes: what others loaded since its working set was last loaded pushed that much of it out.
  const double bytes = s.ran_here ? std::min(fill, loaded_ - s.mark) : 0;
  loaded_ += s.ran_here ? bytes : fill;
  s.ran_here = true;
  s.mark = loaded_;
  return bytes;
}

void Pe::detach(ProcessKey p)
{
  if (slot(p).remaining > 0)
    throw std::logic_error("storm::Pe: " + name(p) + " exits while computing");
  retired_ += slot(p).cpu_time;
  slots_.erase(p);
  if (memory_ != nullptr)
    memory_->detach(p);
  if (running_ == p) {
    running_.reset();
    if (!history_.empty() && history_.back().to < 0)
      history_.back().to = sg4::Engine::get_clock();
  }
}

void Pe::stop(ProcessKey p)
{
  if (const sg4::IoPtr io = slot(p).io) { // paging: what is left of the current transfer stays to do
    if (io->get_state() == sg4::Activity::State::FINISHED)
      return;
    const double left = io->get_remaining();
    auto it = slots_.find(p);
    if (it == slots_.end() || it->second.io != io || left <= 0)
      return; // it saw its transfer end meanwhile
    (it->second.page_out > 0 ? it->second.page_out : it->second.page_in) = left;
    io->cancel(); // its process's wait ends in CancelException, at this instant
    return;
  }
  // get_state(), get_remaining() and cancel() are simcalls: the process may resume between them (its work done
  // at this very instant), end its execute() and even exit. Keep the Exec alive, and look the process up again.
  const sg4::ExecPtr exec = slot(p).exec;
  if (!exec || exec->get_state() == sg4::Activity::State::FINISHED)
    return;
  const double remaining = exec->get_remaining();
  auto it = slots_.find(p);
  if (it == slots_.end() || it->second.exec != exec || remaining <= 0)
    return; // it saw its work end meanwhile
  it->second.remaining = remaining;
  exec->cancel(); // its process's wait ends in CancelException, at this instant
}

void Pe::execute(ProcessKey p, double flops)
{
  if (flops <= 0)
    return;
  Slot& s = slot(p); // std::map: the reference stays valid while p is placed
  if (s.remaining > 0)
    throw std::logic_error("storm::Pe: " + name(p) + " computes twice at once");
  s.remaining = flops;
  while (s.remaining > 0) {
    {
      const std::unique_lock lock(*mutex_);
      while (!holds(p))
        turn_->wait(lock);
    }
    // Unlocking is a simcall: the PE may have been switched away meanwhile, while this process had no Exec for
    // stop() to cancel (its last one ended at this instant). So check again: from here until s.exec is set (and
    // seen by stop()) there is no simcall. Without it, which of the two ran first decided whether the process kept
    // computing beside the PE's new holder.
    if (!holds(p))
      continue;
    if (s.refill_due) { // its first computation since it was switched in: refill and paging are work of its own
      if (const double bytes = refill(s); bytes > 0) {
        s.remaining += bytes / cache_.bandwidth * cpu_->get_speed();
        refilled_bytes_ += bytes;
        ++refills_;
        base::emit("storm.refill", std::uint64_t(bytes));
      }
      if (memory_ != nullptr) {
        NodeMemory::Paging paging = memory_->touch(p);
        paging.out += s.out_owed;
        s.out_owed = 0;
        if (paging.in + paging.out > 0) {
          s.page_in = paging.in;
          s.page_out = paging.out;
          paged_bytes_ += paging.in + paging.out;
          ++pagings_;
          base::emit("storm.page", std::uint64_t(paging.in + paging.out));
        }
      }
    }
    // Paging waits for the disk (simcalls): the PE may have been switched away by the time it ends, so check again
    // before computing, as above. Cut short, it waits for the PE and pages again when switched back in.
    if ((s.page_out > 0 || s.page_in > 0) && (!page(p, s) || !holds(p)))
      continue;
    s.exec = sg4::Exec::init()->set_flops_amount(s.remaining)->set_host(cpu_);
    s.exec->start();
    s.started_at = sg4::Engine::get_clock();
    try {
      s.exec->wait();
      s.remaining = 0;
    } catch (const simgrid::CancelException&) { // descheduled: stop() kept what is left
    }
    s.cpu_time += sg4::Engine::get_clock() - s.started_at;
    s.exec = nullptr;
  }
}

void Pe::await(ProcessKey p)
{
  slot(p);
  const std::unique_lock lock(*mutex_);
  while (!holds(p))
    turn_->wait(lock);
}

void Pe::switch_to(std::optional<ProcessKey> next)
{
  if (next == running_ && !switching_)
    return;
  if (next)
    slot(*next); // it must be placed here
  if (running_) {
    stop(*running_);
    if (memory_ != nullptr)
      memory_->release(*running_);
  }
  if (next && slots_.count(*next) == 0)
    next.reset(); // it exited while the holder's work was being stopped
  if (!history_.empty() && history_.back().to < 0)
    history_.back().to = sg4::Engine::get_clock();
  XBT_VERB("node %u PE %u: %s -> %s", node_, index_, running_ ? name(*running_).c_str() : "nobody",
           next ? name(*next).c_str() : "nobody");
  running_ = next;
  if (running_) {
    slots_.at(*running_).refill_due = true;
    if (memory_ != nullptr)
      memory_->hold(*running_);
  }
  ++switches_;
  base::emit("storm.switch", std::uint64_t(node_) << 16 | index_);
  if (switch_cost_ > 0) {
    switching_ = true;
    sg4::this_actor::sleep_for(switch_cost_);
    switching_ = false;
  }
  if (running_ && !switching_)
    history_.push_back(Holding{*running_, sg4::Engine::get_clock(), -1});
  turn_->notify_all(); // the process now holding the PE (if any) resumes its work
}

} // namespace bcssim::storm
