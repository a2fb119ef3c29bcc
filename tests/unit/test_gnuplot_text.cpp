// Text that reaches a gnuplot script (sim/output/plot.hpp): a title made of --out's folder name and the --set
// overrides, a series' label, is escaped so that gnuplot reads it as text and never runs any of it (issue 45), and
// the terminals are noenhanced so that an "_" in an override's path is not a subscript.
#include "sim/output/plot.hpp"
#include "sim/output/results_dir.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace bcssim::sim;
namespace fs = std::filesystem;

TEST_CASE("gp_text and gp_quote: a quote doubled, every control character a space, a backslash itself")
{
  CHECK(gp_text("plain text_with_underscores (a=1)") == "plain text_with_underscores (a=1)");
  CHECK(gp_text("it's") == "it''s");
  CHECK(gp_text("x\nsystem \"touch PWNED\"\n#") == "x system \"touch PWNED\" #");
  CHECK(gp_text("a\r\n\tb\x7f"
                "c") == "a   b c");
  CHECK(gp_text("' ; system 'touch PWNED") == "'' ; system ''touch PWNED");
  CHECK(gp_text("back\\slash\\") == "back\\slash\\"); // nothing is an escape in a single-quoted string
  CHECK(gp_quote("it's\n") == "'it''s '");
  CHECK(gp_quote("") == "''");
}

TEST_CASE("gp_line and gp_data_string: one line of a comment or a data file")
{
  CHECK(gp_line("a\nb") == "a b");
  CHECK(gp_line("ends with \\") == "ends with \\ "); // a last backslash would join the next line
  CHECK(gp_line("it's") == "it's");
  CHECK(gp_data_string("gs mpl=\"2\"\n") == "\"gs mpl='2' \"");
}

TEST_CASE("every plot's terminal is noenhanced, and its output file name is a quoted string")
{
  const std::string gp = svg_and_png("time", 900, 500, "  plot x\n");
  CHECK(gp.find("set terminal svg size 900,500 dynamic noenhanced") != std::string::npos);
  CHECK(gp.find("set terminal pngcairo size 900,500 noenhanced") != std::string::npos);
  CHECK(gp.find("set output 'time.'.fmt\n") != std::string::npos);
}

TEST_CASE("a results folder's title, as given, is escaped for gnuplot whatever its folder name and overrides hold")
{
  const fs::path base = fs::temp_directory_path() / "bcssim-test-gnuplot-title";
  fs::remove_all(base);
  {
    ResultsDir dir(base / "x\nsystem \"touch PWNED\"\n#");
    dir.set_title(dir.final_dir().filename().string(), {"sweep.app.processes=[2]", "quote='; system 'id"});
    CHECK(dir.title() == "x\nsystem \"touch PWNED\"\n# (sweep.app.processes=[2], quote='; system 'id)");
    CHECK(gp_title(dir.title(), 900) == "x system \"touch PWNED\" # (sweep.app.processes=[2], quote=''; system ''id)");
  }
  fs::remove_all(base);
}

TEST_CASE("gnuplot reads an escaped hostile title as text: the script runs, the command in it does not")
{
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    MESSAGE("gnuplot is not installed: skipped");
    return;
  }
  const fs::path dir = fs::temp_directory_path() / "bcssim-test-gnuplot-run";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const std::string hostile : {"x\nsystem \"touch PWNED\"\n#", "x' ; system 'touch PWNED' ; y='",
                                    "x\\\nsystem \"touch PWNED\"", "x`touch PWNED`"}) {
    CAPTURE(hostile);
    std::ofstream(dir / "t.gp") << "# " << gp_line(hostile) << "\nset title " << gp_quote(hostile) << "\n"
                                << "set label 1 " << gp_quote(hostile) << " at 0,0\nprint 'done'\n";
    CHECK(std::system(("cd '" + dir.string() + "' && gnuplot t.gp >/dev/null 2>&1").c_str()) == 0);
    CHECK_FALSE(fs::exists(dir / "PWNED"));
  }
  fs::remove_all(dir);
}

TEST_CASE("gp_title: a long title is wrapped for its canvas, after a comma where it can")
{
  const std::string name = "lublin-50 (workload.jobs=[], workload.swf=out/lublin-32.swf, workload.swf_jobs=50, "
                           "workload.time_scale=100, platform.preset=crescendo, platform.nodes=16, "
                           "scheduler.quantum=100ms): it's 50 jobs";
  const std::string join = "' . \"\\n\" . '";
  const auto lines_of = [&](int width) {
    const std::string t = gp_title(name, width);
    std::vector<std::string> lines;
    for (std::size_t from = 0;;) {
      const auto at = t.find(join, from);
      lines.push_back(t.substr(from, at == std::string::npos ? std::string::npos : at - from));
      if (at == std::string::npos)
        break;
      from = at + join.size();
    }
    return lines;
  };
  // 700 pixels (the smallest canvas, a workload study's algorithms.png) hold 75 characters a line; 1800, 197.
  CHECK(title_characters(700) == 75);
  CHECK(title_characters(1800) == 197);
  const auto narrow = lines_of(700);
  REQUIRE(narrow.size() == 3);
  for (const std::string& l : narrow)
    CHECK(l.size() <= title_characters(700) + 1); // + the doubled quote of "it's"
  CHECK(narrow[0] == "lublin-50 (workload.jobs=[], workload.swf=out/lublin-32.swf,");
  CHECK(narrow[1] == "workload.swf_jobs=50, workload.time_scale=100, platform.preset=crescendo,");
  CHECK(narrow[2] == "platform.nodes=16, scheduler.quantum=100ms): it''s 50 jobs"); // escaped as gp_text escapes
  CHECK(lines_of(1800).size() == 1);
  CHECK(gp_title("short", 700) == "short");
  // No comma in reach: broken at a blank, which neither line keeps.
  CHECK(gp_title(std::string(70, 'a') + " " + std::string(20, 'b'), 700) ==
        std::string(70, 'a') + join + std::string(20, 'b'));
  // One long word (a folder's name): after its last - / _ or . in reach.
  CHECK(gp_title(std::string(60, 'a') + "-" + std::string(30, 'b'), 700) ==
        std::string(60, 'a') + "-" + join + std::string(30, 'b'));
  // Capitals are wider: 60 D a line at 700 pixels, where 75 lower-case letters fit (F3 of issue 67's re-check: 73
  // capitals, within the 75 characters of the rule, ran off the plot).
  CHECK(title_fit(std::string(80, 'a'), 700) == 75);
  CHECK(title_fit(std::string(80, 'D'), 700) == 60);
  CHECK(gp_title(std::string(73, 'D'), 700) == std::string(60, 'D') + join + std::string(13, 'D'));
  CHECK(gp_title(std::string(73, 'd'), 700) == std::string(73, 'd')); // the lower case: as the rule has it
}
