// Generated documents (sim/report/): the figure catalogue, the verdicts, the placeholders and CSV tables, their
// errors; and that docs/calibration.md and docs/validation.md are what the committed results give.
#include "sim/config/scenario.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/report/account.hpp"
#include "sim/report/outputs_doc.hpp"
#include "sim/report/render.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace bcssim::sim;
using namespace bcssim::sim::report;

namespace {

// A repository in a temporary folder: a catalogue, one CSV and one JSON result.
fs::path fixture(const std::string& catalogue)
{
  const fs::path root = fs::temp_directory_path() / "bcssim-test-report";
  fs::remove_all(root);
  fs::create_directories(root / "docs" / "src");
  fs::create_directories(root / "results" / "x");
  std::ofstream(root / "docs" / "src" / "figures.json") << catalogue;
  std::ofstream(root / "results" / "x" / "t.csv")
      << "n,mpi,time_s,slowdown\n"
         "2,quadrics,1.5,\n2,bcs,2.0,0.3333\n4,quadrics,1.0,\n4,bcs,1.1,0.1\n";
  std::ofstream(root / "results" / "x" / "summary.json")
      << R"({"lat": {"0B": 2.2}, "bw": [{"path": "a", "nodes": 4, "bandwidth_MBps": 300},
                                        {"path": "b", "nodes": 4, "bandwidth_MBps": 200},
                                        {"path": "b", "nodes": 16, "bandwidth_MBps": 100}]})";
  return root;
}

const char* kCatalogue = R"({"figures": [
  {"id": "lat", "group": "g", "what": "latency", "unit": "us", "file": "results/x/summary.json", "pointer": "/lat/0B",
   "digits": 3, "source": {"value": 2.2, "text": "2.2 us", "cite": "002"}, "calibrated_by": "p"},
  {"id": "slow4", "group": "g", "what": "slowdown at 4", "unit": "%", "file": "results/x/t.csv", "column": "slowdown",
   "row": {"n": "4", "mpi": "bcs"}, "scale": 100, "digits": 1,
   "source": {"value": 30, "text": "about +30 %", "cite": "000"}, "tolerance_abs": 5},
  {"id": "bw16", "group": "h", "what": "b on 16 nodes", "unit": "MiB/s", "file": "results/x/summary.json",
   "pointer": "/bw", "row": {"path": "b", "nodes": "16"}, "column": "bandwidth_MBps", "scale": 0.95367431640625},
  {"id": "ratio", "group": "g", "what": "bcs over quadrics at 2", "unit": "x", "file": "results/x/t.csv",
   "column": "time_s", "row": {"n": "2", "mpi": "bcs"},
   "relative_to": {"column": "time_s", "row": {"n": "2", "mpi": "quadrics"}}, "digits": 3,
   "source": {"max": 1, "text": "faster", "cite": "000"}}
]})";

std::string render_text(const fs::path& root, const std::string& text)
{
  const Evaluation e(load_figures(root / "docs" / "src" / "figures.json"), root);
  return render(text, "t.md", e, root);
}

} // namespace

TEST_CASE("report: figures are read from the results and judged against their sources")
{
  const fs::path root = fixture(kCatalogue);
  const Evaluation e(load_figures(root / "docs" / "src" / "figures.json"), root);
  CHECK(e.value("lat") == doctest::Approx(2.2));
  CHECK(e.value("slow4") == doctest::Approx(10));
  CHECK(e.value("ratio") == doctest::Approx(2.0 / 1.5));
  CHECK(e.value("bw16") == doctest::Approx(100 * 0.95367431640625)); // the record of /bw whose fields match
  CHECK(judge(e.figure("lat", ""), 2.2).status == "calibrated (p)");
  const Verdict slow = judge(e.figure("slow4", ""), 10);
  CHECK(slow.status == "**disagrees**");
  CHECK(*slow.error == doctest::Approx(-20)); // points, with tolerance_abs
  CHECK(judge(e.figure("slow4", ""), 33).status == "agrees");
  CHECK(judge(e.figure("ratio", ""), 1.33).status == "**outside the bound**");
  CHECK(judge(e.figure("ratio", ""), 0.9).status == "within the bound");
}

