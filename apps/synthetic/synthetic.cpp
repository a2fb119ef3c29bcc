#include "apps/synthetic/synthetic.hpp"

#include <algorithm>
#include <stdexcept>

namespace bcssim::apps::synthetic {

Pattern parse_pattern(const std::string& text)
{
  if (text == "barrier")
    return Pattern::barrier;
  if (text == "exchange")
    return Pattern::exchange;
  throw std::invalid_argument("synthetic pattern '" + text + "': expected barrier or exchange");
}

std::vector<int> partner_offsets(int size, int neighbours)
{
  std::vector<int> offsets;
  for (int d = 1; int(offsets.size()) < neighbours && d < size; ++d)
    for (int o : {d, size - d}) // +d and -d (mod size): the same rank when d = size / 2
      if (int(offsets.size()) < neighbours && std::find(offsets.begin(), offsets.end(), o) == offsets.end())
        offsets.push_back(o);
  return offsets;
}

void run(mpi::Comm& comm, const Spec& spec)
{
  const int size = comm.size();
  const int me = comm.rank();
  const std::vector<int> offsets = partner_offsets(size, spec.neighbours);
  Workload work(spec, me);
  std::vector<mpi::Request> requests;
  comm.barrier(); // start together
  for (int it = 0; it < spec.iterations; ++it) {
    comm.compute(work.next());
    if (spec.pattern == Pattern::barrier) {
      comm.barrier();
      continue;
    }
    requests.clear();
    for (int o : offsets)
      requests.push_back(comm.irecv(nullptr, spec.message_bytes, (me - o + size) % size, it));
    for (int o : offsets)
      requests.push_back(comm.isend(nullptr, spec.message_bytes, (me + o) % size, it));
    comm.waitall(requests);
  }
}

} // namespace bcssim::apps::synthetic
