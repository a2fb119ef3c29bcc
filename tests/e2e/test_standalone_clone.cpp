// A clone of the repository with nothing beside it (issue 66 part 1): every file a shipped scenario reads is in the
// repository, no tracked file names a folder outside it, and the trace scenarios run there and reproduce their
// golden digests. What is cloned is the last commit (a test of what lands, not of uncommitted work).
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("a clone with no folder beside it validates every trace scenario and reproduces their smallest points")
{
  const fs::path source = BCSSIM_SOURCE_DIR;
  if (!fs::exists(source / ".git")) {
    MESSAGE("skipped: " << source << " is not a git repository (nothing to clone)");
    return;
  }
  const fs::path tmp = scratch("bcssim-e2e-clone");
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const fs::path clone = tmp / "bcs-sim";
  const Outcome cloned = run_shell("git clone --quiet '" + source.string() + "' '" + clone.string() + "' 2>&1");
  REQUIRE_MESSAGE(cloned.code == 0, cloned.output);
  CHECK(std::distance(fs::directory_iterator(tmp), fs::directory_iterator()) == 1); // nothing beside the clone

  const auto in_clone = [&](const std::string& command) {
    return run_shell("cd '" + clone.string() + "' && " + command + " 2>&1");
  };
  // No tracked file refers to a sibling folder of the repository (git grep: exit 1 when nothing matches).
  const Outcome refs = in_clone("git grep -n -e '\\.\\./shared'");
  CHECK_MESSAGE(refs.code == 1, refs.output);

  // Every scenario that replays a carried trace validates there (its checksums checked before the run).
  // (scenarios/replay-example.json is the README's recipe for a trace of the user's, run beside that trace.)
  const Outcome listed = in_clone("git grep -l -e '\"trace\": \"traces/' -- 'scenarios/*.json'");
  REQUIRE(listed.code == 0);
  std::istringstream names(listed.output);
  int scenarios = 0;
  for (std::string name; std::getline(names, name); ++scenarios) {
    CAPTURE(name);
    const Outcome v = in_clone(exe() + " validate " + name);
    CHECK_MESSAGE(v.code == 0, v.output);
  }
  CHECK(scenarios >= 11); // sweep3d-trace, the five NAS scenarios and their five what-ifs of the speed

  // The smallest points of the paper's trace studies reproduce their golden digests from the clone alone.
  const Outcome verified = in_clone(exe() + " verify scenarios/paper/sweep3d-trace.json scenarios/paper/nas-ep.json");
  CHECK_MESSAGE(verified.code == 0, verified.output);

  // replay.trace's default, a 16-rank SWEEP3D trace, is carried too.
  const std::string scenario = (tmp / "default-trace.json").string();
  std::ofstream(scenario) << R"({"name": "default-trace", "kind": "app", "app": {"name": "replay", "processes": 16},
                               "replay": {"checksums": "traces/sweep3d-2.2b/config-A-16/XXH128SUMS"}})";
  const Outcome ran = in_clone(exe() + " run " + scenario + " --out '" + (tmp / "out").string() + "'");
  CHECK_MESSAGE(ran.code == 0, ran.output);
  CHECK(fs::exists(tmp / "out" / "runs.csv"));
  fs::remove_all(tmp);
}
