// What a context switch costs a time-shared PE, from the CLI: the kernel's own switch (platform.pe.kernel_switch,
// a preset's sourced value) and STORM's Node Manager's share (scheduler.context_switch) add up at every switch.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// Two jobs of one process per node on two one-PE Crescendo nodes under gang scheduling, 10 ms quanta: each runs
// 10 computations of 5 ms and a barrier, so job 0 holds the PEs in slots 0, 2, ..., 10 and job 1 in the others.
constexpr const char* kTwoGangs = R"({"name": "two-gangs", "kind": "workload", "mpi": "quadrics",
  "platform": {"preset": "crescendo", "nodes": 2, "pes_per_node": 1},
  "scheduler": {"algorithm": "gs", "quantum": "10ms", "mpl": 2},
  "workload": {"jobs": [
    {"app": {"name": "synthetic", "processes": 2}, "synthetic": {"granularity": "5ms", "iterations": 10}},
    {"app": {"name": "synthetic", "processes": 2}, "synthetic": {"granularity": "5ms", "iterations": 10}}]}})";

std::vector<double> job_ends(const std::string& name, const std::string& sets)
{
  const auto r = bcssim("run " + (kTmp / "two-gangs.json").string() + " " + sets + " --out " + (kTmp / name).string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const auto summary = nlohmann::json::parse(slurp(kTmp / name / "summary.json"));
  std::vector<double> ends;
  for (const auto& job : summary["workload"]["per_job"])
    ends.push_back(job["end_s"].get<double>());
  return ends;
}

} // namespace

TEST_CASE("a switch costs the kernel's share (Crescendo: 0.59 us, lmbench) plus the Node Manager's, at every switch")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "two-gangs.json") << kTwoGangs;
  const auto free = job_ends("free", "--set platform.pe.kernel_switch=0s");
  const auto kernel = job_ends("kernel", "");
  const auto both = job_ends("both", "--set scheduler.context_switch=1us");
  REQUIRE(free.size() == 2);
  // Each job is switched in six times before it ends (slots 0-10 for job 0, 1-11 for job 1), and every switch
  // delays what the PE does next by its cost.
  for (std::size_t j = 0; j < 2; ++j) {
    CAPTURE(j);
    CHECK(kernel[j] - free[j] == doctest::Approx(6 * 0.59e-6).epsilon(1e-6));
    CHECK(both[j] - free[j] == doctest::Approx(6 * 1.59e-6).epsilon(1e-6));
  }
  const auto echo = nlohmann::json::parse(slurp(kTmp / "kernel" / "summary.json"))["scenario"]["platform"]["pe"];
  CHECK(echo["kernel_switch"] == "0.59us");
  CHECK(echo["memory_bandwidth"] == "466MB/s");
  fs::remove_all(kTmp);
}
