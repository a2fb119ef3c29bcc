// A trace's files (an index of rank files, or one shared file) and the reader of one rank's actions.
#include "apps/replay/trace.hpp"

#include "apps/replay/trace_shape.hpp"
#include "apps/replay/trace_text.hpp"
#include "base/file_hash.hpp"
#include "base/sim_time.hpp"
#include "mpi/reduce_op.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

namespace bcssim::apps::replay {
namespace fs = std::filesystem;
using namespace text;

namespace {

// The first line of `path` that is neither blank nor a comment, split; empty when there is none.
std::vector<std::string> first_fields(const std::string& path)
{
  LineReader lines(open_file(path));
  std::string_view line;
  std::vector<std::string_view> f;
  while (lines.next(line)) {
    const std::string_view t = trim(line);
    if (skipped(t))
      continue;
    split(t, f);
    return std::vector<std::string>(f.begin(), f.end());
  }
  return {};
}

std::string shown(const std::string& path) { return "\"" + path + "\""; }

// The simulated seconds each rank spends computing and sleeping, held to the limit of simulated time
// (base/sim_time.hpp) action by action and in sum: a lower bound of the rank's run time, which bcssim must be able
// to count in integer nanoseconds.
class TimeTally {
public:
  TimeTally(const Settings& settings, int ranks) : settings_(settings), seconds_(std::size_t(ranks), 0.0) {}
  void add(const Action& a, int rank, const std::string& file, std::uint64_t line, std::string_view text)
  {
    if (a.amount == 0)
      return;
    const bool sleep = a.kind == Kind::sleep;
    const double seconds = sleep ? a.amount : compute_seconds(a.amount, settings_);
    if (!base::within_sim_time_limit(seconds))
      fail_at(file, line, trim(text),
              sleep ? fmt::format("a sleep of at most {}", base::sim_time_limit_text())
                    : fmt::format("a computation whose time, replay.compute_scale x flops / replay.host_speed = {} "
                                  "x {} / {} = {} s, is at most {}",
                                  base::short_number(settings_.compute_scale), base::short_number(a.amount),
                                  base::short_number(settings_.host_speed), base::short_number(seconds),
                                  base::sim_time_limit_text()));
    double& total = seconds_.at(std::size_t(rank));
    total += seconds;
    if (!base::within_sim_time_limit(total))
      fail_at(file, line, trim(text),
              fmt::format("rank {}'s computations and sleeps, {} s by this line, to add up to at most {}", rank,
                          base::short_number(total), base::sim_time_limit_text()));
  }

private:
  Settings settings_;
  std::vector<double> seconds_;
};

// An index entry: relative to the index's folder, else to the working directory. A path the system refuses (a
// name too long, a loop of links) is a file that is not there, not an exception of its own.
std::string resolve_entry(const std::string& index, std::uint64_t line, std::string_view entry)
{
  const fs::path p{std::string(entry)};
  std::error_code ec;
  if (p.is_absolute()) {
    if (fs::is_regular_file(p, ec))
      return p.string();
  } else {
    const fs::path beside = fs::path(index).parent_path() / p;
    if (fs::is_regular_file(beside, ec))
      return beside.lexically_normal().string();
    if (fs::is_regular_file(p, ec))
      return p.string();
  }
  fail_at(index, line, entry,
          fmt::format("an existing rank file, a regular file ({}: looked for it relative to the index's folder{})",
                      p.is_absolute() ? "absolute path" : "a relative path",
                      p.is_absolute() ? "" : " and to the working directory"));
}

// read_layout's passes over the files, once `path` is known to be a file. Throws base::ParamRuleError, and the
// streams' std::runtime_error for a file that cannot be read or is corrupt (possibly past its first lines).
void read_files(const std::string& path, Layout& layout)
{
  const std::vector<std::string> first = first_fields(path);
  if (first.empty())
    fail_file(shown(path), "a trace with at least one line");
  if (first.size() == 1) { // an index: one rank file per line
    std::vector<std::string> entries;
    LineReader lines(open_file(path));
    std::string_view line;
    while (lines.next(line)) {
      const std::string_view t = trim(line);
      if (skipped(t))
        continue;
      entries.push_back(resolve_entry(path, lines.line_number(), t));
    }
    if (entries.size() > 1) {
      layout.rank_files = std::move(entries);
      layout.ranks = int(layout.rank_files.size());
      for (const auto& f : layout.rank_files)
        try {
          open_file(f);
        } catch (const std::runtime_error& e) {
          fail_file(shown(f), fmt::format("a readable rank file ({})", e.what()));
        }
      return;
    }
    layout.shared_file = entries.front(); // SMPI's one-file mode: the index names one shared file
  } else {
    layout.shared_file = path;
  }
  // A shared file: the trace has as many ranks as its highest rank prefix + 1.
  LineReader lines(open_file(layout.shared_file));
  std::string_view line;
  std::vector<std::string_view> f;
  long highest = -1;
  std::vector<bool> seen; // ranks with a line: a rank without one is refused here, before a per-rank tally of
                          // every rank up to the highest (hostile pass of 2026-12-07: "16777215 init" alone
                          // took 2 GB and 9 s to be told rank 0 had no action)
  while (lines.next(line)) {
    const std::string_view t = trim(line);
    if (skipped(t))
      continue;
    split(t, f);
    const auto r = to_long(f[0]);
    if (!r || *r < 0 || *r >= 16777216)
      fail_at(layout.shared_file, lines.line_number(), t,
              "a line starting with the rank it belongs to (0 to 16777215)");
    highest = std::max(highest, *r);
    if (seen.size() <= std::size_t(*r))
      seen.resize(std::size_t(*r) + 1);
    seen[std::size_t(*r)] = true;
  }
  for (std::size_t r = 0; r < seen.size(); ++r)
    if (!seen[r])
      fail_file(shown(layout.shared_file),
                fmt::format("at least one action of rank {} (its init and finalize at least): its ranks are 0 to "
                            "its highest rank prefix, {}",
                            r, highest));
  layout.ranks = int(highest + 1);
}

} // namespace

Layout read_layout(const std::string& path)
{
  Layout layout;
  layout.trace = path;
  if (path.empty())
    fail_file("\"\"", "the path of a SimGrid time-independent trace: the index smpirun -trace-ti wrote (one rank "
                      "file per line) or a file of rank-prefixed actions");
  std::error_code ec;
  if (fs::is_directory(path, ec))
    fail_file(shown(path), "the path of a trace file; this is a folder (a trace's index names its rank files)");
  if (!fs::is_regular_file(path, ec))
    fail_file(shown(path), fs::path(path).is_absolute()
                               ? std::string("an existing trace file")
                               : fmt::format("an existing trace file (relative paths are taken from the working "
                                             "directory, {})",
                                             fs::current_path(ec).string()));
  try {
    read_files(path, layout);
  } catch (const base::ParamRuleError&) {
    throw;
  } catch (const std::runtime_error& e) { // the message names the file (the index's or a file it names)
    fail_file(shown(path), fmt::format("a readable trace file ({})", e.what()));
  }
  return layout;
}

namespace {

// Every line of `layout` parsed, `time` told each computation and sleep. Throws at the first bad line.
template <class Tally> void parse_every_line(const Layout& layout, Tally& time)
{
  Action a;
  std::string_view line;
  try {
    if (!layout.rank_files.empty()) {
      for (int r = 0; r < layout.ranks; ++r) {
        const std::string& file = layout.rank_files[std::size_t(r)];
        LineReader lines(open_file(file));
        std::uint64_t type = 1;
        while (lines.next(line))
          if (parse_line(line, file, lines.line_number(), r, layout.ranks, true, type, a))
            time.add(a, r, file, lines.line_number(), line);
      }
      return;
    }
    LineReader lines(open_file(layout.shared_file));
    std::vector<std::uint64_t> types(std::size_t(layout.ranks), 1);
    while (lines.next(line)) {
      int who = 0;
      std::uint64_t type = 1;
      // The datatype default is per rank: parse with the line's own rank's.
      const auto t = trim(line);
      if (skipped(t))
        continue;
      const auto r = to_long(t.substr(0, t.find_first_of(" \t")));
      if (r && *r >= 0 && *r < layout.ranks)
        type = types[std::size_t(*r)];
      if (parse_line(line, layout.shared_file, lines.line_number(), 0, layout.ranks, false, type, a, &who))
        time.add(a, who, layout.shared_file, lines.line_number(), line);
      types[std::size_t(who)] = type;
    }
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const base::ParamRuleError*>(&e) != nullptr)
      throw;
    fail_file(shown(layout.trace), fmt::format("a readable trace ({})", e.what()));
  }
}

// What a pass over a well-formed trace found that the settings scale: per rank, the largest computation (flops)
// and sleep (s), and their sums.
// And what it communicates (apps::Traffic's lower bounds): its bytes and messages to and from other ranks, its
// calls, and its blocking calls that wait for another rank.
struct RankAmounts {
  double largest_flops = 0, largest_sleep = 0, flops = 0, sleep = 0;
  double sent = 0, received = 0, messages = 0, calls = 0, waits = 0, computations = 0;
};

// The messages a data collective's rank sends: each block is one on both MPIs (mpi/collectives/mpich.cpp,
// bcs/api/data_collectives.cpp), so a scatter's root sends n - 1, a gather's other ranks one each, and every rank
// of an all-gather or all-to-all n - 1 (hostile pass of 2026-12-07, finding 7: 1e5 alltoalls on 64 ranks, 4e8
// messages, passed as 1e5 calls).
double block_messages(const Action& a, int rank, int ranks)
{
  switch (a.kind) {
    case Kind::scatter:
    case Kind::scatterv:
      return rank == a.root ? double(ranks - 1) : 0;
    case Kind::gather:
    case Kind::gatherv:
      return rank == a.root ? 0 : 1;
    default: // allgather, alltoall and their v forms
      return double(ranks - 1);
  }
}

// One action's communication, as the replay (replay.cpp) runs it. A message to or from itself is a copy, and a
// wildcard receive may take one: neither counts as bytes or a wait.
void count_traffic(const Action& a, int rank, int ranks, RankAmounts& r)
{
  switch (a.kind) {
    case Kind::send:
    case Kind::isend:
      ++r.calls;
      if (a.src != rank) {
        r.sent += double(a.bytes), ++r.messages;
        r.waits += a.kind == Kind::send;
      }
      return;
    case Kind::recv:
    case Kind::irecv:
      ++r.calls;
      if (!a.any_source && a.src != rank) {
        r.received += a.probe_size ? 0 : double(a.bytes);
        r.waits += a.kind == Kind::recv;
      }
      return;
    case Kind::sendrecv:
      ++r.calls;
      if (a.dst != rank)
        r.sent += double(a.bytes), ++r.messages;
      if (!a.any_source && a.src != rank)
        r.received += double(a.recv_bytes);
      r.waits += a.dst != rank || (!a.any_source && a.src != rank);
      return;
    case Kind::barrier:
      ++r.calls;
      r.waits += ranks > 1;
      return;
    // What each rank must at least move, however the MPI carries it (hostile pass of 2026-12-06: 8 TB broadcasts on
    // BCS-MPI passed the bound): a broadcast's data reaches every other rank, once out of the root; a reduction's
    // leaves every rank but the root (its contribution, or a partial result of its size); an allreduce's also comes
    // back to each.
    case Kind::bcast:
      ++r.calls;
      if (ranks > 1) {
        ++r.waits;
        (rank == a.root ? r.sent : r.received) += double(a.bytes);
      }
      return;
    case Kind::reduce:
    case Kind::allreduce: {
      ++r.calls;
      if (ranks > 1) {
        ++r.waits;
        const double bytes = double(a.reduction.count) * double(mpi::size_of(a.reduction.type));
        if (a.kind == Kind::allreduce || rank != a.root)
          r.sent += bytes;
        if (a.kind == Kind::allreduce)
          r.received += bytes;
      }
      return;
    }
    // The data collectives (hostile pass of 2026-12-07: gathers of 9e15 B passed the bound on BCS-MPI and ran
    // without end): a rooted one's blocks leave or reach the root from every other rank, an all-to-all's go both
    // ways between every pair, an all-gather's come to each rank from every other.
    case Kind::gather:
    case Kind::scatter:
    case Kind::allgather:
    case Kind::alltoall: {
      ++r.calls;
      if (ranks <= 1)
        return;
      ++r.waits;
      const double others = double(ranks - 1);
      r.messages += block_messages(a, rank, ranks);
      if (a.kind == Kind::gather)
        (rank == a.root ? r.received : r.sent) += rank == a.root ? others * double(a.recv_bytes) : double(a.bytes);
      else if (a.kind == Kind::scatter)
        (rank == a.root ? r.sent : r.received) += rank == a.root ? others * double(a.bytes) : double(a.recv_bytes);
      else if (a.kind == Kind::allgather)
        r.received += others * double(a.recv_bytes);
      else
        r.sent += others * double(a.bytes);
      return;
    }
    case Kind::alltoallv: {
      ++r.calls;
      if (ranks <= 1)
        return;
      ++r.waits;
      r.messages += block_messages(a, rank, ranks);
      for (std::size_t i = 0; i < a.counts.size(); ++i)
        if (int(i) != rank)
          r.sent += double(a.counts[i]);
      for (std::size_t i = 0; i < a.recv_counts.size(); ++i)
        if (int(i) != rank)
          r.received += double(a.recv_counts[i]);
      return;
    }
    // Their blocks' messages (the data collectives' above); their bytes are not counted.
    case Kind::gatherv:
    case Kind::scatterv:
    case Kind::allgatherv:
      ++r.calls;
      if (ranks <= 1)
        return;
      ++r.waits;
      r.messages += block_messages(a, rank, ranks);
      return;
    case Kind::init:
    case Kind::finalize:
    case Kind::comm_size:
    case Kind::comm_split:
    case Kind::comm_dup:
    case Kind::location:
      return;
    case Kind::compute:
    case Kind::sleep:
      ++r.computations;
      return;
    default: // the other collectives, wait, waitall, test
      ++r.calls;
  }
}

// The amounts, and the trace's shape (trace_shape.hpp) checked on the same pass.
class AmountTally {
public:
  explicit AmountTally(const Layout& layout) : ranks_(std::size_t(layout.ranks)), shape_(layout) {}
  void add(const Action& a, int rank, const std::string& file, std::uint64_t line, std::string_view text)
  {
    shape_.add(a, rank, file, line, text);
    RankAmounts& r = ranks_.at(std::size_t(rank));
    count_traffic(a, rank, int(ranks_.size()), r);
    if (a.kind == Kind::sleep) {
      r.largest_sleep = std::max(r.largest_sleep, a.amount);
      r.sleep += a.amount;
    } else {
      r.largest_flops = std::max(r.largest_flops, a.amount);
      r.flops += a.amount;
    }
  }
  std::vector<RankAmounts> take()
  {
    shape_.finish();
    return std::move(ranks_);
  }

private:
  std::vector<RankAmounts> ranks_;
  TraceShape shape_;
};

// A study validates its trace once per point and backend, and the NAS traces hold millions of lines (CG: 7.7 M, a
// second per pass): the settings-independent pass is made once per process and trace content (hashing CG's 8 MB
// of compressed files takes milliseconds).
const std::vector<RankAmounts>& amounts_of(const Layout& layout)
{
  static std::mutex mutex;
  static std::map<std::vector<std::string>, std::vector<RankAmounts>> cache;
  std::vector<std::string> key;
  for (const std::string& file :
       layout.rank_files.empty() ? std::vector<std::string>{layout.shared_file} : layout.rank_files)
    key.push_back(fmt::format("{} {:016x}", file, base::file_hash(file)));
  key.push_back(std::to_string(layout.ranks));
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = cache.find(key); it != cache.end())
    return it->second;
  AmountTally tally(layout);
  parse_every_line(layout, tally);
  return cache.emplace(std::move(key), tally.take()).first->second;
}

