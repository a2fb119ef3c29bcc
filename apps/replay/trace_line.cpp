// One line of a SimGrid 3.32 time-independent trace: its action, checked against SMPI's replay syntax.
#include "apps/replay/trace.hpp"
#include "apps/replay/trace_text.hpp"

#include "base/envelope.hpp"
#include "base/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace bcssim::apps::replay {
using namespace text;
namespace {

struct Named {
  const char* name;
  Kind kind;
};
// SimGrid 3.32's registered replay actions (smpi_replay_init), in its order; "sendRecv" keeps its spelling.
constexpr Named kActions[] = {
    {"init", Kind::init},
    {"finalize", Kind::finalize},
    {"comm_size", Kind::comm_size},
    {"comm_split", Kind::comm_split},
    {"comm_dup", Kind::comm_dup},
    {"send", Kind::send},
    {"isend", Kind::isend},
    {"recv", Kind::recv},
    {"irecv", Kind::irecv},
    {"test", Kind::test},
    {"sendRecv", Kind::sendrecv},
    {"wait", Kind::wait},
    {"waitall", Kind::waitall},
    {"barrier", Kind::barrier},
    {"bcast", Kind::bcast},
    {"reduce", Kind::reduce},
    {"allreduce", Kind::allreduce},
    {"alltoall", Kind::alltoall},
    {"alltoallv", Kind::alltoallv},
    {"gather", Kind::gather},
    {"scatter", Kind::scatter},
    {"gatherv", Kind::gatherv},
    {"scatterv", Kind::scatterv},
    {"allgather", Kind::allgather},
    {"allgatherv", Kind::allgatherv},
    {"reducescatter", Kind::reducescatter},
    {"scan", Kind::scan},
    {"exscan", Kind::exscan},
    {"compute", Kind::compute},
    {"sleep", Kind::sleep},
    {"location", Kind::location},
};

// Names SMPI 3.32's tracer writes that its replay has no action for (so neither has this one).
constexpr const char* kTracedNotReplayable[] = {
    "Ssend",
    "ISsend",
    "bsend",
    "ibsend",
    "Start",
    "Startall",
    "testall",
    "testany",
    "testsome",
    "waitAny",
    "iteration_in",
    "iteration_out",
    "ibarrier",
    "ibcast",
    "ireduce",
    "iallreduce",
    "ialltoall",
    "ialltoallv",
    "igather",
    "igatherv",
    "iscatter",
    "iscatterv",
    "iallgather",
    "iallgatherv",
    "iallggather",
    "ireducescatter",
    "iscan",
    "iexscan",
    "Put",
    "Get",
    "Compare_and_swap",
    "Win_fence",
    "Win_post",
    "Win_start",
    "Win_complete",
    "Win_wait",
    "Win_lock",
    "Win_unlock",
    "Win_lock_all",
    "Win_unlock_all",
    "Win_flush",
    "Win_flush_all",
    "Win_flush_local",
    "Win_flush_local_all",
};

// What to do with a traced send SimGrid 3.32 cannot replay whose arguments are a replayable send's (SMPI writes
// "<rank> Ssend <peer> <tag> <count> [datatype]" as it writes "send"): rename it, knowing what changes. A
// synchronous replay was not chosen: on the baseline it needs a completion at the match for every size, which
// Tports's eager protocol (complete once the data is in the NIC) does not have.
std::string replacement_hint(std::string_view action, std::string_view written = {})
{
  // `written`: the name on the trace's lines when it is not `action` itself ("MPI_Ssend" for "Ssend").
  const std::string_view on_lines = written.empty() ? action : written;
  struct Hint {
    const char* traced;
    const char* as;
    const char* differs;
  };
  static constexpr Hint kHints[] = {
      {"Ssend", "send",
       "MPI_Ssend returns only once its receive has matched, where a replayed send may return "
       "before (the baseline's eager messages do; BCS-MPI's blocking send waits for its receive)"},
      {"ISsend", "isend",
       "the wait of an MPI_Issend returns only once its receive has matched, where a replayed "
       "isend's may return before (the baseline's eager messages)"},
      {"bsend", "send",
       "MPI_Bsend returns once its message is copied out, where a replayed send may wait for its "
       "receive (large messages; every blocking send on BCS-MPI)"},
      {"ibsend", "isend",
       "MPI_Ibsend completes once its message is copied out, where a replayed isend may wait for "
       "its receive"},
  };
  for (const Hint& h : kHints)
    if (action == h.traced)
      return fmt::format(". To replay this trace, replace \"{0}\" by \"{1}\" on every line (the arguments are the "
                         "same; e.g. sed -i 's/^\\([0-9]*\\) {0} /\\1 {1} /' on each plain rank file): the "
                         "messages and their sizes stay the program's, the timing is a standard send's: {2}",
                         on_lines, h.as, h.differs);
  return "";
}

// A call written with MPI's own name ("MPI_Send", "MPI_Ssend"): the trace's name for it, SMPI's, without the
// prefix and in SMPI's letter case, and for a send SimGrid cannot replay what to rename it to (hostile pass of
// 2026-12-07: "MPI_Ssend" got no hint, "Ssend" did).
std::string mpi_name_hint(std::string_view action)
{
  if (action.size() <= 4 || action.substr(0, 4) != "MPI_")
    return "";
  const std::string_view bare = action.substr(4);
  const auto same = [bare](std::string_view name) {
    return name.size() == bare.size() && std::equal(name.begin(), name.end(), bare.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
           });
  };
  for (const auto& a : kActions)
    if (same(a.name))
      return fmt::format(". A trace names its actions as SMPI writes them, without \"MPI_\": \"{}\" is written "
                         "\"{}\"",
                         action, a.name);
  for (const char* traced : kTracedNotReplayable)
    if (same(traced))
      return fmt::format(". A trace names its actions as SMPI writes them, without \"MPI_\": \"{}\" is \"{}\"{}",
                         action, traced, replacement_hint(traced, action));
  return "";
}

