#include "storm/node_memory.hpp"

#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(storm_node_memory, storm,
                                "storm.node_memory: A node's memory shared by its processes, and paging");

namespace bcssim::storm {

NodeMemory::NodeMemory(MemorySpec spec, simgrid::s4u::Host* host) : spec_(spec)
{
  if (spec.bytes < 0 || (spec.bytes > 0 && !(spec.swap_bandwidth > 0)))
    throw std::invalid_argument("storm::NodeMemory: a bounded memory needs a positive swap bandwidth");
  if (spec.bytes > 0 && host != nullptr) // one disk: every PE's paging shares its bandwidth, both directions too
    swap_ = host->create_disk("swap", spec.swap_bandwidth, spec.swap_bandwidth)
                ->set_readwrite_bandwidth(spec.swap_bandwidth)
                ->seal();
}

void NodeMemory::attach(ProcessKey p, double footprint)
{
  if (spec_.bytes > 0 && footprint > spec_.bytes)
    throw std::invalid_argument("storm::NodeMemory: job " + std::to_string(p.job) + " rank " + std::to_string(p.rank) +
                                " needs more than the node's memory");
  Process proc;
  proc.footprint = footprint;
  if (!processes_.emplace(p, proc).second)
    throw std::logic_error("storm::NodeMemory: a process placed twice");
}

void NodeMemory::detach(ProcessKey p)
{
  auto it = processes_.find(p);
  if (it == processes_.end())
    return;
  used_ -= it->second.resident;
  processes_.erase(it);
}

double NodeMemory::resident(ProcessKey p) const
{
  auto it = processes_.find(p);
  return it == processes_.end() ? 0 : it->second.resident;
}

void NodeMemory::hold(ProcessKey p)
{
  if (auto it = processes_.find(p); it != processes_.end())
    it->second.holding = true;
}

void NodeMemory::release(ProcessKey p)
{
  if (auto it = processes_.find(p); it != processes_.end() && it->second.holding) {
    it->second.holding = false;
    it->second.last_use = ++clock_;
  }
}

double NodeMemory::evict(ProcessKey p, double bytes)
{
  // Victims in order: not holding a PE before holding one, then least recently used (the order the Node Manager
  // released them in, never the order SimGrid runs the processes in), then by key.
  std::vector<std::tuple<bool, std::uint64_t, ProcessKey>> order;
  for (const auto& [key, proc] : processes_)
    if (key != p && proc.resident > 0)
      order.emplace_back(proc.holding, proc.last_use, key);
  std::sort(order.begin(), order.end());
  double out = 0;
  for (const auto& [holding, last_use, key] : order) {
    if (out >= bytes)
      break;
    Process& victim = processes_.at(key);
    const double take = std::min(victim.resident, bytes - out);
    victim.resident -= take;
    out += take;
  }
  used_ -= out;
  return out;
}

NodeMemory::Paging NodeMemory::touch(ProcessKey p)
{
  Process& proc = processes_.at(p);
  proc.holding = true;
  const double need = proc.footprint - proc.resident;
  if (need <= 0)
    return {};
  double out = 0;
  if (spec_.bytes > 0 && used_ + need > spec_.bytes)
    out = evict(p, used_ + need - spec_.bytes);
  const double in = proc.ran ? need : 0; // a first run's pages are its own first touch, not swap traffic
  proc.ran = true;
  proc.resident = proc.footprint;
  used_ += need;
  paged_in_ += in;
  paged_out_ += out;
  XBT_VERB("job %d rank %d touches: %.0f B in, %.0f B out, %.0f B used", p.job, p.rank, in, out, used_);
  return {in, out};
}

void NodeMemory::unload(ProcessKey p, double bytes)
{
  Process& proc = processes_.at(p);
  bytes = std::min(bytes, proc.resident);
  proc.resident -= bytes;
  used_ -= bytes;
  paged_in_ -= bytes;
  XBT_VERB("job %d rank %d: %.0f B of its page-in not done, %.0f B used", p.job, p.rank, bytes, used_);
}

} // namespace bcssim::storm
