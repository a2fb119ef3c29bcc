// MPICH 1.2's collective algorithms for intra-communicators (src/coll/intra_fns.c, revision 1.21 of 2002,
// the MPICH under Quadrics MPI), over point-to-point on the collective plane. They are Comm's default
// collectives: a backend overrides the ones its hardware does better. Self-messages are copies.
#include "mpi/comm.hpp"

#include "base/buffers.hpp"

#include <fmt/format.h>

#include <numeric>
#include <stdexcept>

namespace bcssim::mpi {
namespace {

using base::at;
using base::copy;

// One tag per collective, as MPIR_<NAME>_TAG in MPICH's coll.h (the collective plane is private to them).
enum Tag : int {
  barrier_tag = 1,
  bcast_tag,
  reduce_tag,
  scatter_tag,
  gather_tag,
  allgather_tag,
  alltoall_tag,
  scatterv_tag,
  scan_tag
};

// Largest power of two <= n (MPIR_Comm_N2_prev).
int power_of_two_below(int n)
{
  int p = 1;
  while (p * 2 <= n)
    p *= 2;
  return p;
}

// n blocks of `bytes` each, block i at i x bytes: what the equal-block collectives (gather, allgather, alltoall)
// pass to the v-variant MPICH 1.2 runs them as.
struct EqualBlocks {
  Counts counts, displs;
  EqualBlocks(int n, std::uint64_t bytes) : counts(std::size_t(n), bytes), displs(std::size_t(n))
  {
    for (int i = 0; i < n; ++i)
      displs[std::size_t(i)] = std::uint64_t(i) * bytes;
  }
};

} // namespace

// Pairwise exchange over the largest power-of-two set; the surfeit ranks fan in to and are released by a
// partner in that set.
void Comm::barrier()
{
  CallScope call(*this, "MPI_Barrier");
  const int n = size();
  const int me = rank();
  if (n == 1)
    return;
  const int n2 = power_of_two_below(n);
  const int surfeit = n - n2;
  if (me < n2) {
    if (me < surfeit)
      coll_recv(nullptr, 0, me + n2, barrier_tag);
    for (int d = 1; d < n2; d <<= 1)
      coll_sendrecv(nullptr, 0, me ^ d, nullptr, 0, me ^ d, barrier_tag);
    if (me < surfeit)
      coll_send(nullptr, 0, me + n2, barrier_tag);
  } else {
    coll_sendrecv(nullptr, 0, me - n2, nullptr, 0, me - n2, barrier_tag);
  }
}

// Binomial tree from the root, largest subtree first.
void Comm::bcast(void* data, std::uint64_t bytes, int root)
{
  check_peer(root, false, "MPI_Bcast root");
  CallScope call(*this, "MPI_Bcast", bytes, {arg("root", root), arg("bytes", bytes)});
  const int n = size();
  if (n == 1 || bytes == 0)
    return;
  const int rel = (rank() - root + n) % n;
  int mask = 1;
  while (mask < n) {
    if (rel & mask) {
      coll_recv(data, bytes, (rank() - mask + n) % n, bcast_tag);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (rel + mask < n)
      coll_send(data, bytes, (rank() + mask) % n, bcast_tag);
}

// Binomial tree to the root (every operator here is commutative): a rank receives from its children in
// increasing distance, combines, and sends the partial result to its parent.
void Comm::reduce(const void* send, void* recv, std::size_t count, Datatype type, Op op, int root)
{
  check_peer(root, false, "MPI_Reduce root");
  CallScope call(*this, "MPI_Reduce", count * size_of(type),
                 {arg("root", root), arg("count", count), arg(type), arg(op)});
  const std::uint64_t bytes = count * size_of(type);
  const int n = size();
  const bool real = send != nullptr;
  std::vector<char> acc(real ? bytes : 0);
  std::vector<char> incoming(real ? bytes : 0);
  copy(acc.data(), send, bytes);
  const int rel = (rank() - root + n) % n;
  for (int mask = 1; mask < n; mask <<= 1) {
    if ((rel & mask) == 0) {
      const int child = rel | mask;
      if (child < n) {
        coll_recv(real ? incoming.data() : nullptr, bytes, (child + root) % n, reduce_tag);
        combine_cost(count);
        mpi::reduce(op, type, real ? incoming.data() : nullptr, real ? acc.data() : nullptr, count);
      }
    } else {
      coll_send(real ? acc.data() : nullptr, bytes, ((rel & ~mask) + root) % n, reduce_tag);
      break;
    }
  }
  if (rank() == root)
    copy(recv, real ? acc.data() : nullptr, bytes);
}

void Comm::allreduce(const void* send, void* recv, std::size_t count, Datatype type, Op op)
{
  CallScope call(*this, "MPI_Allreduce", count * size_of(type), {arg("count", count), arg(type), arg(op)});
  reduce(send, recv, count, type, op, 0);
  bcast(send != nullptr ? recv : nullptr, count * size_of(type), 0);
}

// Linear: the root sends block i to rank i in rank order.
void Comm::scatter(const void* send, void* recv, std::uint64_t bytes, int root)
{
  check_peer(root, false, "MPI_Scatter root");
  CallScope call(*this, "MPI_Scatter", bytes, {arg("root", root), arg("bytes", bytes)});
  if (rank() != root) {
    coll_recv(recv, bytes, root, scatter_tag);
    return;
  }
  for (int i = 0; i < size(); ++i) {
    if (i == root)
      copy(recv, at(send, i * bytes), bytes);
    else
      coll_send(at(send, i * bytes), bytes, i, scatter_tag);
  }
}

// Linear, as scatter: the root sends block i (counts[i] bytes at displs[i]) to rank i in rank order.
void Comm::scatterv(const void* send, const Counts& counts, const Counts& displs, void* recv, std::uint64_t bytes,
                    int root)
{
  check_peer(root, false, "MPI_Scatterv root");
  CallScope call(*this, "MPI_Scatterv", bytes, {arg("root", root), arg("bytes", bytes)});
  if (rank() != root) {
    coll_recv(recv, bytes, root, scatterv_tag);
    return;
  }
  if (counts.size() != std::size_t(size()) || displs.size() != std::size_t(size()))
    throw std::invalid_argument(fmt::format("rank {}: MPI_Scatterv needs {} counts and displacements", rank(), size()));
  for (int i = 0; i < size(); ++i) {
    if (i == root)
      copy(recv, at(send, displs[i]), counts[i]);
    else
      coll_send(at(send, displs[i]), counts[i], i, scatterv_tag);
  }
}

void Comm::reduce_scatter(const void* send, void* recv, const std::vector<std::size_t>& counts, Datatype type, Op op)
{
  const int n = size();
  if (counts.size() != std::size_t(n))
    throw std::invalid_argument(fmt::format("rank {}: MPI_Reduce_scatter needs {} counts", rank(), n));
  CallScope call(*this, "MPI_Reduce_scatter",
                 std::accumulate(counts.begin(), counts.end(), std::uint64_t(0)) * size_of(type), {arg(type), arg(op)});
  const std::uint64_t element = size_of(type);
  Counts bytes(n);
  Counts displs(n);
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    bytes[i] = counts[i] * element;
    displs[i] = total;
    total += bytes[i];
  }
  const bool real = send != nullptr;
  std::vector<char> all(real && rank() == 0 ? total : 0);
  reduce(send, real ? all.data() : nullptr, std::size_t(total / element), type, op, 0);
  scatterv(real ? all.data() : nullptr, bytes, displs, recv, bytes[rank()], 0);
}

// MPICH 1.2's intra_Scan: rank r receives the partial result of ranks 0..r-1 from r-1, combines its own and
// passes the result to r+1. Exscan runs the same chain and keeps the partial result it received.

void Comm::scan(const void* send, void* recv, std::size_t count, Datatype type, Op op)
{
  CallScope call(*this, "MPI_Scan", count * size_of(type), {arg("count", count), arg(type), arg(op)});
  const std::uint64_t bytes = count * size_of(type);
  const bool real = send != nullptr;
  std::vector<char> acc(real ? bytes : 0);
  copy(acc.data(), send, bytes);
  if (rank() > 0) {
    std::vector<char> before(real ? bytes : 0);
    coll_recv(real ? before.data() : nullptr, bytes, rank() - 1, scan_tag);
    combine_cost(count);
    mpi::reduce(op, type, real ? before.data() : nullptr, real ? acc.data() : nullptr, count);
  }
  if (rank() + 1 < size())
    coll_send(real ? acc.data() : nullptr, bytes, rank() + 1, scan_tag);
  copy(recv, real ? acc.data() : nullptr, bytes);
}

void Comm::exscan(const void* send, void* recv, std::size_t count, Datatype type, Op op)
{
  CallScope call(*this, "MPI_Exscan", count * size_of(type), {arg("count", count), arg(type), arg(op)});
  const std::uint64_t bytes = count * size_of(type);
  const bool real = send != nullptr;
  std::vector<char> acc(real ? bytes : 0);
  copy(acc.data(), send, bytes);
  if (rank() > 0) {
    std::vector<char> before(real ? bytes : 0);
    coll_recv(real ? before.data() : nullptr, bytes, rank() - 1, scan_tag);
    copy(recv, real ? before.data() : nullptr, bytes);
    if (rank() + 1 < size()) {
      combine_cost(count);
      mpi::reduce(op, type, real ? before.data() : nullptr, real ? acc.data() : nullptr, count);
    }
  }
  if (rank() + 1 < size())
    coll_send(real ? acc.data() : nullptr, bytes, rank() + 1, scan_tag);
}

void Comm::gather(const void* send, void* recv, std::uint64_t bytes, int root)
{
  const EqualBlocks blocks(size(), bytes);
  CallScope call(*this, "MPI_Gather", bytes, {arg("root", root), arg("bytes", bytes)});
  gatherv(send, bytes, recv, blocks.counts, blocks.displs, root);
}

// Linear: every rank sends to the root, which receives in rank order.
void Comm::gatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs,
                   int root)
{
  check_peer(root, false, "MPI_Gatherv root");
  CallScope call(*this, "MPI_Gatherv", bytes, {arg("root", root), arg("bytes", bytes)});
  if (rank() != root) {
    coll_send(send, bytes, root, gather_tag);
    return;
  }
  if (counts.size() != std::size_t(size()) || displs.size() != std::size_t(size()))
    throw std::invalid_argument(fmt::format("rank {}: MPI_Gatherv needs {} counts and displacements", rank(), size()));
  for (int i = 0; i < size(); ++i) {
    if (i == root)
      copy(at(recv, displs[i]), send, counts[i]);
    else
      coll_recv(at(recv, displs[i]), counts[i], i, gather_tag);
  }
}

void Comm::allgather(const void* send, void* recv, std::uint64_t bytes)
{
  const EqualBlocks blocks(size(), bytes);
  CallScope call(*this, "MPI_Allgather", bytes, {arg("bytes", bytes)});
  allgatherv(send, bytes, recv, blocks.counts, blocks.displs);
}

// Ring: size-1 steps, each passing to the right the block received from the left in the step before.
void Comm::allgatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs)
{
  CallScope call(*this, "MPI_Allgatherv", bytes, {arg("bytes", bytes)});
  const int n = size();
  if (counts.size() != std::size_t(n) || displs.size() != std::size_t(n))
    throw std::invalid_argument(fmt::format("rank {}: MPI_Allgatherv needs {} counts and displacements", rank(), n));
  copy(at(recv, displs[rank()]), send, bytes);
  const int left = (rank() - 1 + n) % n;
  const int right = (rank() + 1) % n;
  int j = rank();
  int jn = left;
  for (int i = 1; i < n; ++i) {
    coll_sendrecv(at(recv, displs[j]), counts[j], right, at(recv, displs[jn]), counts[jn], left, allgather_tag);
    j = jn;
    jn = (jn - 1 + n) % n;
  }
}

