#pragma once
// mpi::Comm: the one interface every application uses (MPI-1 semantics; the calls of 000 Table 4.2). One Comm
// per rank, used only by that rank's actor. Payloads are optional: with a data pointer real bytes travel (tests
// check what arrives, reductions compute real values), with nullptr only the size does (skeletons). Backends:
// mpi/quadrics (the production-MPI baseline) and, later, mpi/bcs.
//
// Collectives default to MPICH 1.2's algorithms over point-to-point on a separate collective context
// (mpi/collectives/); a backend overrides those its hardware does better (Quadrics: barrier and broadcast).
#include "base/envelope.hpp"
#include "base/sim_time.hpp"
#include "base/timed_semaphore.hpp"
#include "base/trace.hpp"
#include "mpi/reduce_op.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::mpi {

using base::ANY_SOURCE;
using base::ANY_TAG;

struct Status {
  int source = -1;
  int tag = -1;
  std::uint64_t bytes = 0; // the message's size, also when it did not fit
  /// MPI_ERR_TRUNCATE: the message was larger than the receive's capacity, of which only that much was written.
  /// Set on both MPIs alike (RequestState); the caller decides (the replay refuses the trace: exit 2).
  bool truncated = false;
};

/// A non-blocking operation in flight. Backends complete it from the simulated NIC; the rank waits on it.
class RequestState {
public:
  bool done() const { return done_; }
  const Status& status() const { return status_; }
  double completed_at() const { return completed_at_; }
  /// Called by the backend when the operation is complete (at the current simulated time).
  void complete(const Status& status);
  /// The same for an operation that completes at `at` >= now (a coarser model that knows it ahead of time): a
  /// waiter returns now and sees it at `at` (test() and wait() compare completed_at() with the clock).
  void complete_at(const Status& status, double at);
  /// A receive's capacity (Comm::irecv sets it): a completion with a larger message is marked truncated.
  void limit(std::uint64_t capacity);
  /// Blocks the calling actor until complete() has been called.
  void block();
  /// Blocks the calling actor until complete() has been called or simulated time `deadline`, whichever is first;
  /// returns done().
  bool block_until(double deadline);

private:
  bool done_ = false;
  Status status_;
  std::uint64_t capacity_ = UINT64_MAX;
  double completed_at_ = 0;
  std::optional<base::TimedSemaphore> waiter_; // made when an actor first waits
};
using Request = std::shared_ptr<RequestState>;

/// What one rank spent in one MPI primitive: the per-primitive summary of the MMDS (000 Table 5.3).
struct CallStats {
  std::uint64_t count = 0;
  std::uint64_t bytes = 0; // sent (sends) or posted capacity (receives); 0 for the other calls
  double total = 0;        // simulated seconds inside the call
  double min = 0;
  double max = 0;
  /// Calls by the number of boundaries of a periodic grid (BCS-MPI's slices) they spanned, when the rank counts
  /// them (Comm::count_boundaries): how many slices each call took (issue 43's account of every slowdown).
  std::map<std::uint32_t, std::uint64_t> boundaries;
  void add(double seconds, std::uint64_t call_bytes);
  void merge(const CallStats& other);
};
/// Per primitive name ("MPI_Send", ...), in name order.
using CallProfile = std::map<std::string, CallStats, std::less<>>;

/// Watches a rank's outermost MPI calls (the MMDS of BCS-MPI, mpi/bcs). Called on the rank's actor: it may take
/// simulated time (its bookkeeping), which the call then lasts.
class CallObserver {
public:
  virtual ~CallObserver() = default;
  virtual void enter(std::string_view primitive) = 0;
  virtual void leave(std::string_view primitive, double entered, std::uint64_t bytes) = 0;
};

/// One argument of an MPI call as traces and deadlock reports name it: "key=value", or a datatype or an
/// operator alone. Kept as numbers; formatted only when a trace or a report needs the text.
struct CallArg {
  enum class Kind { number, datatype, op } kind = Kind::number;
  const char* key = nullptr;
  std::int64_t value = 0;
};