// True when every rank's time under `settings`, bounded from its amounts, is clearly within the limit (a margin
// covers the rounding of a sum taken in another order).
bool clearly_within_limit(const std::vector<RankAmounts>& ranks, const Settings& settings)
{
  constexpr double margin = 1 - 1e-9;
  for (const RankAmounts& r : ranks) {
    const double total = compute_seconds(r.flops, settings) + r.sleep;
    if (!base::within_sim_time_limit(compute_seconds(r.largest_flops, settings)) ||
        !base::within_sim_time_limit(r.largest_sleep) || !(total <= base::kMaxSimulatedSeconds * margin))
      return false;
  }
  return true;
}

} // namespace

double busiest_rank_seconds(const Layout& layout, const Settings& settings)
{
  double most = 0;
  for (const RankAmounts& r : amounts_of(layout))
    most = std::max(most, compute_seconds(r.flops, settings) + r.sleep);
  return most;
}

Traffic least_traffic(const Layout& layout)
{
  Traffic t;
  t.path = kTracePath;
  t.fewer = "a trace with fewer or smaller messages";
  for (const RankAmounts& r : amounts_of(layout)) {
    t.rank_bytes = std::max({t.rank_bytes, r.sent, r.received});
    t.rank_waits = std::max(t.rank_waits, r.waits);
    t.calls += r.calls;
    t.messages += r.messages;
    t.computations += r.computations;
  }
  return t;
}

