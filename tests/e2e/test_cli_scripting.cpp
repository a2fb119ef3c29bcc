// Issue 21 part 5: the CLI as scripts and editors use it: `params --json`, `schema` (checked with Debian's
// python3-jsonschema against every shipped scenario and against broken ones).
#include "cli_harness.hpp"

#include <nlohmann/json.hpp>

using namespace e2e;

TEST_CASE("params --json: every parameter with its type, unit, default and bounds in SI units")
{
  const auto r = run_shell(exe() + " params --json 2>/dev/null");
  REQUIRE(r.code == 0);
  const auto doc = nlohmann::json::parse(r.output);
  std::map<std::string, nlohmann::json> by_path;
  for (const auto& p : doc.at("parameters"))
    by_path[p.at("path").get<std::string>()] = p;
  CHECK(by_path.size() == doc.at("parameters").size()); // paths are unique
  const auto& nodes = by_path.at("platform.nodes");
  CHECK(nodes.at("type") == "integer");
  CHECK(nodes.at("min") == 2);
  CHECK(nodes.at("max") == 16777216);
  const auto& slice = by_path.at("bcs.runtime.slice");
  CHECK(slice.at("type") == "quantity");
  CHECK(slice.at("unit") == "s");
  CHECK(slice.at("default") == "500us");
  CHECK(slice.at("max") == 10);
  CHECK(by_path.at("scheduler.algorithm").at("choices") == nlohmann::json({"fcfs", "gs", "sb", "fcs", "bcs", "pbcs"}));
  CHECK(by_path.at("workload.jobs").at("list") == true);
  bool crescendo = false;
  for (const auto& preset : doc.at("presets"))
    crescendo = crescendo || (preset.at("selector") == "platform.preset" && preset.at("name") == "crescendo");
  CHECK(crescendo);
  CHECK(bcssim("params --json --markdown").code == 2);
}

TEST_CASE("schema: a valid draft 2020-12 schema that every shipped scenario passes and broken ones fail")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  REQUIRE(run_shell(exe() + " schema > " + (kTmp / "schema.json").string()).code == 0);
  std::string files;
  int shipped = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(BCSSIM_SOURCE_DIR) / "scenarios"))
    if (e.path().extension() == ".json") {
      files += " " + e.path().string();
      ++shipped;
    }
  CHECK(shipped > 30);
  // Broken the way users break them: a mistyped key, a time without its unit, a word not in the choices, a list
  // of the wrong items, a negative count.
  const std::vector<std::string> broken = {R"({"platform": {"nodse": 4}})", R"({"bcs": {"runtime": {"slice": "500"}}})",
                                           R"({"scheduler": {"algorithm": "lottery"}})",
                                           R"({"mpi_microbench": {"sizes": [8]}})", R"({"platform": {"nodes": -1}})"};
  for (std::size_t i = 0; i < broken.size(); ++i)
    std::ofstream(kTmp / ("broken" + std::to_string(i) + ".json")) << broken[i];
  std::ofstream(kTmp / "check.py") << R"(import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
for f in sys.argv[2:]:
    print(f, "valid" if validator.is_valid(json.load(open(f))) else "invalid")
)";
  std::string broken_files;
  for (std::size_t i = 0; i < broken.size(); ++i)
    broken_files += " " + (kTmp / ("broken" + std::to_string(i) + ".json")).string();
  // Debian's interpreter and python3-jsonschema (scripts/install-deps.sh), not whatever python3 is first on PATH.
  const auto r = run_shell("/usr/bin/python3 " + (kTmp / "check.py").string() + " " + (kTmp / "schema.json").string() +
                           files + broken_files + " 2>&1");
  REQUIRE(r.code == 0);
  CAPTURE(r.output);
  std::istringstream lines(r.output);
  int valid = 0, invalid = 0;
  for (std::string line; std::getline(lines, line);) {
    const bool is_broken = line.find("/broken") != std::string::npos;
    const bool ok = line.size() > 6 && line.substr(line.size() - 6) == " valid";
    CHECK_MESSAGE(ok != is_broken, line);
    (ok ? valid : invalid)++;
  }
  CHECK(valid == shipped);
  CHECK(invalid == int(broken.size()));
  fs::remove_all(kTmp);
}