TEST_CASE("report: placeholders, figure tables and CSV tables")
{
  const fs::path root = fixture(kCatalogue);
  CHECK(render_text(root, "a {{lat}} b {{slow4}} c {{slow4.error}} d {{lat.source}}") ==
        "a 2.200 us b +10.0 % c -20.0 points d 2.2 us\n");
  CHECK(render_text(root, "{{table g}}") ==
        "| figure | simulated | source | error | status | source ref. |\n|---|---|---|---|---|---|\n"
        "| latency | 2.200 us | 2.2 us | +0.0 % | calibrated (p) | 002 |\n"
        "| slowdown at 4 | +10.0 % | about +30 % | -20.0 points | **disagrees** | 000 |\n"
        "| bcs over quadrics at 2 | 1.333 x | faster |  | **outside the bound** | 000 |\n");
  CHECK(render_text(root, "{{rows results/x/t.csv where mpi=bcs | n=n | time (s)=time_s:2 | slowdown=slowdown:%1}}") ==
        "| n | time (s) | slowdown |\n|---|---|---|\n| 2 | 2.00 | +33.3 % |\n| 4 | 1.10 | +10.0 % |\n");
  CHECK(render_text(root, "{{pivot results/x/t.csv | row=n | column=mpi | value=time_s:1}}") ==
        "| n | quadrics | bcs |\n|---|---|---|\n| 2 | 1.5 | 2.0 |\n| 4 | 1.0 | 1.1 |\n");
}

TEST_CASE("report: bad templates and catalogues name the file, the line or the JSON path")
{
  const fs::path root = fixture(kCatalogue);
  const auto message = [&](const std::string& text) {
    try {
      render_text(root, text);
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("ok\n{{nope}}").find("t.md:2 = nope") != std::string::npos);
  CHECK(message("{{table none}}").find("a group of docs/src/figures.json") != std::string::npos);
  CHECK(message("{{rows results/x/t.csv | n=missing}}").find("missing: expected a column of") != std::string::npos);
  CHECK(message("{{rows results/x/t.csv where mpi=gm | n=n}}").find("rows matching the where clause") !=
        std::string::npos);
  CHECK(message("{{lat").find("closed by }}") != std::string::npos);

  std::string bad = kCatalogue;
  bad.replace(bad.find("\"digits\": 3"), 11, "\"digit\": 3");
  const fs::path broken = fixture(bad);
  try {
    load_figures(broken / "docs" / "src" / "figures.json");
    FAIL("no error");
  } catch (const ScenarioError& e) {
    CHECK(std::string(e.what()).find("figures[0].digit") != std::string::npos);
  }
  const fs::path missing = fixture(R"({"figures": [{"id": "a", "group": "g", "what": "w", "file": "results/x/t.csv",
    "column": "time_s", "row": {"n": "8"}}]})");
  CHECK_THROWS_WITH_AS(Evaluation(load_figures(missing / "docs" / "src" / "figures.json"), missing),
                       doctest::Contains("figure a: row = n = 8"), ScenarioError);
}

TEST_CASE("docs/calibration.md, docs/validation.md and docs/outputs.md are what `bcssim docs` writes from the "
          "committed results")
{
  const auto docs = render_docs(BCSSIM_SOURCE_DIR);
  CHECK(docs.size() == 3);
  for (const auto& doc : docs) {
    const std::string name = doc.first.string();
    std::ifstream in(fs::path(BCSSIM_SOURCE_DIR) / name);
    std::stringstream current;
    current << in.rdbuf();
    CHECK_MESSAGE(current.str() == doc.second, "regenerate: ./build/release/bcssim docs (" << name << ")");
  }
}

TEST_CASE("outputs: every committed table's columns are declared; an undeclared column or table is named")
{
  check_tables(BCSSIM_SOURCE_DIR); // throws naming the first offender
  const std::string doc = outputs_markdown();
  CHECK(doc.find("| `pingpong_latency_us` | us | half round trip |") != std::string::npos);
  CHECK(doc.find("## Kind `workload`") != std::string::npos);

  const fs::path root = fs::temp_directory_path() / "bcssim-outputs-check";
  fs::remove_all(root);
  fs::create_directories(root / "results" / "x");
  std::ofstream(root / "results" / "x" / "summary.json") << R"({"scenario": {"kind": "mpi_microbench"}})";
  std::ofstream(root / "results" / "x" / "mpi_sizes.csv") << "size_B,pingpong_latency_us,bandwidth_MiBps\n";
  CHECK_THROWS_WITH_AS(check_tables(root),
                       doctest::Contains("results/x/mpi_sizes.csv: column 'bandwidth_MiBps' is not declared"),
                       std::runtime_error);
  fs::remove(root / "results" / "x" / "mpi_sizes.csv");
  std::ofstream(root / "results" / "x" / "extra.csv") << "a\n";
  CHECK_THROWS_WITH_AS(check_tables(root),
                       doctest::Contains("results/x/extra.csv: a table that kind 'mpi_microbench' "
                                         "does not declare"),
                       std::runtime_error);
  fs::remove_all(root);
}