/// Where a rank's CPU work runs. Without one, a rank has its PE to itself and computes on its node's CPU host at
/// once; a time-shared PE (storm::Pe) runs it only while the rank's process holds the PE.
class ProcessCpu {
public:
  virtual ~ProcessCpu() = default;
  /// On the rank's actor: runs `flops` of its work; returns when they are done.
  virtual void execute(double flops) = 0;
  /// On the rank's actor: the rank waits in a blocking MPI call; `block` returns when the call's operation has
  /// completed. The scheduler of a time-shared PE may let the rank spin on its PE or give the PE to another
  /// process meanwhile; returns when the rank may go on (it holds its PE again). `block_until` (may be empty)
  /// does the same wait but gives up at a simulated date, saying whether the operation completed: with it the
  /// rank can watch its own spin deadline (storm::NodeManager::wait).
  virtual void wait(const std::function<void()>& block, const std::function<bool(double)>& block_until)
  {
    (void)block_until;
    block();
  }
  /// On the rank's actor: its process has exited (after MPI_Finalize); its PE may go to others.
  virtual void exit() {}
};

/// Byte counts or displacements, one per rank (the v-collectives).
using Counts = std::vector<std::uint64_t>;

class Comm {
public:
  virtual ~Comm() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;

  // --- point-to-point (MPI_Isend ... MPI_Waitall) ---
  Request isend(const void* data, std::uint64_t bytes, int dst, int tag);
  Request irecv(void* data, std::uint64_t capacity, int src, int tag);
  void send(const void* data, std::uint64_t bytes, int dst, int tag);
  void recv(void* data, std::uint64_t capacity, int src, int tag, Status* status = nullptr);
  virtual bool test(const Request& request, Status* status = nullptr) = 0;
  virtual void wait(const Request& request, Status* status = nullptr) = 0;
  virtual bool iprobe(int src, int tag, Status* status = nullptr) = 0;
  virtual void probe(int src, int tag, Status* status = nullptr) = 0;
  bool testall(const std::vector<Request>& requests);
  void waitall(const std::vector<Request>& requests);

