#pragma once
// SimGrid 3.32's time-independent traces (TiT), as `smpirun -trace-ti` writes them and `smpirun -replay` reads
// them (src/smpi/internals/smpi_replay.cpp, src/xbt/xbt_replay.cpp of v3.32): the layout (an index naming one
// action file per rank, or one file of rank-prefixed actions) and the actions, parsed one line at a time.
//
// A line is "<rank> <action> <arguments...>", fields separated by blanks; blank lines and lines starting with '#'
// are skipped. Counts are in elements of a datatype named by SMPI's id (0 = MPI_DOUBLE, 1 = MPI_INT, ...; see
// datatype_size()); the parser turns them into bytes. Every error names the file, the line and the action, and
// what is allowed, as a base::ParamRuleError on `replay.trace` (exit 2).
#include "apps/traffic.hpp"
#include "base/line_reader.hpp"
#include "base/params.hpp"
#include "mpi/reduce_op.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::apps::replay {

using base::ByteSource;
using base::LineReader;
using base::open_file;

/// The scenario path every trace error is reported on.
inline constexpr const char* kTracePath = "replay.trace";

enum class Kind {
  init,
  finalize,
  comm_size,
  comm_split,
  comm_dup,
  location,
  send,
  isend,
  recv,
  irecv,
  sendrecv,
  test,
  wait,
  waitall,
  barrier,
  bcast,
  reduce,
  allreduce,
  alltoall,
  alltoallv,
  gather,
  gatherv,
  scatter,
  scatterv,
  allgather,
  allgatherv,
  reducescatter,
  scan,
  exscan,
  compute,
  sleep,
};

/// The action's name as traces spell it.
const char* name_of(Kind kind);
/// Every action name the replay accepts, comma-separated (for messages and docs).
std::string supported_actions();
/// The actions SMPI 3.32's tracer writes that its replay (and so this one) has none for ("Ssend", "ibcast", ...).
std::vector<std::string> traced_not_replayable();

/// The bytes of one element of SMPI 3.32's datatype `id` (smpi_datatype.cpp's table, on x86-64); nullopt for
/// an id it does not define, and for -1, the id SMPI 3.32 gives every derived datatype (its size is not in
/// the trace).
std::optional<std::uint64_t> datatype_size(long id);

/// A reduction's payload as the MPI layer carries it: `count` elements of `type` (a trace's datatype of 4 or
/// 8 bytes keeps its count; others travel as their bytes).
struct Reduction {
  std::size_t count = 0;
  mpi::Datatype type = mpi::Datatype::byte;
};
Reduction reduction_of(std::uint64_t count, std::uint64_t element_bytes);

/// One action with its sizes in bytes. Fields not used by the action's kind keep their defaults.
struct Action {
  Kind kind = Kind::init;
  int src = 0; // send/recv: the peer; wait/test: the sender; sendRecv: the source
  int dst = 0; // wait/test: the receiver; sendRecv: the destination
  int tag = 0; // point-to-point (recv: base::ANY_TAG for a negative one)
  int root = 0;
  bool any_source = false;           // recv/irecv from a negative (MPI_ANY_SOURCE) rank
  bool probe_size = false;           // recv/irecv of a negative size: the size is probed
  std::uint64_t bytes = 0;           // p2p, bcast, alltoall, gather(v)/allgather(v)/sendRecv: sent; scatter: per rank
  std::uint64_t recv_bytes = 0;      // gather/allgather: per rank; scatter(v)/sendRecv: received
  double amount = 0;                 // compute: flops; sleep: seconds; reductions: flops computed after
  Reduction reduction;               // reduce, allreduce, scan, exscan
  std::vector<std::uint64_t> counts; // bytes per rank: alltoallv and scatterv sent, gatherv received
  std::vector<std::uint64_t> recv_counts; // bytes per rank: alltoallv received
  std::vector<std::size_t> reduce_counts; // reducescatter: elements of `reduction.type` per rank
};

/// Where a trace's actions are: one file per rank (`rank_files`) or one shared file of every rank's lines.
struct Layout {
  std::string trace;                   // replay.trace as given
  std::vector<std::string> rank_files; // by rank; empty when shared
  std::string shared_file;             // the rank-prefixed action file
  int ranks = 0;                       // the trace's ranks
};

/// The layout of the trace `path` names (an index or an action file), and its rank count (for a shared file,
/// the highest rank prefix + 1, which takes a pass over it). Checks that every file exists and can be read.
/// Index entries are relative to the index's folder, else to the working directory (SMPI writes them relative
/// to where smpirun ran). Throws base::ParamRuleError.
Layout read_layout(const std::string& path);

/// How the replay turns a trace's computation amounts into simulated seconds.
struct Settings {
  double host_speed = 1e9;  // flop/s the trace's computation amounts were counted at (SMPI's smpi/host-speed)
  double compute_scale = 1; // what-if factor on every computation
};

/// The seconds a burst of `flops` takes on the simulated CPU.
inline double compute_seconds(double flops, const Settings& s) { return s.compute_scale * flops / s.host_speed; }

/// Parses every line of every file of `layout` (the check before anything runs). Throws base::ParamRuleError
/// at the first bad line, and at the line where a rank's computations and sleeps (with `settings`) pass the limit
/// of simulated time (base/sim_time.hpp): a time bcssim cannot count.
void validate(const Layout& layout, const Settings& settings = {});
/// The largest of the ranks' computations and sleeps with `settings`, in seconds: a lower bound of the replay's
/// run time (from the amounts validate() counts, read once per trace).
double busiest_rank_seconds(const Layout& layout, const Settings& settings = {});
/// What the trace's ranks at least communicate (apps/traffic.hpp), from the same pass.
Traffic least_traffic(const Layout& layout);

/// One rank's actions, read one at a time from its file (or from the shared file, keeping only its lines).
class ActionReader {
public:
  ActionReader(const Layout& layout, int rank);
  /// The next action; false at the end of the rank's actions. The action lives until the next call.
  bool next(Action& action);
  /// An error on the action next() returned last, naming its file and line.
  [[noreturn]] void fail(const std::string& allowed) const;
  /// Bytes the reader holds (its line reader's buffers; the action's vectors are the caller's).
  std::size_t buffer_bytes() const { return lines_.buffer_bytes(); }
  std::uint64_t line_number() const { return lines_.line_number(); }
  /// The file it reads and the action next() returned last, as its line reads (for errors found later).
  const std::string& file() const { return file_; }
  std::string_view text() const { return current_; }

private:
  std::string file_;
  int rank_;
  int ranks_;
  bool shared_;
  LineReader lines_;
  std::string_view current_; // the line last returned (in lines_' buffers until the next call), for messages
  std::uint64_t default_type_bytes_ = 1; // MPI_BYTE until an "init" with an argument makes it MPI_DOUBLE
};

/// Parses one action line of rank `rank` (of `ranks`); `default_type_bytes` is updated by "init". Returns false
/// for a blank or comment line. Throws base::ParamRuleError naming `file`:`line`.
bool parse_line(std::string_view text, const std::string& file, std::uint64_t line, int rank, int ranks,
                bool check_rank, std::uint64_t& default_type_bytes, Action& action, int* line_rank = nullptr);

} // namespace bcssim::apps::replay