// The fields of one line being parsed, and its error reporting.
struct Line {
  const std::string& file;
  std::uint64_t number;
  std::string_view text;
  const std::vector<std::string_view>& f; // f[0] rank, f[1] action, f[2...] its arguments
  int ranks;

  std::size_t args() const { return f.size() - 2; }
  std::string_view arg(std::size_t i) const { return f[2 + i]; }
  [[noreturn]] void fail(const std::string& allowed) const { fail_at(file, number, text, allowed); }

  void arity(std::size_t mandatory, std::size_t optional, const char* form) const
  {
    if (args() < mandatory || args() > mandatory + optional)
      fail(optional == 0 ? fmt::format("\"{}\" with {}: {} (SimGrid 3.32's replay syntax)", f[1],
                                       base::counted(long(mandatory), "argument"), form)
                         : fmt::format("\"{}\" with {} to {} arguments: {} (SimGrid 3.32's replay syntax)", f[1],
                                       mandatory, mandatory + optional, form));
  }
  long integer(std::size_t i, const char* what) const
  {
    const auto v = to_long(arg(i));
    if (!v)
      fail(fmt::format("{} (argument {} of \"{}\") to be an integer; got \"{}\"", what, i + 1, shown_field(f[1]),
                       shown_field(arg(i))));
    // An integer MPI cannot hold (hostile pass of 2026-12-07: a tag of 2^32 was "not an integer").
    if (*v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
      fail(fmt::format("{} (argument {} of \"{}\") to be an integer from {} to {} (an MPI int); got \"{}\"", what,
                       i + 1, shown_field(f[1]), std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                       shown_field(arg(i))));
    return *v;
  }
  // A count as SMPI reads one (a number, truncated); negative ones are refused unless `negative_ok`.
  std::int64_t count(std::size_t i, const char* what, bool negative_ok = false) const
  {
    const auto v = to_double(arg(i));
    if (!v || std::trunc(*v) != *v || std::fabs(*v) > 9.0e15 || (!negative_ok && *v < 0))
      fail(fmt::format("{} (argument {} of \"{}\") to be a{} whole number of at most 9e15; got \"{}\"", what, i + 1,
                       shown_field(f[1]), negative_ok ? "" : " non-negative", shown_field(arg(i))));
    return std::int64_t(*v);
  }
  double amount(std::size_t i, const char* what) const
  {
    const auto v = to_double(arg(i));
    if (!v || *v < 0)
      fail(fmt::format("{} (argument {} of \"{}\") to be a non-negative number; got \"{}\"", what, i + 1,
                       shown_field(f[1]), shown_field(arg(i))));
    return *v;
  }
  int rank(std::size_t i, const char* what) const
  {
    const long r = integer(i, what);
    if (r < 0 || r >= ranks)
      fail(fmt::format("{} (argument {} of \"{}\") to be a rank of the trace's {}: 0 to {}; got {}", what, i + 1, f[1],
                       ranks, ranks - 1, r));
    return int(r);
  }
  int root(std::size_t i) const { return i < args() ? rank(i, "the root") : 0; }
  // The element size of the datatype at argument i, or `fallback` when the line stops before it.
  std::uint64_t type(std::size_t i, std::uint64_t fallback) const
  {
    if (i >= args())
      return fallback;
    const auto id = to_long(arg(i));
    const auto size = id ? datatype_size(*id) : std::nullopt;
    if (!size)
      fail(fmt::format("a datatype id of SimGrid 3.32 (argument {} of \"{}\": 0 to 59, e.g. 0 = MPI_DOUBLE, 1 = "
                       "MPI_INT, 2 = MPI_CHAR, 6 = MPI_BYTE); got \"{}\"{}",
                       i + 1, shown_field(f[1]), shown_field(arg(i)),
                       id && *id == -1 ? ": -1 is a derived datatype, whose size SMPI 3.32 does not record" : ""));
    return *size;
  }
  std::uint64_t bytes(std::int64_t count, std::uint64_t element) const { return std::uint64_t(count) * element; }
};

std::optional<Kind> kind_named(std::string_view name)
{
  for (const auto& a : kActions)
    if (name == a.name)
      return a.kind;
  return std::nullopt;
}

} // namespace

