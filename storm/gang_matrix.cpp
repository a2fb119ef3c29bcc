#include "storm/gang_matrix.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bcssim::storm {

GangMatrix::GangMatrix(unsigned nodes, unsigned pes_per_node, unsigned mpl) : machine_pes_(nodes * pes_per_node)
{
  if (mpl == 0)
    throw std::invalid_argument("GangMatrix: a multiprogramming level of at least 1");
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned p = 0; p < pes_per_node; ++p)
      all_.push_back(PeId{n, p});
  rows_.resize(mpl);
}

void GangMatrix::submit(int id, unsigned processes)
{
  if (processes == 0 || processes > machine_pes_)
    throw std::invalid_argument("GangMatrix: job " + std::to_string(id) + " asks for " + std::to_string(processes) +
                                " PEs of " + std::to_string(machine_pes_));
  queue_.push_back(Waiting{id, processes, {}});
}

void GangMatrix::submit(int id, std::vector<PeId> pes)
{
  for (const PeId& pe : pes)
    if (std::find(all_.begin(), all_.end(), pe) == all_.end())
      throw std::invalid_argument("GangMatrix: job " + std::to_string(id) + " names a PE the machine lacks");
  const unsigned n = unsigned(pes.size());
  submit(id, n);
  queue_.back().pes = std::move(pes);
}

void GangMatrix::finish(int id)
{
  bool found = false;
  for (auto& row : rows_)
    for (auto it = row.begin(); it != row.end();)
      if (it->second == id) {
        it = row.erase(it);
        found = true;
      } else {
        ++it;
      }
  if (!found)
    throw std::logic_error("GangMatrix: job " + std::to_string(id) + " is not placed");
}

std::vector<GangMatrix::Placed> GangMatrix::dispatch()
{
  std::vector<Placed> placed;
  while (!queue_.empty()) {
    const Waiting w = queue_.front();
    auto fits = [&](unsigned r) {
      if (w.pes.empty())
        return machine_pes_ - rows_[r].size() >= w.processes;
      return std::none_of(w.pes.begin(), w.pes.end(), [&](const PeId& pe) { return rows_[r].count(pe) > 0; });
    };
    std::optional<unsigned> row;
    for (unsigned r = 0; r < rows_.size() && !row; ++r)
      if (fits(r))
        row = r;
    if (!row)
      break;
    Placed p{w.id, *row, w.pes};
    for (const PeId& pe : all_) {
      if (p.pes.size() == w.processes)
        break;
      if (rows_[*row].count(pe) == 0)
        p.pes.push_back(pe);
    }
    for (const PeId& pe : p.pes)
      rows_[*row].emplace(pe, w.id);
    queue_.pop_front();
    placed.push_back(std::move(p));
  }
  return placed;
}

std::optional<unsigned> GangMatrix::next_row(std::optional<unsigned> current) const
{
  const unsigned n = unsigned(rows_.size());
  const unsigned from = current ? *current + 1 : 0;
  for (unsigned i = 0; i < n; ++i) {
    const unsigned r = (from + i) % n;
    if (!rows_[r].empty())
      return r;
  }
  return std::nullopt;
}

std::optional<int> GangMatrix::job_at(unsigned row, PeId pe) const
{
  const auto& occupancy = rows_.at(row);
  auto it = occupancy.find(pe);
  return it == occupancy.end() ? std::nullopt : std::optional<int>(it->second);
}

} // namespace bcssim::storm
