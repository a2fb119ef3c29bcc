// The trace replay's pure parts (apps/replay): SimGrid 3.32's action syntax and datatypes, the trace layouts
// and compressions, errors naming file:line and the action, the reader's memory bound over a long trace, and
// the messages a replayed SWEEP3D trace sends against the SWEEP3D proxy's on the same input (a recording
// mpi::Comm: no simulation).
#include "apps/replay/message_ledger.hpp"
#include "apps/replay/replay.hpp"
#include "apps/replay/trace.hpp"
#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "base/envelope.hpp"
#include "base/line_reader.hpp"
#include "mpi/reduce_op.hpp"

#include <doctest/doctest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

using namespace bcssim;
using namespace bcssim::apps::replay;
namespace fs = std::filesystem;

namespace {

const std::string kData = std::string(BCSSIM_SOURCE_DIR) + "/tests/data/replay/";

Action parse(const std::string& text, int ranks = 4, int rank = 0)
{
  Action a;
  std::uint64_t type = 1;
  REQUIRE(parse_line(text, "t.txt", 1, rank, ranks, true, type, a));
  return a;
}

// The message of the ParamRuleError parsing `text` throws ("" when it parses).
std::string error_of(const std::string& text, int ranks = 4, int rank = 0)
{
  Action a;
  std::uint64_t type = 1;
  try {
    parse_line(text, "dir/rank-0.txt", 17, rank, ranks, true, type, a);
  } catch (const base::ParamRuleError& e) {
    CHECK(e.error.path == "replay.trace");
    return e.what();
  }
  return "";
}

// A scratch folder under the build tree's working directory, emptied first.
fs::path scratch(const std::string& name)
{
  const fs::path p = fs::temp_directory_path() / ("bcssim-replay-test-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

} // namespace

TEST_CASE("replay trace: every action of SimGrid 3.32's replay parses into bytes as SMPI counts them")
{
  CHECK(datatype_size(0) == 8u);              // MPI_DOUBLE
  CHECK(datatype_size(1) == 4u);              // MPI_INT
  CHECK(datatype_size(2) == 1u);              // MPI_CHAR
  CHECK(datatype_size(6) == 1u);              // MPI_BYTE
  CHECK(datatype_size(36) == 16u);            // MPI_2DOUBLE
  CHECK(datatype_size(59) == 8u);             // MPI_COUNT
  CHECK_FALSE(datatype_size(-1).has_value()); // a derived datatype: its size is not in the trace
  CHECK_FALSE(datatype_size(60).has_value());

  Action a = parse("0 send 3 3000 150 0");
  CHECK(a.kind == Kind::send);
  CHECK(a.src == 3);
  CHECK(a.tag == 3000);
  CHECK(a.bytes == 1200u);
  a = parse("0 send 3 7 150"); // no datatype: the default, MPI_BYTE before an "init" with an argument
  CHECK(a.bytes == 150u);
  {
    Action b;
    std::uint64_t type = 1;
    parse_line("0 init 1", "t", 1, 0, 4, true, type, b); // SMPI: MPE traces' init has an argument -> MPI_DOUBLE
    CHECK(type == 8u);
    parse_line("0 send 1 0 3", "t", 2, 0, 4, true, type, b);
    CHECK(b.bytes == 24u);
  }
  a = parse("0 irecv -1 -444 -1");
  CHECK(a.kind == Kind::irecv);
  CHECK(a.any_source);
  CHECK(a.src == base::ANY_SOURCE);
  CHECK(a.tag == base::ANY_TAG);
  CHECK(a.probe_size);
  a = parse("0 wait 2 0 11");
  CHECK((a.kind == Kind::wait && a.src == 2 && a.dst == 0 && a.tag == 11));
  a = parse("0 bcast 16 2 1 ");
  CHECK((a.kind == Kind::bcast && a.bytes == 64u && a.root == 2));
  a = parse("0 bcast 16");
  CHECK((a.bytes == 16u && a.root == 0));
  a = parse("0 reduce 3 500 1 0");
  CHECK((a.reduction.count == 3u && a.reduction.type == mpi::Datatype::float64 && a.root == 1 && a.amount == 500));
  a = parse("0 allreduce 5 0 2"); // 5 chars travel as 5 bytes
  CHECK((a.reduction.count == 5u && a.reduction.type == mpi::Datatype::byte));
  a = parse("0 allreduce 2 0 36"); // 2 MPI_2DOUBLE = 32 bytes
  CHECK((a.reduction.count == 32u && a.reduction.type == mpi::Datatype::byte));
  a = parse("0 gather 2 3 1 1 0");
  CHECK((a.kind == Kind::gather && a.bytes == 8u && a.recv_bytes == 24u && a.root == 1));
  a = parse("0 gatherv 2 1 2 3 4 3 1 1");
  CHECK((a.bytes == 8u && a.root == 3 && a.counts == std::vector<std::uint64_t>{4, 8, 12, 16}));
  a = parse("0 allgatherv 2 1 2 3 4 0 0");
  CHECK((a.bytes == 16u && a.counts == std::vector<std::uint64_t>{8, 16, 24, 32}));
  a = parse("0 allgatherv 2 1 2 3 4 0 1 3 6"); // counts then displacements, default datatype
  CHECK((a.bytes == 2u && a.counts == std::vector<std::uint64_t>{1, 2, 3, 4}));
  a = parse("0 scatterv 1 2 3 4 1 2 0 0");
  CHECK((a.recv_bytes == 8u && a.root == 2 && a.counts == std::vector<std::uint64_t>{8, 16, 24, 32}));
  a = parse("0 alltoallv 10 1 2 3 4 20 4 3 2 1 1 6");
  CHECK((a.counts == std::vector<std::uint64_t>{4, 8, 12, 16} &&
         a.recv_counts == std::vector<std::uint64_t>{4, 3, 2, 1}));
  a = parse("0 reducescatter 1 2 3 4 0 0");
  CHECK((a.reduce_counts == std::vector<std::size_t>{1, 2, 3, 4} && a.reduction.count == 10u &&
         a.reduction.type == mpi::Datatype::float64));
  a = parse("0 scan 4 10 1");
  CHECK((a.kind == Kind::scan && a.reduction.count == 4u && a.reduction.type == mpi::Datatype::int32));
  a = parse("0 sendRecv 10 1 20 3 0 1");
  CHECK((a.kind == Kind::sendrecv && a.bytes == 80u && a.dst == 1 && a.recv_bytes == 80u && a.src == 3));
  a = parse("0 compute 74090");
  CHECK((a.kind == Kind::compute && a.amount == 74090));
  a = parse("0\tsleep\t0.5");
  CHECK((a.kind == Kind::sleep && a.amount == 0.5));
  for (const char* noop :
       {"0 finalize", "0 comm_size 4", "0 comm_split", "0 comm_dup", "0 location a.c 3", "0 waitall 3", "0 barrier"})
    CHECK(parse(noop).kind != Kind::compute);
  Action skip;
  std::uint64_t type = 1;
  CHECK_FALSE(parse_line("   ", "t", 1, 0, 4, true, type, skip));
  CHECK_FALSE(parse_line("# a comment", "t", 1, 0, 4, true, type, skip));
}

TEST_CASE("replay trace: a malformed line is an error naming file:line, the line and what is allowed")
{
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"0 fly 3", "one of SimGrid 3.32's replay actions: init, finalize"},
      {"0 Ssend 1 0 4 0", "\"Ssend\" is traced by SMPI but its replay has no such action"},
      {"0 Ssend 1 0 4 0", "To replay this trace, replace \"Ssend\" by \"send\" on every line"},
      // MPI's own names (hostile pass of 2026-12-07): the trace's name, and for MPI_Ssend the same renaming.
      {"0 MPI_Send 1 0 4 0", "without \"MPI_\": \"MPI_Send\" is written \"send\""},
      {"0 MPI_Ssend 1 0 4 0", "\"MPI_Ssend\" is \"Ssend\". To replay this trace, replace \"MPI_Ssend\" by \"send\""},
      {"0 ibcast 4 0 1", "\"ibcast\" is traced by SMPI"},
      {"0 send 1 0", "\"send\" with 3 to 4 arguments: send <peer> <tag> <count> [datatype]"},
      {"0 send 1 0 4 0 9", "with 3 to 4 arguments"},
      {"0 send x 0 4", "the peer rank (argument 1 of \"send\") to be an integer; got \"x\""},
      // An integer past MPI's int (hostile pass of 2026-12-07: it was "not an integer").
      {"0 send 1 4294967296 4", "the tag (argument 2 of \"send\") to be an integer from -2147483648 to 2147483647 "
                                "(an MPI int); got \"4294967296\""},
      {"0 send 4 0 4", "a rank of the trace's 4: 0 to 3; got 4"},
      {"0 send 1 0 -4", "a non-negative whole number of at most 9e15; got \"-4\""},
      {"0 send 1 0 2.5", "whole number"},
      {"0 send 1 -2 4", "a non-negative tag on a send"},
      {"0 send 1 0 4 -1", "-1 is a derived datatype, whose size SMPI 3.32 does not record"},
      {"0 bcast 4 0 77", "a datatype id of SimGrid 3.32"},
      {"0 compute -5", "the flops (argument 1 of \"compute\") to be a non-negative number"},
      {"0 compute nan", "non-negative number"},
      {"0 gatherv 1 1 1 1", "gatherv <send count> <4 receive counts>"},
      {"0 allgatherv 1 1 1 1 1 0 0 0 0 0", "optionally followed by 4 displacements"},
      {"2 compute 5", "only actions of rank 0 in its file"},
      {"9 compute 5", "a line starting with the rank it belongs to, 0 to 3"},
      {"compute", "\"<rank> <action> <arguments>\""},
  };
  for (const auto& entry : bad) {
    const auto& line = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& expected = std::get<1>(entry);
    CAPTURE(line);
    const std::string e = error_of(line);
    CHECK(e.find("replay.trace = dir/rank-0.txt:17: \"" + line + "\": expected ") == 0);
    CHECK(e.find(expected) != std::string::npos);
  }
}

