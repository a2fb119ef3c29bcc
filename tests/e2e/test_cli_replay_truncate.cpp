// A receive smaller than its message is what a real MPI aborts (MPI_ERR_TRUNCATE): the replay refuses it with exit
// 2 on both MPIs alike, whether the trace shows it (a named pair, a collective's counts) or only matching does (a
// receive from any source). Issue 67 item 3: a wildcard anywhere switched every check off, collectives' counts
// were not compared, and the run copied the smaller size with exit 0. Item 17: a traced MPI_Ssend says what to do.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

const std::string kHead = "0 init\n1 init\n", kTail = "0 finalize\n1 finalize\n";

std::string replay_args(int ranks = 2)
{
  return std::string(BCSSIM_SOURCE_DIR) +
         "/scenarios/replay-example.json --set app.processes=" + std::to_string(ranks) +
         " --set compare=false --set 'sweep.replay.compute_scale=[1]'";
}

// Runs `trace` on both MPIs: both exit `code` with the same output, which holds every one of `said`; an exit 2
// writes no results folder.
void check_both(const std::string& trace, int code, const std::vector<std::string>& said, int ranks = 2)
{
  const fs::path file = kTmp / "t.txt";
  std::ofstream(file) << trace;
  std::string first;
  for (const std::string mpi : {"quadrics", "bcs"}) {
    CAPTURE(trace);
    CAPTURE(mpi);
    fs::remove_all(kTmp / "o");
    const auto r = bcssim("run " + replay_args(ranks) + " -q --set mpi=" + mpi +
                          " --set replay.trace=" + file.string() + " --out " + (kTmp / "o").string());
    CAPTURE(r.output);
    CHECK(r.code == code);
    for (const std::string& s : said)
      CHECK(r.output.find(s) != std::string::npos);
    if (code == 2) {
      CHECK(!fs::exists(kTmp / "o"));
      if (first.empty())
        first = r.output;
      CHECK(r.output == first);
    }
  }
}

} // namespace

TEST_CASE("a receive from any source smaller than the message it matches is exit 2 at its line, on both MPIs")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string file = (kTmp / "t.txt").string();
  const std::vector<std::string> said = {
      file + ":4: \"1 recv -1 0 10\": expected rank 1's receive to be at least the 100000 bytes of the message it "
             "matched (rank 0's, tag 0), not 10: MPI_ERR_TRUNCATE (MPI requires a receive buffer at least the "
             "message's size; a larger one is fine)"};
  check_both(kHead + "0 send 1 0 100000\n1 recv -1 0 10\n" + kTail, 2, said); // the issue's trace: was exit 0
  // Any tag, and a non-blocking receive completed by its wait, by waitall, or by the end of the trace.
  check_both(kHead + "0 send 1 7 100000\n1 recv 0 -1 10\n" + kTail, 2,
             {":4: \"1 recv 0 -1 10\"", "(rank 0's, tag 7), not 10: MPI_ERR_TRUNCATE"});
  for (const std::string completion : {"1 wait 0 1 0\n", "1 waitall\n", ""})
    check_both(kHead + "0 isend 1 0 5000\n1 irecv -1 0 64\n1 compute 1000\n" + completion + "0 wait 0 1 0\n" + kTail, 2,
               {":4: \"1 irecv -1 0 64\"", "at least the 5000 bytes", "not 64: MPI_ERR_TRUNCATE"});
  // A receive larger than its message is MPI: it runs.
  check_both(kHead + "0 send 1 0 10\n1 recv -1 0 100000\n0 send 1 3 8\n1 irecv -1 -1 8\n1 wait 0 1 3\n" + kTail, 0, {});
  fs::remove_all(kTmp);
}

TEST_CASE("a message no receive takes, where a wildcard could have taken it, is exit 2 at its send on both MPIs")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string file = (kTmp / "t.txt").string();
  // Two sends, one receive from any source (hostile pass of 2026-12-07: the baseline dropped the second, eager
  // message and exited 0; BCS-MPI's blocking send waited for a receive forever: exit 3).
  check_both(kHead + "0 send 1 0 10\n0 send 1 0 10\n1 recv -1 0 10\n" + kTail, 2,
             {file + ":4: expected a send that rank 1 receives: rank 0's message to it (tag 0, 10 bytes) matches no "
                     "receive of rank 1, which finalized without taking it"});
  // A non-blocking one, and one sent to a rank that has already finalized (rank 2's computation ends after).
  check_both("0 init\n1 init\n2 init\n0 isend 1 0 10\n2 compute 1e9\n2 send 1 0 10\n1 recv -1 0 10\n"
             "0 wait 0 1 0\n0 finalize\n1 finalize\n2 finalize\n",
             2, {"rank 2's message to it (tag 0, 10 bytes) matches no receive of rank 1"}, 3);
  // Every message taken by some wildcard receive: it runs.
  check_both(kHead + "0 send 1 0 10\n0 send 1 4 10\n1 recv -1 -1 10\n1 recv -1 4 10\n" + kTail, 0, {});
  fs::remove_all(kTmp);
}

