#pragma once
// bcs-sim's recorder of native MPI runs (issue 66 part 3): a PMPI interposition library, preloaded into every rank
// of an MPI program by `bcssim record` (LD_PRELOAD), that writes each rank's MPI calls as lines of the
// time-independent trace format bcs-sim replays (docs/trace-format.md, "Recording a native run"), with the
// computation between two calls measured on the machine that ran them. This is the state of one rank: its file,
// its clock, its pending requests and what it saw but cannot record. It uses the MPI library the program was
// linked with (Open MPI's or MPICH's) and nothing of bcs-sim's, so it adds nothing to the program but itself.
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>

namespace bcssim::recorder {

/// What a `wait` line names: the request's sender, receiver and tag as posted (MPI_ANY_SOURCE and MPI_ANY_TAG as
/// the MPI defines them: -1 in Open MPI, -2 for MPICH's any source), replaced by what matched when it completes.
struct Channel {
  int sender = 0;
  int receiver = 0;
  int tag = 0;
};

class Recording {
public:
  static Recording& get();

  /// After PMPI_Init returned: opens $BCSSIM_RECORD_DIR/rank-<rank>.txt and starts the clock (nothing is recorded
  /// without that variable). `threads` is the thread level MPI provided.
  void start(int threads);
  /// Before PMPI_Finalize: the last computation, `finalize`, what could not be recorded, and the file closed.
  void finish();
  bool on() const { return out_ != nullptr; }
  int rank() const { return rank_; }

  /// A call starts: the computation since the last call returned is added to the burst `line` writes next.
  void computed();
  /// A call returned: the next computation starts now.
  void returned();
  /// Writes "<rank> <text>\n", after the computation before it as a `compute` line.
  void line(const char* format, ...) __attribute__((format(printf, 2, 3)));

  /// True when `comm` has MPI_COMM_WORLD's ranks (it or a duplicate); else counts `call` as not recordable.
  bool world(MPI_Comm comm, const char* call);
  /// Counts a call the trace format has no action for (it runs, unrecorded; `bcssim record` reports it).
  void unsupported(const std::string& what);
  /// count elements of `type`, in bytes.
  static std::uint64_t bytes(int count, MPI_Datatype type);

  /// A non-blocking send or receive posted: its request, and what its `wait` will name.
  void posted(MPI_Request request, Channel channel) { pending_.emplace(request, channel); }
  /// The request's channel, forgotten (false for a request this recorder did not post, e.g. a collective's). Of
  /// requests that share a handle, the one posted first.
  bool take(MPI_Request request, Channel& channel);
  /// A completed request's `wait` line (a wildcard receive's sender and tag from its status).
  void waited(const Channel& channel, const MPI_Status& status);

private:
  Recording() = default;
  double now() const;

  std::FILE* out_ = nullptr;
  int rank_ = -1;
  double speed_ = 1e9;                        // flops per second of a measured second (BCSSIM_RECORD_HOST_SPEED)
  clockid_t clock_ = CLOCK_THREAD_CPUTIME_ID; // BCSSIM_RECORD_CLOCK: cpu (this thread's CPU time) or wall
  double last_ = 0;                           // s: when the last recorded call returned
  double carried_ = 0;                        // flops measured but not yet written
  // Looked up only, never iterated. A multimap: MPICH gives every send that completed at once the same handle.
  std::multimap<MPI_Request, Channel> pending_;
  std::map<std::string, long> unsupported_; // by name: written sorted at finish
};

/// One recorded call: the computation before it written first, its end noted when it returns.
class Call {
public:
  Call() : on_(Recording::get().on())
  {
    if (on_)
      Recording::get().computed();
  }
  ~Call()
  {
    if (on_)
      Recording::get().returned();
  }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;
  bool on() const { return on_; }

private:
  bool on_;
};

} // namespace bcssim::recorder
