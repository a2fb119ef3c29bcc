#include "apps/synthetic/synthetic.hpp"

#include <algorithm>

namespace bcssim::apps::synthetic {

std::vector<int> partner_offsets(int size, int neighbours)
{
  std::vector<int> offsets;
  for (int d = 1; int(offsets.size()) < neighbours && d < size; ++d)
    for (int o : {d, size - d}) // +d and -d (mod size): the same rank when d = size / 2
      if (int(offsets.size()) < neighbours && std::find(offsets.begin(), offsets.end(), o) == offsets.end())
        offsets.push_back(o);
  return offsets;
}

namespace {

// Blocking sends and receives with both ring neighbours, ordered by parity so that no rank waits on a rank that
// waits on it: even ranks send first, odd ranks receive first (in a ring of odd size the two even neighbours
// form a chain that still resolves).
void ring_blocking(mpi::Comm& comm, const Spec& spec, int tag)
{
  const int size = comm.size();
  const int me = comm.rank();
  const int right = (me + 1) % size, left = (me - 1 + size) % size;
  const std::uint64_t n = spec.message_bytes;
  if (me % 2 == 0) {
    comm.send(nullptr, n, right, tag);
    comm.recv(nullptr, n, left, tag);
    comm.send(nullptr, n, left, tag);
    comm.recv(nullptr, n, right, tag);
  } else {
    comm.recv(nullptr, n, left, tag);
    comm.send(nullptr, n, right, tag);
    comm.recv(nullptr, n, right, tag);
    comm.send(nullptr, n, left, tag);
  }
}

} // namespace

void run(mpi::Comm& comm, const Spec& spec)
{
  const int size = comm.size();
  const int me = comm.rank();
  const std::vector<int> offsets = partner_offsets(size, spec.neighbours);
  const std::vector<int> ring = partner_offsets(size, 2); // right and left
  const double factor = spec.work_factors.empty() ? 1.0 : spec.work_factors.at(std::size_t(me));
  Workload work(spec, me);
  std::vector<mpi::Request> requests;
  if (spec.pattern == Pattern::none) { // computation only: not even a start barrier
    for (int it = 0; it < spec.iterations; ++it)
      comm.compute(work.next() * factor);
    return;
  }
  comm.barrier(); // start together
  for (int it = 0; it < spec.iterations; ++it) {
    comm.compute(work.next() * factor);
    if (spec.pattern == Pattern::barrier) {
      comm.barrier();
      continue;
    }
    if (spec.pattern == Pattern::ring) {
      if (size > 1)
        ring_blocking(comm, spec, it);
      continue;
    }
    if (spec.pattern == Pattern::ring_nonblocking) { // the last iteration's exchange completes now, this one's starts
      comm.waitall(requests);
      requests.clear();
      for (int o : ring)
        requests.push_back(comm.irecv(nullptr, spec.message_bytes, (me - o + size) % size, it));
      for (int o : ring)
        requests.push_back(comm.isend(nullptr, spec.message_bytes, (me + o) % size, it));
      continue;
    }
    requests.clear();
    for (int o : offsets)
      requests.push_back(comm.irecv(nullptr, spec.message_bytes, (me - o + size) % size, it));
    for (int o : offsets)
      requests.push_back(comm.isend(nullptr, spec.message_bytes, (me + o) % size, it));
    comm.waitall(requests);
  }
  if (spec.pattern == Pattern::ring_nonblocking)
    comm.waitall(requests);
}

} // namespace bcssim::apps::synthetic
