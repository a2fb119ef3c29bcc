// bcs_scatter, bcs_gather, bcs_allgather and bcs_alltoall, vectorial or not (000 Table 4.1). The sources name
// them without describing their protocol; BCS-MPI's principle (000 §3) dictates one: every block is a
// point-to-point descriptor, all posted at once on the data collectives' own context, and the process blocks
// once on all of them. The runtime exchanges, matches and schedules them together in the next slice, chunking
// what exceeds a slice's capacity, so a data collective costs what one blocking call costs (about two slices)
// rather than the rounds of blocking calls of MPICH's algorithms (a linear scatter: n - 1 of them at the root).
#include "bcs/api/process.hpp"

#include "base/buffers.hpp"

#include <stdexcept>
#include <string>

namespace bcssim::bcs::api {
namespace {

using base::at;
using base::copy;

constexpr int kContext = 2; // after MPI's user (0) and collective (1) planes
enum Tag : int { scatter_tag = 1, gather_tag, allgather_tag, alltoall_tag };

void require_blocks(const Counts& counts, const Counts& displs, int ranks, const char* call)
{
  if (counts.size() != std::size_t(ranks) || displs.size() != std::size_t(ranks))
    throw std::invalid_argument(std::string(call) + ": needs " + std::to_string(ranks) + " counts and displacements");
}

} // namespace

Counts Process::uniform_counts(int ranks, std::uint64_t bytes) { return Counts(std::size_t(ranks), bytes); }

Counts Process::uniform_displs(int ranks, std::uint64_t bytes)
{
  Counts displs(static_cast<std::size_t>(ranks));
  for (int i = 0; i < ranks; ++i)
    displs[std::size_t(i)] = std::uint64_t(i) * bytes;
  return displs;
}

void Process::scatter(const void* send, const Counts& counts, const Counts& displs, void* recv, std::uint64_t bytes,
                      int root)
{
  if (rank() != root) {
    this->recv(recv, bytes, root, scatter_tag, kContext, true);
    return;
  }
  require_blocks(counts, displs, size(), "bcs_scatter");
  copy(recv, at(send, displs[std::size_t(root)]), counts[std::size_t(root)]);
  std::vector<Handle> posted;
  for (int i = 1; i < size(); ++i) { // from root + 1 on, as every data collective here
    const auto peer = std::size_t((root + i) % size());
    posted.push_back(this->send(at(send, displs[peer]), counts[peer], int(peer), scatter_tag, kContext, false));
  }
  testall(posted, true);
}

void Process::gather(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs,
                     int root)
{
  if (rank() != root) {
    this->send(send, bytes, root, gather_tag, kContext, true);
    return;
  }
  require_blocks(counts, displs, size(), "bcs_gather");
  copy(at(recv, displs[std::size_t(root)]), send, counts[std::size_t(root)]);
  std::vector<Handle> posted;
  for (int i = 1; i < size(); ++i) {
    const auto peer = std::size_t((root + i) % size());
    posted.push_back(this->recv(at(recv, displs[peer]), counts[peer], int(peer), gather_tag, kContext, false));
  }
  testall(posted, true);
}

void Process::allgather(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs)
{
  require_blocks(counts, displs, size(), "bcs_allgather");
  copy(at(recv, displs[std::size_t(rank())]), send, bytes);
  std::vector<Handle> posted;
  for (int i = 1; i < size(); ++i) {
    const auto peer = std::size_t((rank() + i) % size());
    posted.push_back(this->recv(at(recv, displs[peer]), counts[peer], int(peer), allgather_tag, kContext, false));
  }
  for (int i = 1; i < size(); ++i)
    posted.push_back(this->send(send, bytes, (rank() + i) % size(), allgather_tag, kContext, false));
  testall(posted, true);
}

void Process::alltoall(const void* send, const Counts& send_counts, const Counts& send_displs, void* recv,
                       const Counts& recv_counts, const Counts& recv_displs)
{
  require_blocks(send_counts, send_displs, size(), "bcs_alltoall");
  require_blocks(recv_counts, recv_displs, size(), "bcs_alltoall");
  const auto me = std::size_t(rank());
  copy(at(recv, recv_displs[me]), at(send, send_displs[me]), send_counts[me]);
  std::vector<Handle> posted;
  for (int i = 1; i < size(); ++i) {
    const auto peer = std::size_t((rank() + i) % size());
    posted.push_back(
        this->recv(at(recv, recv_displs[peer]), recv_counts[peer], int(peer), alltoall_tag, kContext, false));
  }
  for (int i = 1; i < size(); ++i) {
    const auto peer = std::size_t((rank() + i) % size());
    posted.push_back(
        this->send(at(send, send_displs[peer]), send_counts[peer], int(peer), alltoall_tag, kContext, false));
  }
  testall(posted, true);
}

} // namespace bcssim::bcs::api
