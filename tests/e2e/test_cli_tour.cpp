// Issue 21 part 8: the README's tour, run as a reader runs it. Every `./build/release/bcssim ...` command of its
// first code block exits as the README says (0, or the "exit N" its comment names) and a run that succeeds leaves
// its results folder; a command the README promises but the CLI lost, or a scenario that moved, fails here.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

struct TourCommand {
  std::string line; // as in the README, continuation lines joined
  int expected = 0; // "exit N" in its comment
};

// The tour's commands: the first ```sh block after "## A 5-minute tour".
std::vector<TourCommand> tour_commands()
{
  const std::string readme = slurp(fs::path(BCSSIM_SOURCE_DIR) / "README.md");
  const auto section = readme.find("## A 5-minute tour");
  REQUIRE(section != std::string::npos);
  const auto open = readme.find("```sh\n", section);
  const auto close = readme.find("\n```", open + 6);
  REQUIRE(open != std::string::npos);
  REQUIRE(close != std::string::npos);
  std::istringstream block(readme.substr(open + 6, close - open - 6));
  std::vector<TourCommand> out;
  std::string joined, comments; // the comment lines just above a command speak for it too
  for (std::string line; std::getline(block, line);) {
    if (line.rfind("#", 0) == 0) {
      comments += line;
      continue;
    }
    joined += line;
    if (!joined.empty() && joined.back() == '\\') { // a continuation
      joined.pop_back();
      continue;
    }
    if (joined.rfind("./build/release/bcssim ", 0) == 0) {
      TourCommand c;
      const auto hash = joined.find(" # ");
      const std::string comment = comments + (hash == std::string::npos ? "" : joined.substr(hash));
      c.line = joined.substr(0, hash);
      const auto exit_at = comment.find("exit ");
      if (exit_at != std::string::npos)
        c.expected = comment[exit_at + 5] - '0';
      out.push_back(c);
    }
    joined.clear();
    comments.clear();
  }
  return out;
}

// The results folder a run writes: --out DIR, else out/<the scenario file's name>.
std::string results_folder(const std::string& line)
{
  std::istringstream words(line);
  std::vector<std::string> w;
  for (std::string s; words >> s;)
    w.push_back(s);
  for (std::size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == "--out")
      return w[i + 1];
  for (const std::string& s : w)
    if (s.size() > 5 && s.substr(s.size() - 5) == ".json") {
      const std::string file = s.substr(s.rfind('/') + 1);
      return "out/" + file.substr(0, file.size() - 5);
    }
  return "";
}

} // namespace

TEST_CASE("the README tour: each command exits as the README says and leaves its results folder")
{
  // Minutes long, or reading the traces beside the repository: the benchmarks and docs/validation.md cover them.
  const std::vector<std::string> slow = {"noise-sweep3d", "collectives.json",      "imbalanced.json",
                                         "sweep3d-trace", "sweep3d-blocking.json", "paper/sage.json",
                                         "paper/nas-"};
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "build" / "release");
  fs::create_directories(kTmp / "out"); // ./run.sh, the tour's first line, made it
  fs::create_symlink(fs::path(BCSSIM_SOURCE_DIR) / "scenarios", kTmp / "scenarios");
  fs::create_symlink(fs::path(exe()), kTmp / "build" / "release" / "bcssim");
  const auto commands = tour_commands();
  CHECK(commands.size() >= 20);
  int ran = 0;
  for (const TourCommand& c : commands) {
    if (std::any_of(slow.begin(), slow.end(),
                    [&](const std::string& s) { return c.line.find(s) != std::string::npos; }))
      continue;
    CAPTURE(c.line);
    const auto r = run_shell("cd " + kTmp.string() + " && " + c.line + " 2>&1");
    CAPTURE(r.output);
    CHECK(r.code == c.expected);
    ++ran;
    const std::string folder = results_folder(c.line);
    if (c.line.rfind("./build/release/bcssim run ", 0) == 0 && !folder.empty()) {
      CHECK(fs::exists(kTmp / folder / "summary.json") == (c.expected == 0));
      if (c.expected == 0)
        CHECK(r.output.find("results: " + folder + "/") != std::string::npos);
    }
  }
  CHECK(ran >= 15);
  fs::remove_all(kTmp);
}

TEST_CASE("the README's workload from scratch is a valid scenario")
{
  const std::string readme = slurp(fs::path(BCSSIM_SOURCE_DIR) / "README.md");
  const std::string open = "cat > out/mine.json <<'JSON'\n";
  const auto from = readme.find(open);
  REQUIRE(from != std::string::npos);
  const auto to = readme.find("\nJSON\n", from);
  REQUIRE(to != std::string::npos);
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "mine.json") << readme.substr(from + open.size(), to + 1 - from - open.size());
  const auto r = bcssim("validate " + (kTmp / "mine.json").string());
  CHECK_MESSAGE(r.code == 0, r.output);
  fs::remove_all(kTmp);
}
