#include "apps/microbench/osu.hpp"

namespace bcssim::apps::microbench {
namespace {

constexpr int data_tag = 1;
constexpr int ack_tag = 2;
constexpr int never_tag = 999; // posted receives that nobody sends to

} // namespace

void pingpong(mpi::Comm& comm, std::uint64_t bytes, int iterations, unsigned posted, Timing& rank0)
{
  for (unsigned i = 1; i < posted; ++i)
    comm.irecv(nullptr, 0, mpi::ANY_SOURCE, never_tag);
  double start = 0;
  for (int i = 0; i < warmup + iterations; ++i) {
    if (i == warmup)
      start = comm.wtime();
    if (comm.rank() == 0) {
      comm.send(nullptr, bytes, 1, data_tag);
      comm.recv(nullptr, bytes, 1, data_tag);
    } else if (comm.rank() == 1) {
      comm.recv(nullptr, bytes, 0, data_tag);
      comm.send(nullptr, bytes, 0, data_tag);
    }
  }
  if (comm.rank() == 0)
    rank0 = Timing{comm.wtime() - start, bytes * std::uint64_t(iterations)};
  // The never-matching receives stay posted: the job ends with them, as the benchmark of 003 does.
}

void bandwidth(mpi::Comm& comm, std::uint64_t bytes, int window, int iterations, Timing& rank0)
{
  double start = 0;
  std::vector<mpi::Request> requests;
  for (int i = 0; i < warmup + iterations; ++i) {
    if (i == warmup)
      start = comm.wtime();
    requests.clear();
    if (comm.rank() == 0) {
      for (int w = 0; w < window; ++w)
        requests.push_back(comm.isend(nullptr, bytes, 1, data_tag));
      comm.waitall(requests);
      comm.recv(nullptr, 4, 1, ack_tag);
    } else if (comm.rank() == 1) {
      for (int w = 0; w < window; ++w)
        requests.push_back(comm.irecv(nullptr, bytes, 0, data_tag));
      comm.waitall(requests);
      comm.send(nullptr, 4, 0, ack_tag);
    }
  }
  if (comm.rank() == 0)
    rank0 = Timing{comm.wtime() - start, bytes * std::uint64_t(window) * std::uint64_t(iterations)};
}

void bidirectional(mpi::Comm& comm, std::uint64_t bytes, int window, int iterations, Timing& rank0)
{
  if (comm.rank() > 1)
    return;
  const int peer = 1 - comm.rank();
  double start = 0;
  std::vector<mpi::Request> requests;
  for (int i = 0; i < warmup + iterations; ++i) {
    if (i == warmup)
      start = comm.wtime();
    requests.clear();
    for (int w = 0; w < window; ++w)
      requests.push_back(comm.irecv(nullptr, bytes, peer, data_tag));
    for (int w = 0; w < window; ++w)
      requests.push_back(comm.isend(nullptr, bytes, peer, data_tag));
    comm.waitall(requests);
  }
  if (comm.rank() == 0)
    rank0 = Timing{comm.wtime() - start, bytes * std::uint64_t(window) * std::uint64_t(iterations)};
}

void collective(mpi::Comm& comm, Collective which, std::uint64_t bytes, int iterations, std::vector<Timing>& per_rank)
{
  comm.barrier();
  double start = 0;
  for (int i = 0; i < warmup + iterations; ++i) {
    if (i == warmup)
      start = comm.wtime();
    switch (which) {
      case Collective::barrier:
        comm.barrier();
        break;
      case Collective::bcast:
        comm.bcast(nullptr, bytes, 0);
        break;
      case Collective::allreduce:
        comm.allreduce(nullptr, nullptr, bytes / 8, mpi::Datatype::float64, mpi::Op::sum);
        break;
    }
  }
  per_rank.at(comm.rank()) = Timing{comm.wtime() - start, bytes * std::uint64_t(iterations)};
}

void head_to_head(mpi::Comm& comm, std::uint64_t bytes, Timing& rank0)
{
  if (comm.rank() > 1)
    return;
  const int peer = 1 - comm.rank();
  const double start = comm.wtime();
  comm.send(nullptr, bytes, peer, data_tag);
  comm.recv(nullptr, bytes, peer, data_tag);
  if (comm.rank() == 0)
    rank0 = Timing{comm.wtime() - start, bytes};
}

} // namespace bcssim::apps::microbench
