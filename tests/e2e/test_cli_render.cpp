// Lean committed results (issue 44 part 7): the repository keeps every results folder's data and gnuplot scripts
// but not the images only drawn from them (every SVG, the PNGs of sweep points), and `bcssim render` draws them
// again.
#include "cli_harness.hpp"

#include <sstream>

using namespace e2e;

TEST_CASE("bcssim render draws the plots a results folder lacks, and only those")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path dir = kTmp / "render";
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  fs::copy(root / "results" / "paper" / "synthetic-barrier", dir, fs::copy_options::recursive);
  for (const char* image : {"slowdown.svg", "time.svg", "time.png"})
    fs::remove(dir / image);
  auto r = bcssim("render " + dir.string());
  REQUIRE(r.code == 0);
  CHECK(r.output.find("rendered 2 of 2 plots") != std::string::npos);
  for (const char* image : {"slowdown.svg", "slowdown.png", "time.svg", "time.png"}) {
    CAPTURE(image);
    CHECK(fs::file_size(dir / image) > 1000);
  }
  r = bcssim("render " + dir.string());
  CHECK(r.output.find("rendered 0 of 2 plots") != std::string::npos);
  r = bcssim("render " + dir.string() + " --force");
  CHECK(r.output.find("rendered 2 of 2 plots") != std::string::npos);

  // A user's own gnuplot script, outside any results folder: never run (gnuplot runs what a script says), and the
  // user's images beside it never drawn over, with --force too.
  const fs::path mine = kTmp / "mine";
  fs::create_directories(mine);
  std::ofstream(mine / "plot.gp") << "set term pngcairo\nset output 'plot.png'\nsystem 'touch ran'\nplot x\n";
  std::ofstream(mine / "plot.png") << "MINE";
  r = bcssim("render " + mine.string() + " --force");
  CHECK(r.code == 2);
  CHECK(r.output.find("folder = " + mine.string() + ": expected a results folder bcssim wrote") != std::string::npos);
  CHECK(slurp(mine / "plot.png") == "MINE");
  CHECK_FALSE(fs::exists(mine / "ran"));
  CHECK_FALSE(fs::exists("ran"));

  // Without gnuplot nothing can be drawn: said, exit 2, rather than counting the images already there.
  r = run_shell("PATH=/nonexistent " + exe() + " render " + dir.string() + " --force 2>&1");
  CHECK(r.code == 2);
  CHECK(r.output.find("gnuplot = (not found): expected gnuplot installed and on PATH") != std::string::npos);

  r = bcssim("render " + (kTmp / "nowhere").string());
  CHECK(r.code == 2);
  CHECK(r.output.find("folder = " + (kTmp / "nowhere").string() + ": expected an existing folder") !=
        std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("bcssim render runs only the scripts bcssim wrote, as it wrote them: their hashes in the manifest")
{
  // Issue 67: an evil.gp added to a results folder ran, and so did a system() line appended to a listed time.gp.
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path dir = kTmp / "hashes";
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  fs::copy(root / "results" / "paper" / "synthetic-barrier", dir, fs::copy_options::recursive);
  const std::string manifest = slurp(dir / ".bcssim-manifest");
  CHECK(manifest.find("time.gp\txxh128:") != std::string::npos);

  // Not in the manifest: never run, named on stderr; the folder's own plots are drawn.
  std::ofstream(dir / "evil.gp") << "system 'touch ran-evil'\nset term pngcairo\nset output 'evil.png'\nplot x\n";
  auto r = bcssim("render " + dir.string() + " --force");
  CHECK_MESSAGE(r.code == 0, r.output);
  CHECK(r.output.find("rendered 2 of 2 plots") != std::string::npos);
  CHECK(r.output.find("left alone 1 gnuplot script(s) bcssim did not write") != std::string::npos);
  CHECK(r.output.find((dir / "evil.gp").string()) != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "ran-evil"));
  CHECK_FALSE(fs::exists(dir / "evil.png"));
  fs::remove(dir / "evil.gp");

  // Listed, but edited since: exit 2 naming it and saying how to proceed; nothing drawn.
  std::ofstream(dir / "time.gp", std::ios::app) << "system 'touch ran-edit'\n";
  fs::remove(dir / "time.svg");
  fs::remove(dir / "slowdown.svg");
  r = bcssim("render " + dir.string());
  CHECK(r.code == 2);
  CHECK(r.output.find("script = " + (dir / "time.gp").string() +
                      ": expected a gnuplot script as bcssim wrote it "
                      "(the XXH3-128 its results folder's .bcssim-manifest records); this one was edited since") !=
        std::string::npos);
  CHECK(r.output.find("--allow-edited") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "ran-edit"));
  CHECK_FALSE(fs::exists(dir / "time.svg"));
  CHECK_FALSE(fs::exists(dir / "slowdown.svg")); // nothing, not even the scripts as written
  // A symbolic link, even to the script as written, is named as such, not as an edit (issue 67's re-check).
  {
    const std::string edited = slurp(dir / "time.gp");
    std::ofstream(kTmp / "time-copy.gp") << edited;
    fs::rename(dir / "time.gp", kTmp / "time-edited.gp");
    fs::create_symlink(kTmp / "time-copy.gp", dir / "time.gp");
    r = bcssim("render " + dir.string());
    CHECK(r.code == 2);
    CHECK(r.output.find("this one is a symbolic link, which bcssim never writes") != std::string::npos);
    fs::remove(dir / "time.gp");
    fs::rename(kTmp / "time-edited.gp", dir / "time.gp");
  }

  // The user says so: drawn this once; then vouched for, drawn without the flag.
  r = bcssim("render " + dir.string() + " --allow-edited");
  CHECK_MESSAGE(r.code == 0, r.output);
  CHECK(fs::exists(dir / "ran-edit"));
  CHECK(fs::exists(dir / "time.svg"));
  fs::remove(dir / "ran-edit");
  CHECK(bcssim("render " + dir.string() + " --force").code == 2); // still edited
  r = bcssim("render " + dir.string() + " --record-hashes");
  CHECK_MESSAGE(r.code == 0, r.output);
  CHECK(r.output.find("recorded 1 script hash(es) in ") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "ran-edit")); // recording draws nothing
  r = bcssim("render " + dir.string() + " --force");
  CHECK(r.code == 0);
  CHECK(fs::exists(dir / "ran-edit"));

  // A manifest of a bcssim before script hashes: refused, saying how to proceed.
  std::string names_only;
  std::istringstream in(manifest);
  for (std::string line; std::getline(in, line);)
    names_only += line.substr(0, line.find('\t')) + "\n";
  std::ofstream(dir / ".bcssim-manifest") << names_only;
  r = bcssim("render " + dir.string() + " --force");
  CHECK(r.code == 2);
  CHECK(r.output.find("its folder records no hash (a bcssim before script hashes wrote it) (2 scripts: ") !=
        std::string::npos);
  CHECK(r.output.find("run its scenario again, or check it, then pass --allow-edited") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("the committed results weigh under 50 MB and hold no image that bcssim render draws")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const auto listed = run_shell("git -C '" + root.string() + "' ls-files -z results 2>/dev/null | tr '\\0' '\\n'");
  if (listed.code != 0 || listed.output.empty()) {
    MESSAGE("not a git checkout: skipped");
    return;
  }
  std::istringstream files(listed.output);
  std::uintmax_t bytes = 0;
  int count = 0;
  for (std::string f; std::getline(files, f);) {
    const fs::path p = root / f;
    if (fs::exists(p))
      bytes += fs::file_size(p);
    ++count;
    const bool image_of_point = f.find("/points/") != std::string::npos && p.extension() == ".png";
    const std::string why = f + " is committed: `bcssim render` draws it";
    CHECK_MESSAGE(!(p.extension() == ".svg" || image_of_point), why);
  }
  CHECK(count > 1000);
  CHECK(bytes < 50'000'000);
}