const char* name_of(Kind kind)
{
  for (const auto& a : kActions)
    if (a.kind == kind)
      return a.name;
  return "?";
}

std::string supported_actions()
{
  std::string out;
  for (const auto& a : kActions)
    out += (out.empty() ? "" : ", ") + std::string(a.name);
  return out;
}

std::vector<std::string> traced_not_replayable()
{
  return {std::begin(kTracedNotReplayable), std::end(kTracedNotReplayable)};
}

std::optional<std::uint64_t> datatype_size(long id)
{
  // smpi_datatype.cpp (v3.32): CREATE_MPI_DATATYPE(name, id, type) with sizeof(type) on x86-64. 55 and 56 are
  // MPI_UB and MPI_LB (size 0); -1 (MPI_DATATYPE_NULL, the id of derived datatypes) is refused.
  static constexpr std::uint64_t kSizes[] = {
      8, 4, 1, 2, 8, 4, 1, 8, 1, 1,     // 0 DOUBLE, INT, CHAR, SHORT, LONG, FLOAT, BYTE, LONG_LONG, SCHAR, UCHAR
      2, 4, 8, 8, 16, 4, 1, 1, 2, 4,    // 10 USHORT, UNSIGNED, ULONG, ULL, LONG_DOUBLE, WCHAR, C_BOOL, INT8..32
      8, 1, 2, 4, 8, 8, 16, 32, 8, 8,   // 20 INT64, UINT8..64, C_FLOAT/DOUBLE/LONG_DOUBLE_COMPLEX, AINT, OFFSET
      8, 16, 16, 8, 8, 8, 16, 16, 4, 4, // 30 FLOAT_INT, LONG_INT, DOUBLE_INT, SHORT_INT, 2INT, 2FLOAT, 2DOUBLE,
                                        //    2LONG, REAL, REAL4
      8, 16, 8, 16, 16, 4, 2, 4, 8, 16, // 40 REAL8, REAL16, COMPLEX8/16/32, INTEGER1/2/4/8/16
      32, 1, 8, 16, 32, 0, 0, 1, 8, 8,  // 50 LONG_DOUBLE_INT, CXX_BOOL, CXX_*_COMPLEX, UB, LB, PACKED, PTR, COUNT
  };
  if (id < 0 || id >= long(std::size(kSizes)))
    return std::nullopt;
  return kSizes[id];
}

Reduction reduction_of(std::uint64_t count, std::uint64_t element_bytes)
{
  if (element_bytes == 4)
    return {std::size_t(count), mpi::Datatype::int32};
  if (element_bytes == 8)
    return {std::size_t(count), mpi::Datatype::float64};
  return {std::size_t(count * element_bytes), mpi::Datatype::byte};
}

