// A replay carries no data: a trace's message sizes drive the model and allocate nothing of their size (issue 67
// item 1: 4 ranks each doing `bcast 1000000000000` filled 24 GB in 17 s, then the kernel's OOM killer; under
// `ulimit -v` the message blamed "a machine of 4 nodes").
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// A 4-rank trace where every rank does one broadcast of `args` (SMPI: size [root [datatype]]).
void write_bcast_trace(const fs::path& file, const std::string& args)
{
  std::ofstream out(file);
  for (int r = 0; r < 4; ++r)
    out << r << " init\n";
  for (int r = 0; r < 4; ++r)
    out << r << " bcast " << args << "\n";
  for (int r = 0; r < 4; ++r)
    out << r << " finalize\n";
}

// runs.csv's time_s of a single run, s.
double run_time(const fs::path& results)
{
  const auto rows = read_csv(results / "runs.csv");
  REQUIRE(rows.size() == 1);
  return std::stod(rows[0].at("time_s"));
}

} // namespace

TEST_CASE("a trace's terabyte broadcast runs in bounded memory on the baseline, its size driving the time alone")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "big.json") << R"({"name": "big", "kind": "app", "platform": {"preset": "crescendo"},
    "app": {"name": "replay", "processes": 4}, "replay": {"trace": "big.txt"}})";
  // 1.5 GB of address space: far less than the broadcast, and what every other allocation of this run needs is
  // about 100 MB resident. popen's shell applies the limit to bcssim alone.
  const auto run = [&](const std::string& out, const std::string& sets) {
    return run_shell("cd '" + kTmp.string() + "' && ulimit -v 1500000 && exec " + exe() + " run big.json -q " + sets +
                     " --out " + out + " 2>&1");
  };
  write_bcast_trace(kTmp / "big.txt", "1000000000000"); // 1 TB
  auto r = run("hw", "");
  REQUIRE_MESSAGE(r.code == 0, r.output); // was exit 1: "out of memory ... a machine of 4 nodes"
  // The hardware broadcast (Quadrics MPI's elan_bcast) and the point-to-point tree without it both move the
  // terabyte: an hour or more of simulated time at a few hundred MB/s.
  const double hw = run_time(kTmp / "hw");
  CHECK(hw > 1e12 / 400e6);
  CHECK(hw < 1e12 / 100e6);
  r = run("sw", "--set quadrics.hardware_collectives=false");
  REQUIRE_MESSAGE(r.code == 0, r.output);
  CHECK(run_time(kTmp / "sw") > hw);

  // The largest size the trace reader takes (9e15 elements of a 32-byte datatype, 2.88e17 B) simulates too: the
  // time grows with the size, nothing else does.
  write_bcast_trace(kTmp / "big.txt", "9000000000000000 0 27");
  r = run("max", "");
  REQUIRE_MESSAGE(r.code == 0, r.output);
  CHECK(run_time(kTmp / "max") > 2.88e17 / 400e6);
  fs::remove_all(kTmp);
}
