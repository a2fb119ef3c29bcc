// RFC 4180 quoting of every CSV bcssim writes, and merge reading its own output back (issue 67 item 5: a trace
// named "a,b.txt" gave a runs.csv row of 7 cells under a header of 6, and merge refused it).
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// A CSV text's records, RFC 4180: quoted cells may hold commas, doubled quotes and line ends.
std::vector<std::vector<std::string>> records(const std::string& text)
{
  std::vector<std::vector<std::string>> out;
  std::vector<std::string> row(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted && c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
      row.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (!quoted && c == ',') {
      row.emplace_back();
    } else if (!quoted && c == '\n') {
      out.push_back(row);
      row.assign(1, "");
    } else {
      row.back() += c;
    }
  }
  return out;
}

} // namespace

TEST_CASE("CSV cells holding a comma, a quote or a line end are quoted, and merge reads them back")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string trace = "0 init\n1 init\n0 send 1 0 1000\n1 recv 0 0 1000\n0 finalize\n1 finalize\n";
  const std::string comma = "a,b.txt", quote = "say \"hi\"\nnow.txt";
  std::ofstream(kTmp / comma) << trace;
  std::ofstream(kTmp / quote) << trace;
  std::ofstream(kTmp / "names.json") << R"({"name": "names", "kind": "app", "platform": {"preset": "crescendo"},
    "app": {"name": "replay", "processes": 2}, "replay": {"trace": "a,b.txt"},
    "sweep": {"replay.trace": ["a,b.txt", "say \"hi\"\nnow.txt"]}, "compare": true})";
  const fs::path out = kTmp / "out";
  const auto r = run_shell("cd '" + kTmp.string() + "' && " + exe() + " run names.json -q --out out 2>&1");
  REQUIRE_MESSAGE(r.code == 0, r.output);
  // The headline: one line per point, the newline of a name shown as \x0a (it split the line: issue 67's re-check).
  const auto h = run_shell("cd '" + kTmp.string() + "' && " + exe() + " run names.json --progress never --out out2");
  REQUIRE_MESSAGE(h.code == 0, h.output);
  CHECK(h.output.find("\\x0anow.txt") != std::string::npos);
  CHECK(h.output.find("\nnow.txt") == std::string::npos);

  // Each point's runs.csv: one row of as many cells as its header, the trace's name whole in its cell.
  const auto point = records(slurp(out / "points" / "0000" / "runs.csv"));
  REQUIRE(point.size() == 2);
  CHECK(point[0] == std::vector<std::string>{"app", "variant", "mpi", "processes", "nodes", "time_s"});
  CHECK(point[1].size() == 6);
  CHECK(point[1][1] == comma);
  CHECK(slurp(out / "points" / "0000" / "runs.csv").find(",\"a,b.txt\",") != std::string::npos);

  // The study's tables: rectangular, each name whole, in the coordinate and the variant alike.
  for (const std::string table : {"runs.csv", "points.csv", "slowdowns.csv"}) { // (no time.csv: no numeric x)
    CAPTURE(table);
    const auto rows = records(slurp(out / table));
    REQUIRE(rows.size() > 1);
    for (const auto& row : rows)
      CHECK(row.size() == rows[0].size());
  }
  const auto runs = records(slurp(out / "runs.csv"));
  REQUIRE(runs.size() == 5);
  CHECK(runs[0][0] == "point");
  std::set<std::string> variants;
  for (std::size_t i = 1; i < runs.size(); ++i)
    for (const std::string& cell : runs[i])
      if (cell == comma || cell == quote)
        variants.insert(cell);
  CHECK(variants == std::set<std::string>{comma, quote});

  // merge, from the points alone (as after `sweep --emit-jobs`): the same tables, byte for byte.
  const std::string before = slurp(out / "runs.csv");
  const auto merged = run_shell("cd '" + kTmp.string() + "' && " + exe() + " merge names.json out --force 2>&1");
  CHECK_MESSAGE(merged.code == 0, merged.output);
  CHECK(slurp(out / "runs.csv") == before);
  fs::remove_all(kTmp);
}

TEST_CASE("plain cells are written as before: the committed results' tables keep their bytes")
{
  fs::remove_all(kTmp);
  const auto r = bcssim("run " + kDefault + " -q --out " + (kTmp / "d").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const fs::path committed = fs::path(BCSSIM_SOURCE_DIR) / "results" / "default";
  for (const std::string table : {"runs.csv", "microbench_sizes.csv", "microbench_distance.csv", "collectives.csv"}) {
    CAPTURE(table);
    CHECK(slurp(kTmp / "d" / table) == slurp(committed / table));
  }
  fs::remove_all(kTmp);
}
