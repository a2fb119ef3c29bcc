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
          "error: " + file.string() + ": app.procesess = 8: expected a key of this section (did you mean "
                                      "'processes'?)",
          "error: " + file.string() + ": synthetic.iterations = -1: expected an integer"}) {
      CAPTURE(said);
      CHECK(r.output.find(said) != std::string::npos);
    }
    CHECK_FALSE(fs::exists(kTmp / "o"));
  }
  fs::remove_all(kTmp);
}