TEST_CASE("replay trace: a message shows a line's control bytes as \\xNN and a huge argument's first 40 bytes")
{
  // A NUL ended the message where C strings end; an escape sequence recoloured the terminal; a 10 MB number was
  // quoted whole (hostile pass of 2026-12-06).
  const std::string nul = error_of(std::string("0 compute 1\0x", 13));
  CHECK(nul.find("\"0 compute 1\\x00x\": expected the flops (argument 1 of \"compute\") to be a non-negative number; "
                 "got \"1\\x00x\"") != std::string::npos);
  const std::string esc = error_of("0 compute \x1b[31mRED\x07");
  CHECK(esc.find('\x1b') == std::string::npos);
  CHECK(esc.find("got \"\\x1b[31mRED\\x07\"") != std::string::npos);
  const std::string huge = error_of("0 compute " + std::string(1000000, '9') + "x");
  CHECK(huge.find("got \"" + std::string(40, '9') + "... (1000001 bytes)\"") != std::string::npos);
  CHECK(huge.size() < 1000);
}

TEST_CASE("replay trace: index, shared file, gzip and xz hold the same actions; a missing rank file is named")
{
  const Layout index = read_layout(kData + "all-actions/index.txt");
  CHECK(index.ranks == 4);
  REQUIRE(index.rank_files.size() == 4);
  CHECK(index.rank_files[3] == kData + "all-actions/ranks/rank-3.txt");
  validate(index);
  for (const char* shared : {"all-actions-shared.txt", "all-actions-shared.txt.gz", "all-actions-shared.txt.xz"}) {
    CAPTURE(shared);
    const Layout l = read_layout(kData + shared);
    CHECK(l.ranks == 4);
    CHECK(l.rank_files.empty());
    validate(l);
    // Rank 3's actions, from its own file and from the shared one, are the same.
    ActionReader mine(index, 3);
    ActionReader theirs(l, 3);
    Action a;
    Action b;
    int actions = 0;
    while (mine.next(a)) {
      REQUIRE(theirs.next(b));
      CHECK(a.kind == b.kind);
      CHECK(a.bytes == b.bytes);
      ++actions;
    }
    CHECK_FALSE(theirs.next(b));
    CHECK(actions == 24);
  }

  const fs::path dir = scratch("layout");
  write(dir / "index.txt", "r0.txt\n\nr1.txt\n");
  write(dir / "r0.txt", "0 init\n0 compute 5\n");
  try {
    read_layout((dir / "index.txt").string());
    FAIL("a missing rank file must be an error");
  } catch (const base::ParamRuleError& e) {
    CHECK(std::string(e.what()).find((dir / "index.txt").string() + ":3: \"r1.txt\": expected an existing rank file") !=
          std::string::npos);
  }
  write(dir / "r1.txt", "1 init\n1 compute 5\n1 frobnicate\n");
  const Layout l = read_layout((dir / "index.txt").string());
  try {
    validate(l);
    FAIL("a bad action must be an error");
  } catch (const base::ParamRuleError& e) {
    CHECK(std::string(e.what()).find("r1.txt:3: \"1 frobnicate\": expected one of") != std::string::npos);
  }
  CHECK_THROWS_AS(read_layout((dir / "none.txt").string()), base::ParamRuleError);
  CHECK_THROWS_AS(read_layout(""), base::ParamRuleError);
  write(dir / "corrupt.gz", std::string("\x1f\x8b\x08\x00garbage-garbage", 20));
  CHECK_THROWS_AS(validate(read_layout((dir / "corrupt.gz").string())), base::ParamRuleError);
}

