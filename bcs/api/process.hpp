#pragma once
// The BCS API of one process (000 Table 4.1): every call only posts a descriptor into NIC memory; a blocking
// call then suspends the process until the Node Manager restarts it at a slice boundary after completion.
// Point-to-point calls: bcs_send, bcs_recv (blocking or not), bcs_test, bcs_testall (blocking or not),
// bcs_probe (blocking or not). Collective calls: bcs_barrier, bcs_bcast, bcs_reduce (reduce or allreduce) on the
// NICs' collective machinery; bcs_scatter, bcs_gather, bcs_allgather and bcs_alltoall, vectorial or not, as
// point-to-point descriptors all posted at once (data_collectives.cpp).
#include "bcs/runtime/runtime.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace bcssim::bcs::api {

using Handle = runtime::DescriptorPtr;
using Counts = std::vector<std::uint64_t>; // bytes or byte displacements, one per rank
using Completion = std::function<void(const runtime::Descriptor&)>;

class Process {
public:
  /// `node_of[r]`: the node of rank r of this process's job.
  Process(runtime::Runtime& runtime, int job, int rank, std::vector<unsigned> node_of);

  int rank() const { return me_.rank; }
  unsigned node() const { return me_.node; }
  int job() const { return me_.job; }
  runtime::Runtime& runtime() { return runtime_; }

  /// bcs_send / bcs_recv. `done` runs when the operation completes (at the Dma Helper's time).
  Handle send(const void* data, std::uint64_t bytes, int dst, int tag, int context, bool blocking,
              Completion done = {});
  Handle recv(void* buffer, std::uint64_t capacity, int src, int tag, int context, bool blocking, Completion done = {});
  /// bcs_test / bcs_testall: non-blocking returns whether complete; blocking suspends until it is.
  bool test(const Handle& h, bool blocking);
  bool testall(const std::vector<Handle>& hs, bool blocking);
  /// bcs_probe: an exchanged, unmatched message for this process matching (src, tag, context).
  std::optional<base::Envelope> probe(int src, int tag, int context, bool blocking);
  /// bcs_barrier, bcs_bcast, bcs_reduce: blocking; return once the collective has completed for this process.
  void barrier();
  void bcast(void* data, std::uint64_t bytes, int root);
  /// `count` elements of `element_bytes`; `combine` (may be empty: size only) folds one vector into another.
  void reduce(const void* send, void* recv, std::size_t count, std::size_t element_bytes, int root, bool all,
              runtime::Combine combine);
  /// bcs_scatter / bcs_gather / bcs_allgather / bcs_alltoall, vectorial: rank i's block is counts[i] bytes at
  /// displs[i] (buffers named root-only are ignored elsewhere). Non-vectorial calls pass uniform() blocks.
  /// Blocking: return once this process's part is complete.
  void scatter(const void* send, const Counts& counts, const Counts& displs, void* recv, std::uint64_t bytes, int root);
  void gather(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs, int root);
  void allgather(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs);
  void alltoall(const void* send, const Counts& send_counts, const Counts& send_displs, void* recv,
                const Counts& recv_counts, const Counts& recv_displs);
  /// `bytes` per rank, packed in rank order: the blocks of a non-vectorial call.
  static Counts uniform_counts(int ranks, std::uint64_t bytes);
  static Counts uniform_displs(int ranks, std::uint64_t bytes);

  /// Suspends until `ready()` holds at a slice boundary (what every blocking call does).
  void block_until(std::function<bool()> ready);
  /// Every suspension runs inside `hook` (it calls its argument to suspend): the MPI layer's view of a blocking
  /// wait, for the scheduler of a time-shared PE.
  using WaitHook = std::function<void(const std::function<void()>& suspend)>;
  void around_waits(WaitHook hook) { wait_hook_ = std::move(hook); }

private:
  void collective(runtime::CollectiveDescriptor d);
  int size() const { return int(node_of_.size()); }

  runtime::Runtime& runtime_;
  runtime::Endpoint me_;
  std::vector<unsigned> node_of_;
  WaitHook wait_hook_;
};

} // namespace bcssim::bcs::api