TEST_CASE("report: the account of a slowdown - rates, the first-order prediction, the excess per call kind")
{
  // A compare study of 2 ranks: baseline 1 s, BCS-MPI 1.5 s; per rank 100 blocking sends, 10 allreduces, 20
  // waits, 20 irecvs. First order: 1.5 x 0.5 ms x 110 / 1 s = +8.25 %.
  CHECK(call_kind("MPI_Send") == CallKind::blocking_p2p);
  CHECK(call_kind("MPI_Probe") == CallKind::blocking_p2p);
  CHECK(call_kind("MPI_Waitall") == CallKind::wait);
  CHECK(call_kind("MPI_Irecv") == CallKind::non_blocking);
  CHECK(call_kind("MPI_Testall") == CallKind::non_blocking);
  CHECK(call_kind("MPI_Alltoallv") == CallKind::collective);
  CHECK(first_order_slowdown(110, 500e-6, 1.0) == doctest::Approx(0.0825));

  const fs::path root = fixture(kCatalogue);
  const fs::path study = root / "results" / "s";
  for (const char* p : {"0000", "0001"})
    fs::create_directories(study / "points" / p);
  std::ofstream(study / "slowdowns.csv")
      << "point_quadrics,point_bcs,app.processes,time_quadrics_s,time_bcs_s,slowdown\n"
         "0,1,2,1.000000000,1.500000000,0.5000\n";
  const std::string header = "primitive,count,bytes,min_ms,max_ms,total_ms,average_ms\n";
  // Baseline: the sends 20 ms, the allreduces 10 ms, the waits 40 ms in all (both ranks).
  std::ofstream(study / "points" / "0000" / "profile.csv")
      << header
      << "MPI_Allreduce,20,160,0,0,10,0\nMPI_Irecv,40,0,0,0,1,0\nMPI_Send,200,0,0,0,20,0\n"
         "MPI_Wait,40,0,0,0,40,0\n";
  // BCS-MPI: + 0.6 s per rank in sends, + 0.2 s in allreduces, + 0.1 s in waits: 0.9 s of the 0.5 s difference
  // (the makespan), so "elsewhere" is -40 points.
  std::ofstream(study / "points" / "0001" / "profile.csv")
      << header
      << "MPI_Allreduce,20,160,0,0,410,0\nMPI_Irecv,40,0,0,0,1,0\nMPI_Send,200,0,0,0,1220,0\n"
         "MPI_Wait,40,0,0,0,240,0\n";
  std::ofstream(study / "points" / "0001" / "call_slices.csv")
      << "primitive,slices,calls\nMPI_Allreduce,2,20\nMPI_Send,1,50\nMPI_Send,2,140\nMPI_Send,7,10\n"
         "MPI_Wait,0,30\nMPI_Wait,1,10\n";
  std::ofstream(study / "points" / "0001" / "runs.csv") << "app,variant,mpi,processes,nodes,time_s\nx,y,bcs,2,1,1.5\n";
  std::ofstream(study / "points" / "0001" / "summary.json")
      << R"({"scenario": {"bcs": {"runtime": {"slice": "500us"}}}})";

  const std::string out = render_text(root, "{{account Prog=results/s where app.processes=2}}\n");
  INFO(out);
  CHECK(out.find("| Prog | 1.000 | 1.500 | 100.0 | 20.0 | 10.0 | +8.2 % | +50.0 % | +41.8 |") != std::string::npos);
  CHECK(out.find("| Prog | +60.0 | +10.0 | +20.0 | -40.0 | 0 / 23 / 73 / 5 % | 2 | 0 |") != std::string::npos);
  CHECK_THROWS_AS(render_text(root, "{{account Prog=results/s where app.processes=4}}\n"), ScenarioError);
  CHECK_THROWS_AS(render_text(root, "{{account Prog=results/nowhere}}\n"), ScenarioError);
}
