// Runs of hours that passed validation because the bound counted computation only (issue 67 item 6): now their
// messages' bytes, calls and the noise over a run time that includes communication are counted too, each refused
// with exit 2 naming what was counted and what to change, nothing written; run_bounds = false runs them anyway.
#include "cli_harness.hpp"

#include <fstream>

using namespace e2e;

namespace {

// A 2-rank trace of one message of `bytes`, and a scenario replaying it (absolute paths: any working directory).
fs::path one_message(const std::string& name, const std::string& bytes, const std::string& extra = "")
{
  fs::create_directories(kTmp);
  const fs::path trace = kTmp / (name + ".txt");
  std::ofstream(trace) << "0 init\n1 init\n0 send 1 0 " << bytes << "\n1 recv 0 0 " << bytes
                       << "\n0 finalize\n1 finalize\n";
  const fs::path scenario = kTmp / (name + ".json");
  std::ofstream(scenario) << R"({"name": ")" << name << R"(", "kind": "app", "app": {"name": "replay", "processes": 2},
    "replay": {"trace": ")" << trace.string() << "\"}" << extra << "}";
  return scenario;
}

const std::string kSynthetic = kDefault + " --set kind=app --set app.name=synthetic --set compare=false"
                                          " --set app.processes=2 --set synthetic.granularity=0s";

} // namespace

TEST_CASE("a 1e12 B message on BCS-MPI (hours of polls and slices that move data) is exit 2, nothing written")
{
  const fs::path big = one_message("terabyte", "1000000000000");
  const auto r = bcssim("run " + big.string() + " --set mpi=bcs -q --out " + (kTmp / "out").string());
  CHECK(r.code == 2);
  CHECK(r.output.find("mpi = \"bcs\": expected a run whose data (point to point, broadcast and reductions) take at most about 20 minutes to "
                      "simulate: a rank of the replay job moves at least 1e12 B to or from other ranks, 3100 s at "
                      "its node's PCI bus rate of at most 305MiB/s, so the Strobe Sender checks the unfinished "
                      "microphase about 3.1e9 times (every bcs.runtime.retry_backoff = 1us, about 2.4 us of wall "
                      "time each) and about 6.3e6 slices of 500us move data (about 0.55 ms each): about 180 minutes "
                      "(fewer or smaller messages (replay.trace = ") != std::string::npos);
  CHECK(r.output.find("a longer retry_backoff or slice, or another backend; run_bounds = false runs it anyway)") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "out"));
  CHECK_FALSE(fs::exists(kTmp / "out.partial"));
  // The option runs it anyway; the baseline moves it as one flow (no strobe); 1e9 B is seconds of simulation.
  CHECK(bcssim("validate " + big.string() + " --set mpi=bcs --set run_bounds=false").code == 0);
  CHECK(bcssim("validate " + big.string() + " --set mpi=quadrics").code == 0);
  CHECK(bcssim("validate " + one_message("gigabyte", "1000000000").string() + " --set mpi=bcs").code == 0);
  fs::remove_all(kTmp);
}

TEST_CASE("a synthetic exchange of 1 GB messages, 1000 iterations on BCS-MPI, is exit 2; 10 iterations validate")
{
  const std::string exchange = kSynthetic + " --set mpi=bcs --set synthetic.pattern=exchange"
                                            " --set synthetic.message_size=1GB";
  const auto r = bcssim("validate " + exchange + " --set synthetic.iterations=1000");
  CHECK(r.code == 2);
  CHECK(r.output.find("mpi = \"bcs\": expected a run whose data (point to point, broadcast and reductions) take at most about 20 minutes to "
                      "simulate: a rank of the synthetic job moves at least 1e12 B") != std::string::npos);
  CHECK(r.output.find("(fewer or smaller messages (synthetic.iterations = 1000), a longer retry_backoff or slice, "
                      "or another backend; run_bounds = false runs it anyway)") != std::string::npos);
  CHECK(bcssim("validate " + exchange + " --set synthetic.iterations=10").code == 0);
}