bool parse_line(std::string_view text, const std::string& file, std::uint64_t number, int rank, int ranks,
                bool check_rank, std::uint64_t& default_type, Action& a, int* line_rank)
{
  static thread_local std::vector<std::string_view> fields;
  text = trim(text);
  if (skipped(text))
    return false;
  split(text, fields);
  const Line l{file, number, text, fields, ranks};
  if (fields.size() < 2)
    l.fail("\"<rank> <action> <arguments>\" (one action per line)");
  const auto who = to_long(fields[0]);
  if (!who || *who < 0 || *who >= ranks)
    l.fail(fmt::format("a line starting with the rank it belongs to, 0 to {}", ranks - 1));
  if (check_rank && *who != rank)
    l.fail(fmt::format("only actions of rank {} in its file (the index's line {})", rank, rank + 1));
  if (line_rank != nullptr)
    *line_rank = int(*who);
  const auto kind = kind_named(fields[1]);
  if (!kind) {
    const bool traced = std::find_if(std::begin(kTracedNotReplayable), std::end(kTracedNotReplayable),
                                     [&](const char* n) { return fields[1] == n; }) != std::end(kTracedNotReplayable);
    l.fail(fmt::format("{}one of SimGrid 3.32's replay actions: {}{}",
                       traced ? fmt::format("an action SimGrid 3.32 can replay (\"{}\" is traced by SMPI but its "
                                            "replay has no such action); ",
                                            fields[1])
                              : "",
                       supported_actions(), replacement_hint(fields[1]) + mpi_name_hint(fields[1])));
  }
  a.kind = *kind;
  a.src = a.dst = a.tag = a.root = 0;
  a.any_source = a.probe_size = false;
  a.bytes = a.recv_bytes = 0;
  a.amount = 0;
  a.reduction = Reduction{};
  const std::size_t n = std::size_t(ranks);
  constexpr std::size_t any = std::numeric_limits<std::size_t>::max() / 4;
  switch (a.kind) {
    case Kind::init:
      l.arity(0, 1, "init [anything: MPI_DOUBLE becomes the default datatype, else MPI_BYTE]");
      default_type = l.args() > 0 ? 8 : 1;
      break;
    case Kind::finalize:
    case Kind::comm_size:
    case Kind::comm_split:
    case Kind::comm_dup:
    case Kind::waitall:
    case Kind::barrier:
      l.arity(0, any, "no arguments needed");
      break;
    case Kind::location:
      l.arity(2, 0, "location <file> <line>");
      l.integer(1, "the line");
      break;
    case Kind::send:
    case Kind::isend:
    case Kind::recv:
    case Kind::irecv: {
      l.arity(3, 1, fmt::format("{} <peer> <tag> <count> [datatype]", fields[1]).c_str());
      const bool receive = a.kind == Kind::recv || a.kind == Kind::irecv;
      const long peer = l.integer(0, "the peer rank");
      a.any_source = receive && peer < 0;
      a.src = a.any_source ? base::ANY_SOURCE : l.rank(0, "the peer rank");
      const long tag = l.integer(1, "the tag");
      if (!receive && tag < 0)
        l.fail("a non-negative tag on a send");
      a.tag = tag < 0 ? base::ANY_TAG : int(tag);
      const std::int64_t count = l.count(2, "the count", receive);
      a.probe_size = count < 0;
      a.bytes = a.probe_size ? 0 : l.bytes(count, l.type(3, default_type));
      break;
    }
    case Kind::sendrecv: {
      l.arity(4, 2, "sendRecv <send count> <destination> <receive count> <source> [send type] [receive type]");
      const std::int64_t sc = l.count(0, "the send count");
      a.dst = l.rank(1, "the destination");
      const std::int64_t rc = l.count(2, "the receive count");
      a.src = l.rank(3, "the source");
      a.bytes = l.bytes(sc, l.type(4, default_type));
      a.recv_bytes = l.bytes(rc, l.type(5, default_type));
      break;
    }
    case Kind::test:
    case Kind::wait: {
      l.arity(3, 0, fmt::format("{} <sender> <receiver> <tag>", fields[1]).c_str());
      a.src = l.integer(0, "the sender") < 0 ? base::ANY_SOURCE : l.rank(0, "the sender");
      a.dst = l.rank(1, "the receiver");
      const long tag = l.integer(2, "the tag");
      a.tag = tag < 0 ? base::ANY_TAG : int(tag);
      break;
    }
    case Kind::bcast:
      l.arity(1, 2, "bcast <count> [root] [datatype]");
      a.root = l.root(1);
      a.bytes = l.bytes(l.count(0, "the count"), l.type(2, default_type));
      break;
    case Kind::reduce:
      l.arity(2, 2, "reduce <count> <flops> [root] [datatype]");
      a.amount = l.amount(1, "the flops of the operator");
      a.root = l.root(2);
      a.reduction = reduction_of(std::uint64_t(l.count(0, "the count")), l.type(3, default_type));
      break;
    case Kind::allreduce:
    case Kind::scan:
    case Kind::exscan:
      l.arity(2, 1, fmt::format("{} <count> <flops> [datatype]", fields[1]).c_str());
      a.amount = l.amount(1, "the flops of the operator");
      a.reduction = reduction_of(std::uint64_t(l.count(0, "the count")), l.type(2, default_type));
      break;
    case Kind::gather:
    case Kind::scatter:
      l.arity(2, 3,
              fmt::format("{} <send count> <receive count> [root] [send type] [receive type]", fields[1]).c_str());
      a.root = l.root(2);
      a.bytes = l.bytes(l.count(0, "the send count"), l.type(3, default_type));
      a.recv_bytes = l.bytes(l.count(1, "the receive count"), l.type(4, default_type));
      break;
    case Kind::alltoall:
    case Kind::allgather:
      l.arity(2, 2, fmt::format("{} <send count> <receive count> [send type] [receive type]", fields[1]).c_str());
      a.bytes = l.bytes(l.count(0, "the send count"), l.type(2, default_type));
      a.recv_bytes = l.bytes(l.count(1, "the receive count"), l.type(3, default_type));
      break;
    case Kind::gatherv: {
      l.arity(n + 1, 3,
              fmt::format("gatherv <send count> <{} receive counts> [root] [send type] [receive type]", n).c_str());
      a.root = l.root(n + 1);
      const std::uint64_t rt = l.type(n + 3, default_type);
      a.bytes = l.bytes(l.count(0, "the send count"), l.type(n + 2, default_type));
      a.counts.resize(n);
      for (std::size_t i = 0; i < n; ++i)
        a.counts[i] = l.bytes(l.count(1 + i, "a receive count"), rt);
      break;
    }
    case Kind::allgatherv: {
      // SMPI's three forms: counts [types], counts displacements, counts types displacements.
      if (l.args() < n + 1 || (l.args() > n + 3 && l.args() != 2 * n + 1 && l.args() != 2 * n + 3))
        l.fail(fmt::format("\"allgatherv <send count> <{0} receive counts> [send type] [receive type]\", optionally "
                           "followed by {0} displacements (SimGrid 3.32's replay syntax)",
                           n));
      const bool types = l.args() <= n + 3 || l.args() == 2 * n + 3;
      const std::uint64_t st = types ? l.type(n + 1, default_type) : default_type;
      const std::uint64_t rt = types ? l.type(n + 2, default_type) : default_type;
      a.bytes = l.bytes(l.count(0, "the send count"), st);
      a.counts.resize(n);
      for (std::size_t i = 0; i < n; ++i)
        a.counts[i] = l.bytes(l.count(1 + i, "a receive count"), rt);
      break;
    }
    case Kind::scatterv: {
      l.arity(n + 1, 3,
              fmt::format("scatterv <{} send counts> <receive count> [root] [send type] [receive type]", n).c_str());
      a.root = l.root(n + 1);
      const std::uint64_t st = l.type(n + 2, default_type);
      a.recv_bytes = l.bytes(l.count(n, "the receive count"), l.type(n + 3, default_type));
      a.counts.resize(n);
      for (std::size_t i = 0; i < n; ++i)
        a.counts[i] = l.bytes(l.count(i, "a send count"), st);
      break;
    }
    case Kind::alltoallv: {
      l.arity(2 * n + 2, 2,
              fmt::format("alltoallv <send buffer count> <{0} send counts> <receive buffer count> <{0} receive counts> "
                          "[send type] [receive type]",
                          n)
                  .c_str());
      const std::uint64_t st = l.type(2 * n + 2, default_type);
      const std::uint64_t rt = l.type(2 * n + 3, default_type);
      l.count(0, "the send buffer count");
      l.count(n + 1, "the receive buffer count");
      a.counts.resize(n);
      a.recv_counts.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        a.counts[i] = l.bytes(l.count(1 + i, "a send count"), st);
        a.recv_counts[i] = l.bytes(l.count(n + 2 + i, "a receive count"), rt);
      }
      break;
    }
    case Kind::reducescatter: {
      l.arity(n + 1, 1, fmt::format("reducescatter <{} receive counts> <flops> [datatype]", n).c_str());
      a.amount = l.amount(n, "the flops of the operator");
      const std::uint64_t t = l.type(n + 1, default_type);
      a.reduction = reduction_of(0, t);
      a.reduce_counts.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        a.reduce_counts[i] = reduction_of(std::uint64_t(l.count(i, "a receive count")), t).count;
        a.reduction.count += a.reduce_counts[i];
      }
      break;
    }
    case Kind::compute:
      l.arity(1, 0, "compute <flops>");
      a.amount = l.amount(0, "the flops");
      break;
    case Kind::sleep:
      l.arity(1, 0, "sleep <seconds>");
      a.amount = l.amount(0, "the seconds");
      break;
  }
  return true;
}

} // namespace bcssim::apps::replay