  // --- collectives: every rank of the job calls them in the same order. Sizes are bytes, except reductions
  // (count elements of `type`). Buffers named "root only" are ignored elsewhere and may be null. The virtual
  // ones default to MPICH 1.2's algorithms (mpi/collectives/mpich.cpp); Gather, Allgather and Alltoall call
  // their v-variants.
  virtual void barrier();
  virtual void bcast(void* data, std::uint64_t bytes, int root);
  /// recv (root only) = op over every rank's send.
  virtual void reduce(const void* send, void* recv, std::size_t count, Datatype type, Op op, int root);
  /// MPICH 1.2: reduce to rank 0, then bcast from it (so a hardware bcast serves allreduce too).
  virtual void allreduce(const void* send, void* recv, std::size_t count, Datatype type, Op op);
  /// Rank i gets bytes [i*bytes, (i+1)*bytes) of the root's send (root only).
  virtual void scatter(const void* send, void* recv, std::uint64_t bytes, int root);
  /// Rank i gets counts[i] bytes at displs[i] of the root's send (root only: send, counts, displs); `bytes` is
  /// what this rank receives.
  virtual void scatterv(const void* send, const Counts& counts, const Counts& displs, void* recv, std::uint64_t bytes,
                        int root);
  /// The root's recv gets rank i's bytes at i*bytes.
  void gather(const void* send, void* recv, std::uint64_t bytes, int root);
  /// The root's recv gets rank i's counts[i] bytes at displs[i] (root only: counts, displs, recv).
  virtual void gatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs,
                       int root);
  void allgather(const void* send, void* recv, std::uint64_t bytes);
  virtual void allgatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts,
                          const Counts& displs);
  /// Rank j gets bytes [j*bytes, (j+1)*bytes) of every rank's send, at i*bytes for rank i.
  void alltoall(const void* send, void* recv, std::uint64_t bytes);
  virtual void alltoallv(const void* send, const Counts& send_counts, const Counts& send_displs, void* recv,
                         const Counts& recv_counts, const Counts& recv_displs);

  /// MPI_Reduce_scatter: the element-wise op over every rank's send (sum of `counts` elements), rank i getting
  /// counts[i] elements of it. MPICH 1.2: reduce to rank 0, then scatterv from it.
  void reduce_scatter(const void* send, void* recv, const std::vector<std::size_t>& counts, Datatype type, Op op);
  /// MPI_Scan: recv = op over the sends of ranks 0..rank. MPICH 1.2: a chain from rank 0 to the last rank.
  void scan(const void* send, void* recv, std::size_t count, Datatype type, Op op);
  /// MPI_Exscan (MPI-2): recv = op over the sends of ranks 0..rank-1 (rank 0's recv is left as it is); the same
  /// chain as scan.
  void exscan(const void* send, void* recv, std::size_t count, Datatype type, Op op);

  /// The rank's process has started, before its main runs (MPI_Init).
  virtual void init() {}
  /// The rank's main has returned (MPI_Finalize): the backend may release what it holds for the rank.
  virtual void finalize() {}

  /// MPI_Wtime: the rank reads its clock, s (after any host work it still owes: owe_cpu_until).
  double wtime();

  /// The rank computes for `seconds` of CPU time, or `flops` at its PE's speed (on its node's CPU host).
  void compute(double seconds);
  void compute_flops(double flops);
  /// The rank sleeps `seconds` (a trace's `sleep`): it calls nothing until it wakes, which a backend that acts
  /// ahead is told as of a computation on the rank's own CPU (a sleep's end is exact).
  void sleep(double seconds);
  /// Runs the rank's CPU work (the application's and the MPI library's) on `cpu` from now on (null: its own PE).
  void run_on(ProcessCpu* cpu) { cpu_ = cpu; }
  /// The rank's process has exited (called after finalize()): tells its ProcessCpu.
  void exit_process()
  {
    if (cpu_ != nullptr)
      cpu_->exit();
  }

  /// The MPI call the rank is in, e.g. "MPI_Recv(source=3, tag=7)"; empty when it is not in one. Used to
  /// report deadlocks (a rank killed in a call keeps it). Formatted when asked: calls only record their arguments.
  std::string current_call() const;
  /// When the current call began (simulated s); meaningful only while current_call() is not empty.
  double current_call_start() const { return call_start_; }
  /// The current call's arguments for its trace span, with `bytes` when the call moves data.
  base::trace::Args call_trace_args(std::uint64_t bytes) const;
  /// Every MPI call the rank made so far, by primitive (outermost calls only: the MPI_Isend inside an MPI_Send
  /// is the MPI_Send).
  const CallProfile& profile() const { return profile_; }
  /// From now on each call also counts the boundaries of the grid k x `period` (s) it spans (CallStats::
  /// boundaries; 0: none). BCS-MPI's strobes fall on that grid for the slice length (bcs/runtime/strobe_sender).
  void count_boundaries(double period) { boundary_period_ns_ = base::to_ns(period); }

