// Issue 67 item 16: "did you mean" regardless of letter case and for the sources' own words (the thesis's "gang
// scheduling" is gs), and every unknown key and bad value of a scenario reported at once, as a compiler does.
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("a choice in other letter case, or in the thesis's words, gets a \"did you mean\"")
{
  const auto preset = bcssim("validate " + kDefault + " --set platform.preset=ASCI-Q");
  CHECK(preset.code == 2);
  CHECK(preset.output.find("platform.preset = \"ASCI-Q\": expected one of: crescendo, wolverine, accelerando, "
                           "asci-q (did you mean 'asci-q'?)") != std::string::npos);
  const auto gang = bcssim("validate " + kDefault + " --set kind=workload --set scheduler.algorithm=gang");
  CHECK(gang.code == 2);
  CHECK(gang.output.find("scheduler.algorithm = \"gang\": expected one of: ") != std::string::npos);
  CHECK(gang.output.find("(did you mean 'gs'?)") != std::string::npos);
}

TEST_CASE("a scenario with several unknown keys and bad values reports every one of them, exit 2, nothing written")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path file = kTmp / "typos.json";
  std::ofstream(file) << R"({"name": "typos", "kind": "app", "platform": {"nodez": 4},
    "app": {"name": "synthetic", "procesess": 8}, "synthetic": {"iterations": -1}})";
  for (const std::string& command : {std::string("validate"), std::string("run")}) {
    CAPTURE(command);
    const auto r = bcssim(command + " " + file.string() + (command == "run" ? " --out " + (kTmp / "o").string() : ""));
    CHECK(r.code == 2);
    for (const std::string& said :
         {"error: " + file.string() + ": platform.nodez = 4: expected a key of this section (did you mean 'nodes'?)",
          "error: " + file.string() +
              ": app.procesess = 8: expected a key of this section (did you mean "
              "'processes'?)",
          "error: " + file.string() + ": synthetic.iterations = -1: expected an integer"}) {
      CAPTURE(said);
      CHECK(r.output.find(said) != std::string::npos);
    }
    CHECK_FALSE(fs::exists(kTmp / "o"));
  }
  fs::remove_all(kTmp);
}

TEST_CASE("a workload's jobs report every job's errors in one run")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path file = kTmp / "jobs.json";
  // Hostile pass of issue 67, F4: four typos in four jobs took four runs to see, one at a time.
  std::ofstream(file) << R"({"name": "jobs", "kind": "workload", "platform": {"preset": "accelerando", "nodes": 2},
    "scheduler": {"algorithm": "gs"}, "workload": {"jobs": [
      {"app": {"name": "synthetic", "procesess": 4}},
      {"app": {"name": "synthetic"}, "synthetic": {"pattern": "ring"}},
      {"app": {"name": "synthetic"}, "syntetic": {"iterations": 3}},
      {"app": {"name": "synthetic"}, "submit": "5 parsecs"}]}})";
  const auto r = bcssim("validate " + file.string());
  CAPTURE(r.output);
  CHECK(r.code == 2);
  for (const std::string said : {"workload.jobs[0].app.procesess", "workload.jobs[2].syntetic",
                                 "did you mean 'synthetic'", "workload.jobs[3].submit"})
    CHECK(r.output.find(said) != std::string::npos);
  CHECK(r.output.find("workload.jobs[1]") == std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("an unknown --set path does not hide the file's errors nor the other --set ones, and bad --set values "
          "come out in the order given")
{
  // Hostile pass of 2026-12-07: one mistyped --set path was the only error printed.
  fs::create_directories(kTmp);
  const fs::path file = kTmp / "typos.json";
  std::ofstream(file) << R"({"name": "t", "kind": "app", "platfrom": {"nodes": 4}, "seeed": 5})";
  const auto r = bcssim("validate " + file.string() + " --set platform.nodez=3 --set foo.bar=2");
  CAPTURE(r.output);
  CHECK(r.code == 2);
  const auto platfrom = r.output.find("platfrom = ");
  const auto seeed = r.output.find("seeed = ");
  const auto nodez = r.output.find("platform.nodez = \"3\": expected a parameter path");
  const auto foo = r.output.find("foo.bar = \"2\": expected a parameter path");
  REQUIRE(platfrom != std::string::npos);
  REQUIRE(seeed != std::string::npos);
  REQUIRE(nodez != std::string::npos);
  REQUIRE(foo != std::string::npos);
  CHECK(platfrom < seeed);
  CHECK(seeed < nodez); // the file's errors, then the --set ones in the order given
  CHECK(nodez < foo);
  const auto values = bcssim("validate " + kDefault + " --set platform.nodes=4.5 --set platform.preset=foo");
  CHECK(values.code == 2);
  CHECK(values.output.find("platform.nodes = 4.5") < values.output.find("platform.preset = \"foo\""));
  fs::remove_all(kTmp);
}