TEST_CASE("what the trace shows is checked before the run even with wildcard receives elsewhere, collectives too")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // The issue's plain truncating pair, refused alone, passed once another line had `recv -1 5 8`.
  check_both(kHead + "0 send 1 0 100\n1 recv 0 0 10\n0 send 1 5 8\n1 recv -1 5 8\n" + kTail, 2,
             {":4: expected a receive of at least the 100 bytes that its matching send from rank 0 (tag 0, ",
              "not 10: MPI_ERR_TRUNCATE (rank 1's recv;"});
  // The issue's scatter: the root's own block is the first not to fit; then another rank's.
  check_both(kHead + "0 scatter 1000 10 0\n1 scatter 1000 10 0\n" + kTail, 2,
             {":3: \"0 scatter 1000 10 0\": expected rank 0's scatter (collective number 1) to receive at least the "
              "1000 bytes rank 0 sends it (on this line), not 10: MPI_ERR_TRUNCATE"});
  check_both(kHead + "0 scatter 1000 1000 0\n1 scatter 1000 10 0\n" + kTail, 2,
             {":4: \"1 scatter 1000 10 0\": expected rank 1's scatter (collective number 1) to receive at least the "
              "1000 bytes rank 0 sends it (",
              ":3), not 10: MPI_ERR_TRUNCATE"});
  check_both(kHead + "0 gatherv 10 10 10 0\n1 gatherv 5000000 10 10 0\n" + kTail, 2,
             {":4: \"1 gatherv 5000000 10 10 0\": expected rank 1's gatherv (collective number 1) to send rank 0 at "
              "most the 10 bytes it receives (",
              "not 5000000: MPI_ERR_TRUNCATE"});
  check_both(kHead + "0 alltoall 100 1\n1 alltoall 100 1\n" + kTail, 2,
             {":3: \"0 alltoall 100 1\": expected rank 0's alltoall (collective number 1) to receive at least the 100 "
              "bytes rank 0 sends it (on this line), not 1"});
  // Larger receives, and every count matching, run.
  check_both(kHead + "0 scatter 10 1000 0\n1 scatter 0 1000 0\n0 alltoallv 2 1 1 2 1 1\n1 alltoallv 2 1 1 2 1 1\n" +
                 kTail,
             0, {});
  fs::remove_all(kTmp);
}

TEST_CASE("a traced MPI_Ssend is exit 2 at its line saying what to do, and so are ISsend, bsend and ibsend")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  check_both(kHead + "0 Ssend 1 0 8\n1 recv 0 0 8\n" + kTail, 2,
             {":3: \"0 Ssend 1 0 8\": expected an action SimGrid 3.32 can replay (\"Ssend\" is traced by SMPI",
              "To replay this trace, replace \"Ssend\" by \"send\" on every line (the arguments are the same;",
              "sed -i 's/^\\([0-9]*\\) Ssend /\\1 send /'", "MPI_Ssend returns only once its receive has matched"});
  check_both(kHead + "0 ISsend 1 0 8\n1 recv 0 0 8\n0 wait 0 1 0\n" + kTail, 2, {"replace \"ISsend\" by \"isend\""});
  check_both(kHead + "0 bsend 1 0 8\n1 recv 0 0 8\n" + kTail, 2, {"replace \"bsend\" by \"send\""});
  // Renamed as the message says, it runs.
  check_both(kHead + "0 send 1 0 8\n1 recv 0 0 8\n" + kTail, 0, {});
  fs::remove_all(kTmp);
}

// The hostile pass of 2026-12-07 (finding 12): inside a workload, the truncation only matching reveals named
// replay.trace, not the job whose trace it is.
TEST_CASE("a workload job's trace that truncates at run time is exit 2 naming the job's path")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path trace = kTmp / "t.txt";
  std::ofstream(trace) << kHead + "0 send 1 0 100000\n1 recv -1 0 10\n" + kTail;
  const fs::path file = kTmp / "w.json";
  std::ofstream(file) << R"({"kind": "workload", "mpi": "quadrics", "platform": {"preset": "accelerando", "nodes": 2},
    "scheduler": {"algorithm": "gs", "quantum": "25ms", "mpl": 2},
    "workload": {"jobs": [{"app": {"name": "synthetic", "processes": 2},
                           "synthetic": {"pattern": "ring", "granularity": "1ms", "iterations": 5}},
                          {"app": {"name": "replay", "processes": 2}, "replay": {"trace": ")"
                      << trace.string() << "\"}}]}}";
  const auto r = bcssim("run " + file.string() + " -q --out " + (kTmp / "o").string());
  CAPTURE(r.output);
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[1].replay.trace = " + trace.string() +
                      ":4: \"1 recv -1 0 10\": expected rank 1's "
                      "receive to be at least the 100000 bytes") != std::string::npos);
  CHECK(!fs::exists(kTmp / "o"));
  fs::remove_all(kTmp);
}