namespace {

// N lines of "0 compute 1000" made on the fly: a trace as long as wanted without a file.
class Generated : public ByteSource {
public:
  explicit Generated(std::uint64_t lines) : left_(lines) {}
  std::size_t read(char* into, std::size_t capacity) override
  {
    static const std::string line = "0 isend 1 3000 150 0\n";
    std::size_t n = 0;
    while (left_ > 0 && n + line.size() <= capacity) {
      line.copy(into + n, line.size());
      n += line.size();
      --left_;
    }
    return n;
  }

private:
  std::uint64_t left_;
};

} // namespace

TEST_CASE("replay trace: the reader's memory does not grow with the trace's length")
{
  // 4 million lines (84 MB of text) through a line reader and the parser: the buffers after the first thousand
  // lines are those after the last.
  LineReader lines(std::make_unique<Generated>(4'000'000));
  std::string_view line;
  Action a;
  std::uint64_t type = 1;
  std::size_t after_1000 = 0;
  std::uint64_t n = 0;
  while (lines.next(line)) {
    parse_line(line, "gen", lines.line_number(), 0, 2, true, type, a);
    if (++n == 1000)
      after_1000 = lines.buffer_bytes();
  }
  CHECK(n == 4'000'000u);
  CHECK(lines.buffer_bytes() == after_1000);
  CHECK(after_1000 <= LineReader::kBufferBytes + LineReader::kLineBytes);

  // A long gzip-compressed rank file read by an ActionReader: the same bound, whatever the length.
  const fs::path dir = scratch("long");
  const std::string file = (dir / "rank.txt.gz").string();
  gzFile gz = gzopen(file.c_str(), "wb6");
  REQUIRE(gz != nullptr);
  const std::string body = "0 compute 1000\n0 send 1 3000 150 0\n";
  for (int i = 0; i < 200'000; ++i)
    gzwrite(gz, body.data(), unsigned(body.size()));
  gzclose(gz);
  write(dir / "one.txt", "1 init\n");
  write(dir / "index.txt", "rank.txt.gz\none.txt\n");
  const Layout l = read_layout((dir / "index.txt").string());
  ActionReader reader(l, 0);
  std::size_t first = 0;
  std::uint64_t actions = 0;
  while (reader.next(a))
    if (++actions == 1000)
      first = reader.buffer_bytes();
  CHECK(actions == 400'000u);
  CHECK(reader.buffer_bytes() == first);
  CHECK(first < 128 * 1024);
}

namespace {

// An mpi::Comm that completes every operation at once and records the application's calls: its point-to-point
// messages and the collectives it calls (their own messages are left out), in order, without simulating.
class RecordingComm : public mpi::Comm {
public:
  // 's'end or 'r'eceive (peer, bytes, tag); 'b'arrier, 'B'cast (root, bytes) or 'A'llreduce (bytes).
  using Message = std::tuple<char, int, std::uint64_t, int>;
  RecordingComm(int rank, int size) : rank_(rank), size_(size) {}
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  bool test(const mpi::Request& r, mpi::Status* s) override
  {
    if (s != nullptr)
      *s = r->status();
    return r->done();
  }
  void wait(const mpi::Request& r, mpi::Status* s) override { test(r, s); }
  bool iprobe(int, int, mpi::Status*) override { return false; }
  void probe(int, int, mpi::Status*) override {}
  void barrier() override { log.emplace_back('b', 0, 0, 0); }
  void bcast(void*, std::uint64_t bytes, int root) override { log.emplace_back('B', root, bytes, 0); }
  void allreduce(const void*, void*, std::size_t count, mpi::Datatype type, mpi::Op) override
  {
    log.emplace_back('A', 0, count * mpi::size_of(type), 0);
  }
  std::vector<Message> log;

protected:
  mpi::Request start_send(const void*, std::uint64_t bytes, int dst, int tag, Plane plane) override
  {
    if (plane == Plane::user)
      log.emplace_back('s', dst, bytes, tag);
    return done(dst, tag, bytes);
  }
  mpi::Request start_recv(void*, std::uint64_t capacity, int src, int tag, Plane plane) override
  {
    if (plane == Plane::user)
      log.emplace_back('r', src, capacity, tag);
    return done(src, tag, capacity);
  }

private:
  static mpi::Request done(int peer, int tag, std::uint64_t bytes)
  {
    auto r = std::make_shared<mpi::RequestState>();
    r->complete(mpi::Status{peer, tag, bytes});
    return r;
  }
  int rank_;
  int size_;
};

// Per rank, the replayed trace's calls and the proxy's on the same input are the same sequence: messages with their
// peers, sizes and tags, collectives with their roots and sizes.
void compare_with_proxy(const std::string& index, const apps::sweep3d::Spec& spec)
{
  REQUIRE_MESSAGE(fs::exists(index), "the repository carries this trace (traces/README.md)");
  const Layout layout = read_layout(index);
  REQUIRE(layout.ranks == spec.npe_i * spec.npe_j);
  std::uint64_t messages = 0;
  for (int r = 0; r < layout.ranks; ++r) {
    CAPTURE(r);
    RecordingComm traced(r, layout.ranks);
    ActionReader reader(layout, r);
    MessageLedger ledger(std::make_shared<const Layout>(layout)); // this rank's alone: no peer runs beside it
    run(traced, reader, Settings{1e9, 0}, ledger);                // compute_scale 0: communication only
    RecordingComm proxy(r, layout.ranks);
    apps::sweep3d::run(proxy, spec);
    CHECK(traced.log == proxy.log);
    const auto t = apps::sweep3d::traffic_per_iteration(spec, r);
    const auto point_to_point = std::size_t(std::count_if(traced.log.begin(), traced.log.end(), [](const auto& m) {
      return std::get<0>(m) == 's' || std::get<0>(m) == 'r';
    }));
    CHECK(point_to_point == std::size_t(spec.iterations) * (t.sends + t.recvs));
    messages += point_to_point;
  }
  MESSAGE(index << ": " << messages / 2
                << " messages, the same per rank (peer, bytes, tag, order) as the proxy's, and the same collectives");
}

apps::sweep3d::Spec proxy_spec(int npe, int cells, int kt, int mk)
{
  apps::sweep3d::Spec s;
  s.npe_i = s.npe_j = npe;
  s.it_g = s.jt_g = npe * cells;
  s.kt = kt;
  s.mm = 6;
  s.mmi = 3;
  s.mk = mk;
  s.iterations = 2;
  s.grind = 0;
  return s;
}

} // namespace

TEST_CASE("replay: the real SWEEP3D's trace makes the SWEEP3D proxy's calls, rank by rank - config-A-16")
{
  compare_with_proxy(std::string(BCSSIM_SOURCE_DIR) + "/traces/sweep3d-2.2b/config-A-16/sweep3d-A-16.txt",
                     proxy_spec(4, 10, 10, 5));
}

TEST_CASE("replay: the real SWEEP3D's trace makes the SWEEP3D proxy's calls, rank by rank - paper-64")
{
  compare_with_proxy(std::string(BCSSIM_SOURCE_DIR) + "/traces/sweep3d-2.2b/paper-64/sweep3d-paper-64.txt",
                     proxy_spec(8, 50, 50, 10));
}