void Comm::alltoall(const void* send, void* recv, std::uint64_t bytes)
{
  const EqualBlocks blocks(size(), bytes);
  CallScope call(*this, "MPI_Alltoall", bytes, {arg("bytes", bytes)});
  alltoallv(send, blocks.counts, blocks.displs, recv, blocks.counts, blocks.displs);
}

// Every receive, then every send, non-blocking, starting at rank+1 so that ranks do not all send to rank 0
// first; then wait for all.
void Comm::alltoallv(const void* send, const Counts& send_counts, const Counts& send_displs, void* recv,
                     const Counts& recv_counts, const Counts& recv_displs)
{
  CallScope call(*this, "MPI_Alltoallv", std::accumulate(send_counts.begin(), send_counts.end(), std::uint64_t(0)));
  const int n = size();
  for (const Counts* c : {&send_counts, &send_displs, &recv_counts, &recv_displs})
    if (c->size() != std::size_t(n))
      throw std::invalid_argument(fmt::format("rank {}: MPI_Alltoallv needs {} counts and displacements", rank(), n));
  copy(at(recv, recv_displs[rank()]), at(send, send_displs[rank()]), send_counts[rank()]);
  std::vector<Request> requests;
  for (int i = 1; i < n; ++i) {
    const int peer = (rank() + i) % n;
    requests.push_back(coll_irecv(at(recv, recv_displs[peer]), recv_counts[peer], peer, alltoall_tag));
  }
  for (int i = 1; i < n; ++i) {
    const int peer = (rank() + i) % n;
    requests.push_back(coll_isend(at(send, send_displs[peer]), send_counts[peer], peer, alltoall_tag));
  }
  for (const Request& r : requests)
    wait(r);
}

} // namespace bcssim::mpi