void validate(const Layout& layout, const Settings& settings)
{
  if (clearly_within_limit(amounts_of(layout), settings))
    return;
  TimeTally time(settings, layout.ranks); // past or near the limit: the pass again, to name the line
  parse_every_line(layout, time);
}

namespace {

std::unique_ptr<ByteSource> open_rank_file(const std::string& file)
{
  try {
    return open_file(file);
  } catch (const std::runtime_error& e) {
    fail_file(shown(file), fmt::format("a readable rank file ({})", e.what()));
  }
}

} // namespace

ActionReader::ActionReader(const Layout& layout, int rank)
    : file_(layout.rank_files.empty() ? layout.shared_file : layout.rank_files.at(std::size_t(rank))), rank_(rank),
      ranks_(layout.ranks), shared_(layout.rank_files.empty()), lines_(open_rank_file(file_))
{
}

bool ActionReader::next(Action& action)
{
  std::string_view line;
  try {
    while (lines_.next(line)) {
      if (shared_) { // skip the other ranks' lines without parsing them
        const std::string_view t = trim(line);
        if (skipped(t))
          continue;
        const auto r = to_long(t.substr(0, t.find_first_of(" \t")));
        if (r && *r != rank_)
          continue;
      }
      if (parse_line(line, file_, lines_.line_number(), rank_, ranks_, !shared_, default_type_bytes_, action)) {
        current_ = trim(line);
        return true;
      }
    }
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const base::ParamRuleError*>(&e) != nullptr)
      throw;
    fail_file(shown(file_), fmt::format("a readable rank file ({})", e.what()));
  }
  return false;
}

void ActionReader::fail(const std::string& allowed) const { fail_at(file_, lines_.line_number(), current_, allowed); }

} // namespace bcssim::apps::replay
