// What --out and --set put in a plot's title reaches the gnuplot scripts as text: gnuplot never runs it, neither
// when bcssim renders the plots nor when the user runs a saved .gp again (issue 45), and "_" is not a subscript.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// Every .gp under `folder`, recursively.
std::vector<fs::path> scripts(const fs::path& folder)
{
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(folder))
    if (e.path().extension() == ".gp")
      out.push_back(e.path());
  return out;
}

// `text` as one word of a POSIX shell command line.
std::string sh_quote(const std::string& text)
{
  std::string out = "'";
  for (const char c : text)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

TEST_CASE("gnuplot runs nothing that --out smuggles into a title, in a run, a study, or a saved .gp run again")
{
  if (run_shell("command -v gnuplot >/dev/null 2>&1").code != 0) {
    MESSAGE("gnuplot is not installed: skipped");
    return;
  }
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string out = "x\nsystem \"touch PWNED\"\n#' ; system 'touch PWNED";
  const std::string sources = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/";
  const std::vector<std::string> runs = {
      sources + "default.json",
      sources + "bcs-microbench.json",
      // A study: its time plot and each point's own.
      sources + "paper/synthetic-barrier.json --set 'sweep.synthetic.granularity=[\"1ms\", \"2ms\"]' --set "
                "synthetic.iterations=2 --set 'sweep.app.processes=[2]'",
  };
  for (std::size_t i = 0; i < runs.size(); ++i) {
    CAPTURE(runs[i]);
    const fs::path folder = kTmp / std::to_string(i) / out;
    const auto r = run_shell(exe() + " run " + runs[i] + " -q --out " + sh_quote(folder.string()) + " 2>&1");
    REQUIRE_MESSAGE(r.code == 0, r.output);
    REQUIRE(fs::is_directory(folder));
    const auto gps = scripts(folder);
    CHECK_FALSE(gps.empty());
    for (const fs::path& gp : gps) {
      CAPTURE(gp.filename().string());
      const std::string text = slurp(gp);
      CHECK(text.find("x system \"touch PWNED\" #'' ; system ''touch PWNED") != std::string::npos);
      CHECK(text.find("noenhanced") != std::string::npos);
      // The user regenerates the plot from its saved script.
      CHECK(run_shell("cd " + sh_quote(gp.parent_path().string()) + " && gnuplot " + gp.filename().string() + " 2>&1")
                .code == 0);
    }
  }
  for (const auto& e : fs::recursive_directory_iterator(kTmp))
    CHECK_MESSAGE(e.path().filename() != "PWNED", e.path().string());
  fs::remove_all(kTmp);
}
