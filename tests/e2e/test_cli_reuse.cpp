// `bcssim run --reuse` (issue 67 item 13): a study this binary already ran with the same parameters is kept, not
// run again; anything else runs and replaces the folder as --force does. The what-if scripts run their points
// with it, so that a script started again after Ctrl-C runs only what it had not finished.
#include "cli_harness.hpp"

#include <filesystem>
#include <fstream>

using namespace e2e;

TEST_CASE("run --reuse keeps a study this binary ran with the same parameters, and runs it again otherwise")
{
  const fs::path out = kTmp / "reuse";
  fs::remove_all(out);
  const std::string sweep = " --set 'sweep.app.processes=[2,4]'";
  const std::string base = "run " + kDefault + " --out " + out.string() + " --reuse -q";
  const Outcome first = bcssim(base + sweep);
  REQUIRE_MESSAGE(first.code == 0, first.output);
  CHECK(first.output.find("cannot be reused (no results there yet)") != std::string::npos);
  const auto written = fs::last_write_time(out / "points" / "0001" / "digest");
  const std::string digest = slurp(out / "digest");

  const Outcome again = bcssim(base + sweep);
  REQUIRE(again.code == 0);
  CHECK(again.output.find("reused: " + out.string() + " holds this study's results, made by this binary") !=
        std::string::npos);
  CHECK(again.output.find("results: " + out.string() + "/") != std::string::npos);
  CHECK(fs::last_write_time(out / "points" / "0001" / "digest") == written); // nothing was run or written
  CHECK(slurp(out / "digest") == digest);

  // Another parameter for a point: run again, the folder replaced without --force.
  const Outcome changed = bcssim(base + " --set 'sweep.app.processes=[2,8]'");
  REQUIRE_MESSAGE(changed.code == 0, changed.output);
  CHECK(changed.output.find("cannot be reused (point 1 was run with other parameters)") != std::string::npos);
  CHECK(fs::last_write_time(out / "points" / "0001" / "digest") != written);

  // The study's merged runs.csv edited (hostile pass of 2026-12-07, finding 10: it was reused): run again.
  {
    std::ofstream edit(out / "runs.csv", std::ios::app);
    edit << "9,edited\n";
  }
  const Outcome edited = bcssim(base + " --set 'sweep.app.processes=[2,8]'");
  REQUIRE_MESSAGE(edited.code == 0, edited.output);
  CHECK(edited.output.find("cannot be reused (runs.csv was edited since its run)") != std::string::npos);
  CHECK(slurp(out / "runs.csv").find("edited") == std::string::npos);

  // A point's result gone: run again.
  fs::remove(out / "points" / "0000" / "digest");
  const Outcome broken = bcssim(base + " --set 'sweep.app.processes=[2,8]'");
  REQUIRE_MESSAGE(broken.code == 0, broken.output);
  CHECK(broken.output.find("cannot be reused (point 0 is incomplete)") != std::string::npos);
  CHECK(fs::exists(out / "points" / "0000" / "digest"));
  fs::remove_all(out);
}

TEST_CASE("the what-if scripts run their points with --reuse, never --force")
{
  std::size_t scripts = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(BCSSIM_SOURCE_DIR) / "scripts")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("whatif-", 0) != 0)
      continue;
    ++scripts;
    CAPTURE(name);
    const std::string text = slurp(entry.path());
    CHECK(text.find("--force") == std::string::npos);
    CHECK(text.find("--reuse") != std::string::npos);
  }
  CHECK(scripts >= 6);
}
