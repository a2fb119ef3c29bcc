#include "storm/gang_matrix.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bcssim::storm {

GangMatrix::GangMatrix(unsigned nodes, unsigned pes_per_node, unsigned mpl, Backfill backfill)
    : machine_pes_(nodes * pes_per_node), backfill_(backfill)
{
  if (mpl == 0)
    throw std::invalid_argument("GangMatrix: a multiprogramming level of at least 1");
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned p = 0; p < pes_per_node; ++p)
      all_.push_back(PeId{n, p});
  rows_.resize(mpl);
}

void GangMatrix::submit(int id, unsigned processes, double estimate)
{
  if (processes == 0 || processes > machine_pes_)
    throw std::invalid_argument("GangMatrix: job " + std::to_string(id) + " asks for " + std::to_string(processes) +
                                " PEs of " + std::to_string(machine_pes_));
  if (estimate < 0)
    throw std::invalid_argument("GangMatrix: job " + std::to_string(id) + " has a negative estimate");
  queue_.push_back(Waiting{id, processes, {}, estimate});
}

void GangMatrix::submit(int id, std::vector<PeId> pes, double estimate)
{
  for (const PeId& pe : pes)
    if (std::find(all_.begin(), all_.end(), pe) == all_.end())
      throw std::invalid_argument("GangMatrix: job " + std::to_string(id) + " names a PE the machine lacks");
  const unsigned n = unsigned(pes.size());
  submit(id, n, estimate);
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
  running_.erase(id);
}

bool GangMatrix::fits(const Waiting& w, unsigned r) const
{
  if (w.pes.empty())
    return machine_pes_ - rows_[r].size() >= w.processes;
  return std::none_of(w.pes.begin(), w.pes.end(), [&](const PeId& pe) { return rows_[r].count(pe) > 0; });
}

GangMatrix::Placed GangMatrix::place(const Waiting& w, unsigned row)
{
  Placed p{w.id, row, w.pes};
  for (const PeId& pe : all_) {
    if (p.pes.size() == w.processes)
      break;
    if (rows_[row].count(pe) == 0)
      p.pes.push_back(pe);
  }
  for (const PeId& pe : p.pes)
    rows_[row].emplace(pe, w.id);
  return p;
}

std::optional<GangMatrix::Reservation> GangMatrix::reserve(const Waiting& first, double now) const
{
  if (!first.pes.empty())
    return std::nullopt; // an explicit placement waits for its own PEs: no count of free PEs reserves them
  std::optional<Reservation> best;
  for (unsigned r = 0; r < rows_.size(); ++r) {
    // The row's jobs by estimated end (then by job number), freeing their PEs in turn.
    std::vector<std::pair<double, int>> ends;
    for (const auto& [id, run] : running_)
      if (run.row == r && run.estimate > 0)
        ends.emplace_back(std::max(now, run.start + run.estimate * backfill_.estimate_scale), id);
    std::sort(ends.begin(), ends.end());
    unsigned free = machine_pes_ - unsigned(rows_[r].size());
    for (const auto& [end, id] : ends) {
      free += running_.at(id).processes;
      if (free >= first.processes) {
        if (!best || end < best->shadow)
          best = Reservation{r, end, free - first.processes};
        break;
      }
    }
  }
  return best;
}

std::vector<GangMatrix::Placed> GangMatrix::dispatch(double now)
{
  std::vector<Placed> placed;
  auto start = [&](const Waiting& w, unsigned row) {
    placed.push_back(place(w, row));
    running_[w.id] = Running{row, w.processes, now, w.estimate};
  };
  // In submission order while the first waiting job can start.
  while (!queue_.empty()) {
    const Waiting w = queue_.front();
    std::optional<unsigned> row;
    for (unsigned r = 0; r < rows_.size() && !row; ++r)
      if (fits(w, r))
        row = r;
    if (!row)
      break;
    queue_.pop_front();
    start(w, *row);
  }
  if (!backfill_.easy || queue_.size() < 2)
    return placed;
  // EASY: the first waiting job's reservation; later ones move forward if they do not delay it.
  std::optional<Reservation> reservation = reserve(queue_.front(), now);
  if (!reservation)
    return placed; // no time can be promised to the first job: moving others forward could starve it
  for (auto it = std::next(queue_.begin()); it != queue_.end();) {
    const Waiting w = *it;
    std::optional<unsigned> row;
    for (unsigned r = 0; r < rows_.size() && !row; ++r) {
      if (!fits(w, r))
        continue;
      if (r != reservation->row)
        row = r;
      else if (w.estimate > 0 && now + w.estimate * backfill_.estimate_scale <= reservation->shadow)
        row = r;
      else if (w.processes <= reservation->extra) {
        reservation->extra -= w.processes;
        row = r;
      }
    }
    if (!row) {
      ++it;
      continue;
    }
    it = queue_.erase(it);
    start(w, *row);
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