protected:
  /// Installs the observer of this rank's calls (none by default).
  void observe_calls(std::unique_ptr<CallObserver> observer) { observer_ = std::move(observer); }

  /// User messages and the collective algorithms' messages travel on separate contexts (MPICH's comm_coll), so
  /// a wildcard receive of the application never matches a collective's message.
  enum class Plane { user, collective };
  virtual Request start_send(const void* data, std::uint64_t bytes, int dst, int tag, Plane plane) = 0;
  virtual Request start_recv(void* data, std::uint64_t capacity, int src, int tag, Plane plane) = 0;
  /// Host CPU time of combining `count` elements in a reduction.
  virtual void combine_cost(std::size_t count) { (void)count; }

  static CallArg arg(const char* key, std::int64_t value) { return {CallArg::Kind::number, key, value}; }
  static CallArg arg(Datatype type) { return {CallArg::Kind::datatype, nullptr, std::int64_t(type)}; }
  static CallArg arg(Op op) { return {CallArg::Kind::op, nullptr, std::int64_t(op)}; }
  static constexpr std::size_t kMaxCallArgs = 4;

  /// Names the MPI call the rank is in while it lives and adds its simulated duration to profile() under its
  /// primitive (a string literal, e.g. "MPI_Send"); nested calls keep the outermost name.
  class CallScope {
  public:
    CallScope(Comm& comm, const char* primitive, std::uint64_t bytes = 0, std::initializer_list<CallArg> args = {});
    ~CallScope();
    CallScope(const CallScope&) = delete;
    CallScope& operator=(const CallScope&) = delete;

  private:
    Comm& comm_;
    bool outermost_;
    std::uint64_t bytes_;
    double start_;
    std::unique_ptr<base::trace::Span> span_; // the call on the rank's timeline (when tracing)
  };

  // Point-to-point on the collective plane, for the collective algorithms.
  Request coll_isend(const void* data, std::uint64_t bytes, int dst, int tag);
  Request coll_irecv(void* data, std::uint64_t capacity, int src, int tag);
  void coll_send(const void* data, std::uint64_t bytes, int dst, int tag);
  void coll_recv(void* data, std::uint64_t capacity, int src, int tag);
  void coll_sendrecv(const void* send, std::uint64_t send_bytes, int dst, void* recv, std::uint64_t recv_bytes, int src,
                     int tag);

  /// Host CPU work of the rank (the MPI library's own): `flops` on its PE, as compute_flops without a trace span;
  /// what the rank owes (owe_cpu_until) runs first, in the same stretch.
  void execute_on_cpu(double flops);
  /// Told around each stretch of CPU work on the rank's own CPU (not a time-shared PE's): it cannot end before
  /// `earliest_end` (s; its flops at the CPU's peak speed), and the rank calls nothing until computed(). For a
  /// backend whose machine acts ahead on what ranks may post next (BCS-MPI's idle slices).
  virtual void computing(double earliest_end) { (void)earliest_end; }
  virtual void computed() {}
  /// A coarser host (quadrics.host_stages = on_cpu): the rank has host work to do until `t` (seeing a completion)
  /// before anything else. It runs as part of the rank's next CPU work (execute_on_cpu), or is waited out before
  /// the rank next blocks, reads its clock or exits (settle_owed); the call ends for the profile at `t`.
  void owe_cpu_until(double t) { owed_until_ = std::max(owed_until_, t); }
  /// Waits until the end of what the rank owes, if it owes anything.
  void settle_owed();
  /// The rank waits in a blocking call until `block` returns (the backend's wait for completion), as its
  /// ProcessCpu's scheduler says (ProcessCpu::wait).
  void blocking_wait(const std::function<void()>& block, const std::function<bool(double)>& block_until = {});

  /// Throws std::invalid_argument unless `peer` is a rank of the job (or ANY_SOURCE when `wildcard_ok`).
  void check_peer(int peer, bool wildcard_ok, const char* what) const;

private:
  const char* call_ = nullptr; // the outermost call's primitive (null: not in a call)
  double call_start_ = 0;
  std::array<CallArg, kMaxCallArgs> call_args_{};
  std::size_t call_argc_ = 0;
  CallProfile profile_;
  // profile_'s entries by the primitive's literal, looked up by address: a call's end finds its entry without
  // comparing strings (a map lookup per MPI call was 1 % of a 4096-rank run). std::map entries never move.
  std::vector<std::pair<const char*, CallStats*>> profile_by_literal_;
  std::unique_ptr<CallObserver> observer_;
  std::int64_t boundary_period_ns_ = 0; // count_boundaries
  ProcessCpu* cpu_ = nullptr;
  double owed_until_ = 0; // s: owe_cpu_until's date (0: nothing owed)
};

} // namespace bcssim::mpi