TEST_CASE("a synthetic barrier of 1e9 iterations without computation is exit 2 by its MPI calls, on either MPI")
{
  const std::string barrier = kSynthetic + " --set synthetic.pattern=barrier";
  const auto calls = bcssim("validate " + barrier + " --set mpi=quadrics --set synthetic.iterations=1000000000");
  CHECK(calls.code == 2);
  CHECK(calls.output.find("synthetic.iterations = 1000000000: expected a job of at most 3e7 MPI calls and messages "
                          "over its ranks (each about 20 to 50 us of wall time, about 20 minutes in all): the "
                          "synthetic job makes at least 2e9 calls and sends 0 messages (fewer synthetic.iterations "
                          "or processes; run_bounds = false runs it anyway)") != std::string::npos);
  // On BCS-MPI each barrier waits for a slice: 1e9 of them.
  const auto slices = bcssim("validate " + barrier + " --set mpi=bcs --set synthetic.iterations=1000000000");
  CHECK(slices.code == 2);
  CHECK(slices.output.find("mpi = \"bcs\": expected a run of at most 7e6 slices of its strobe (about 20 minutes of "
                           "simulation): the strobe runs for at least 500000 s (a rank of the synthetic job making 1e9 "
                           "blocking calls, each waiting at least a slice), 1e9 slices of 500us (fewer blocking "
                           "calls, a longer slice, or another backend)") != std::string::npos);
  CHECK(bcssim("validate " + barrier + " --set mpi=quadrics --set synthetic.iterations=1000000").code == 0);
  CHECK(bcssim("validate " + barrier + " --set mpi=quadrics --set synthetic.iterations=1000000000 --set "
               "run_bounds=false").code == 0);
}

TEST_CASE("NIC noise every 20 ns during a 1 GB message is exit 2: the detours span the message, not 1 ns")
{
  const std::string noise = R"(, "noise": {"nic": {"period": "20ns", "duration": "1ns"}})";
  const fs::path gigabyte = one_message("noisy-gigabyte", "1000000000", noise);
  const auto r = bcssim("run " + gigabyte.string() + " -q --out " + (kTmp / "out").string());
  CHECK(r.code == 2);
  CHECK(r.output.find("noise.nic.period = \"20ns\": expected a period at which the 32 nodes' detours number at most "
                      "5e8 (about 20 minutes of simulation) over the run's at least 3.13 s (a rank of the replay job "
                      "moving 1e9 B to or from other ranks at its node's PCI bus rate of at most 305MiB/s): here "
                      "about 5e9") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "out"));
  CHECK_FALSE(fs::exists(kTmp / "out.partial"));
  CHECK(bcssim("validate " + one_message("noisy-megabyte", "1000000", noise).string()).code == 0);
  fs::remove_all(kTmp);
}

TEST_CASE("collectives' data count too: 4 ranks broadcasting or allreducing 1e12 B on BCS-MPI are exit 2")
{
  // Hostile pass of 2026-12-06: `bcast 1000000000000` on 4 ranks validated and ran for hours.
  fs::create_directories(kTmp);
  for (const std::string action : {"bcast 1000000000000", "allreduce 125000000000 0 0"}) {
    CAPTURE(action);
    const fs::path trace = kTmp / "coll.txt";
    std::ofstream(trace) << "0 init\n1 init\n2 init\n3 init\n0 " << action << "\n1 " << action << "\n2 " << action
                         << "\n3 " << action << "\n0 finalize\n1 finalize\n2 finalize\n3 finalize\n";
    const fs::path scenario = kTmp / "coll.json";
    std::ofstream(scenario) << R"({"name": "coll", "kind": "app", "app": {"name": "replay"}, "replay": {"trace": ")"
                            << trace.string() << "\"}}";
    const auto r = bcssim("validate " + scenario.string() + " --set mpi=bcs");
    CHECK(r.code == 2);
    CHECK(r.output.find("moves at least 1e12 B to or from other ranks") != std::string::npos);
    CHECK(bcssim("validate " + scenario.string() + " --set mpi=bcs --set run_bounds=false").code == 0);
  }
  fs::remove_all(kTmp);
}