TEST_CASE("bcssim render does not draw through an image that is a symbolic link, dangling or not: exit 2")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path dir = kTmp / "render-link";
  fs::remove_all(dir);
  fs::create_directories(kTmp);
  fs::copy(root / "results" / "paper" / "synthetic-barrier", dir, fs::copy_options::recursive);
  const fs::path victim = kTmp / "victim.txt";
  std::ofstream(victim) << "data";
  fs::remove(dir / "time.png");
  fs::create_symlink(victim, dir / "time.png");
  for (const char* force : {"", " --force"}) {
    CAPTURE(force);
    const auto r = bcssim("render " + dir.string() + force);
    CHECK(r.code == 2);
    CHECK(r.output.find("image = " + (dir / "time.png").string() +
                        ": expected an image bcssim may draw over: a "
                        "regular file, or none; this one is a symbolic link") != std::string::npos);
    CHECK(slurp(victim) == "data");
  }
  // Dangling: gnuplot would create the link's target.
  fs::remove(dir / "time.png");
  fs::create_symlink(kTmp / "created-by-render.png", dir / "time.png");
  CHECK(bcssim("render " + dir.string()).code == 2);
  CHECK_FALSE(fs::exists(kTmp / "created-by-render.png"));
  fs::remove_all(dir);
  fs::remove(victim);
}

// The hostile pass of 2026-12-07 (finding 12): `render --force` drew over an image that was a hard link, and so
// rewrote the user's file it was linked to. The image is unlinked first: the user's file keeps its bytes.
TEST_CASE("bcssim render --force draws a new file, not through a hard link to a file outside the results")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path dir = kTmp / "render-hard-link";
  fs::remove_all(dir);
  fs::create_directories(kTmp);
  fs::copy(root / "results" / "paper" / "synthetic-barrier", dir, fs::copy_options::recursive);
  const fs::path victim = kTmp / "victim-hard.txt";
  std::ofstream(victim) << "data";
  fs::remove(dir / "time.png");
  fs::create_hard_link(victim, dir / "time.png");
  const auto r = bcssim("render " + dir.string() + " --force");
  CAPTURE(r.output);
  CHECK(r.code == 0);
  CHECK(slurp(victim) == "data");
  CHECK(fs::file_size(dir / "time.png") > 1000);
  CHECK(fs::hard_link_count(dir / "time.png") == 1);
  fs::remove_all(dir);
  fs::remove(victim);
}
