#include "storm/batch_queue.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bcssim::storm {

BatchQueue::BatchQueue(unsigned nodes, unsigned pes_per_node) : machine_pes_(nodes * pes_per_node)
{
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned p = 0; p < pes_per_node; ++p)
      free_.insert(PeId{n, p});
}

void BatchQueue::submit(int id, unsigned processes)
{
  if (processes == 0 || processes > machine_pes_)
    throw std::invalid_argument("BatchQueue: job " + std::to_string(id) + " asks for " + std::to_string(processes) +
                                " PEs of " + std::to_string(machine_pes_));
  queue_.push_back(Waiting{id, processes});
}

void BatchQueue::finish(int id)
{
  auto it = std::find_if(running_.begin(), running_.end(), [id](const auto& r) { return r.first == id; });
  if (it == running_.end())
    throw std::logic_error("BatchQueue: job " + std::to_string(id) + " is not running");
  free_.insert(it->second.begin(), it->second.end());
  running_.erase(it);
}

std::vector<std::pair<int, std::vector<PeId>>> BatchQueue::dispatch()
{
  std::vector<std::pair<int, std::vector<PeId>>> started;
  while (!queue_.empty() && queue_.front().processes <= free_.size()) {
    const Waiting w = queue_.front();
    queue_.pop_front();
    std::vector<PeId> pes(free_.begin(), std::next(free_.begin(), std::ptrdiff_t(w.processes)));
    for (const PeId& p : pes)
      free_.erase(p);
    running_.emplace_back(w.id, pes);
    started.emplace_back(w.id, std::move(pes));
  }
  return started;
}

} // namespace bcssim::storm
