// What the plots say, read from their gnuplot scripts (issue 45 item 15): titles wrapped, not clipped; Gantt
// colours that do not repeat among the jobs a key lists; values to 3 significant digits; size ticks in binary units.
#include "cli_harness.hpp"

using namespace e2e;

namespace {
std::string fmt_job(int i)
{
  return "{\"app\": {\"name\": \"synthetic\", \"processes\": 2}, \"synthetic\": {\"pattern\": \"none\", "
         "\"granularity\": \"1ms\", \"iterations\": 2}, \"submit\": \"" +
         std::to_string(i) + "ms\"},";
}
} // namespace

TEST_CASE("plots: a long title wraps, a Gantt chart of 25 jobs has no 25-entry key, size ticks read '32 KiB'")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::string jobs;
  for (int i = 0; i < 25; ++i)
    jobs += fmt_job(i);
  std::ofstream(kTmp / "w.json") << R"({"name": "w", "kind": "workload", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 2}, "scheduler": {"algorithm": "fcfs", "quantum": "10ms"},
    "workload": {"jobs": [)" + jobs.substr(0, jobs.size() - 1) +
                                        "]}}";
  const std::string overrides = " --set seed=2 --set scheduler.quantum=20ms --set platform.preset=crescendo"
                                " --set noise.preset=none --set bcs.runtime.slice=500us --set mpi=quadrics";
  const auto r = bcssim("run " + (kTmp / "w.json").string() + overrides + " --out " + (kTmp / "w").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string gantt = slurp(kTmp / "w" / "gantt.gp");
  CHECK(gantt.find("lc rgb variable") != std::string::npos);
  CHECK(gantt.find("title 'job ") == std::string::npos); // 25 jobs, 20 colours: no key
  CHECK(gantt.find("colour: job number mod 20") != std::string::npos);
  // The title names every override, in lines of at most 90 characters.
  const auto title = gantt.find("set title '");
  REQUIRE(title != std::string::npos);
  const std::string line = gantt.substr(title, gantt.find('\n', title) - title);
  CHECK(line.find("' . \"\\n\" . '") != std::string::npos);
  CHECK(line.find("mpi=quadrics") != std::string::npos);

  const auto d = bcssim("run " + kDefault + " --out " + (kTmp / "d").string());
  REQUIRE(d.code == 0);
  const std::string micro = slurp(kTmp / "d" / "microbench.gp");
  CHECK(micro.find("'1 B' 1, '32 B' 32, '1 KiB' 1024, '32 KiB' 32768, '1 MiB' 1048576") != std::string::npos);
  CHECK(micro.find("%.0b%B") == std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("merge draws again a point's Gantt chart an earlier version drew, and keeps a current one")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path study = kTmp / "gantt-redraw";
  fs::remove_all(study);
  fs::create_directories(kTmp);
  fs::copy(root / "results" / "scheduling" / "balanced", study, fs::copy_options::recursive);
  const std::string current = slurp(study / "points" / "0000" / "gantt.gp");
  // What the chart's script looked like before the 20-colour palette (issue 45 item 15): job + 1 as line type.
  std::string old = current;
  const auto at = old.find(":(C[int($4) % 20 + 1]) skip 1 with boxxyerror fs solid 0.6 lc rgb variable");
  REQUIRE(at != std::string::npos);
  old.replace(at, std::string(":(C[int($4) % 20 + 1]) skip 1 with boxxyerror fs solid 0.6 lc rgb variable").size(),
              ":($4+1) skip 1 with boxxyerror fs solid 0.6 lc variable");
  std::ofstream(study / "points" / "0000" / "gantt.gp") << old;
  // ... and recorded so in the point's manifest, as that version's run would have.
  REQUIRE(bcssim("render " + (study / "points" / "0000").string() + " --record-hashes").code == 0);
  fs::remove(study / "points" / "0000" / "gantt.png");
  const std::string png = slurp(study / "points" / "0001" / "gantt.png");
  const auto merged = bcssim("merge " + (root / "scenarios" / "scheduling" / "balanced.json").string() + " " +
                             study.string() + " --force");
  REQUIRE(merged.code == 0);
  CHECK(slurp(study / "points" / "0000" / "gantt.gp") == current);
  CHECK(fs::file_size(study / "points" / "0000" / "gantt.png") > 1000);
  CHECK(slurp(study / "points" / "0001" / "gantt.png") == png); // current: as it was
  // The point's manifest records the script merge wrote: render takes it for bcssim's, not for a user's edit.
  const auto drawn = bcssim("render " + (study / "points" / "0000").string() + " --force");
  CHECK_MESSAGE(drawn.code == 0, drawn.output);
  // A hand-edited cell of a chart to draw again is named, exit 2.
  std::ofstream(study / "points" / "0000" / "gantt.gp") << old;
  std::string csv = slurp(study / "points" / "0000" / "gantt.csv");
  csv.replace(csv.find('\n') + 1, 0, "0,0,zero,1,0.5,0.7\n");
  std::ofstream(study / "points" / "0000" / "gantt.csv") << csv;
  drop_data_hashes(study / "points" / "0000"); // as an older bcssim's point, whose data merge reads unchecked
  const auto bad = bcssim("merge " + (root / "scenarios" / "scheduling" / "balanced.json").string() + " " +
                          study.string() + " --force");
  CHECK(bad.code == 2);
  CHECK(bad.output.find("points/0000/gantt.csv:2 = 0,0,zero,1,0.5,0.7: expected a row row,node,pe,job,from_s,to_s "
                        "of non-negative numbers") != std::string::npos);
  fs::remove_all(study);
}

TEST_CASE("plots: a study whose series labels are long keeps its key below the plot; short labels stay beside it")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // A what-if's cases as a linked key: every label names all three parameters (about 100 characters).
  std::ofstream(kTmp / "cases.json")
      << R"({"name": "cases", "kind": "app", "app": {"name": "synthetic", "processes": 2},
    "synthetic": {"iterations": 2, "pattern": "exchange", "granularity": "1ms"},
    "sweep": {"bcs.runtime.restart + quadrics.host_overhead + synthetic.variability":
              [["slice_boundary", "560ns", 0], ["on_completion", "2.8us", 0.1]]}, "compare": true})";
  const auto r = bcssim("run " + (kTmp / "cases.json").string() + " --out " + (kTmp / "cases").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string time = slurp(kTmp / "cases" / "time.gp");
  CHECK(time.find("set key below left vertical Left reverse maxcols 1") != std::string::npos);
  CHECK(time.find("svg size 900,532 ") != std::string::npos); // grown: 460 px + 18 per label, 4 labels

  std::ofstream(kTmp / "short.json") << R"({"name": "short", "kind": "app", "app": {"name": "synthetic"},
    "synthetic": {"iterations": 2, "pattern": "exchange", "granularity": "1ms"},
    "sweep": {"app.processes": [2, 4]}, "compare": true})";
  const auto s = bcssim("run " + (kTmp / "short.json").string() + " --out " + (kTmp / "short").string());
  REQUIRE_MESSAGE(s.code == 0, s.output);
  const std::string short_time = slurp(kTmp / "short" / "time.gp");
  CHECK(short_time.find("set key below") == std::string::npos); // beside the plot, as before
  CHECK(short_time.find("svg size 900,500") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE(
    "plots: one message size gets a linear latency axis, an all-zero panel a fixed range; gnuplot warns of nothing")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // Wolverine's calibration measures one size (1 MiB): a log axis around one point had no labelled tick and
  // gnuplot printed "empty y range".
  const auto w =
      bcssim("run " + (root / "scenarios/calibration/wolverine.json").string() + " --out " + (kTmp / "w").string());
  REQUIRE_MESSAGE(w.code == 0, w.output);
  CHECK_MESSAGE(w.output.find("Warning") == std::string::npos, w.output);
  const std::string micro = slurp(kTmp / "w" / "microbench.gp");
  const auto latency = micro.find("set title 'Elan3lib RDMA put latency'");
  REQUIRE(latency != std::string::npos);
  CHECK(micro.rfind("set logscale y", latency) == std::string::npos); // linear, from 0 to 1.25 × the latency
  CHECK(micro.find("set yrange [0:6556.3350]") < latency);
  // The software tree's broadcast of 0 B has no bandwidth: its panel says so on a fixed range.
  const auto s = bcssim("run " + (root / "scenarios/calibration/software-compare.json").string() + " --out " +
                        (kTmp / "s").string());
  REQUIRE_MESSAGE(s.code == 0, s.output);
  CHECK_MESSAGE(s.output.find("Warning") == std::string::npos, s.output);
  const std::string coll = slurp(kTmp / "s" / "points" / "0000" / "collectives.gp");
  CHECK(coll.find("set title 'Broadcast bandwidth at the source (every value 0)'\n  set yrange [0:1]\n") !=
        std::string::npos);
  CHECK(coll.find("set title 'Barrier latency'") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("plots: a machine of one switch gets a range around its one tree size, and the next drawing its own ranges")
{
  // 8 nodes: every distance is within one switch, so the distance panel has one tree size. gnuplot warned of an
  // empty x range, and that panel's range then reached the png's size axes (drawn after the svg): no ticks.
  fs::remove_all(kTmp);
  const auto r = bcssim("run " + kDefault + " --set platform.nodes=8 --out " + (kTmp / "n8").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  CHECK_MESSAGE(r.output.find("Warning") == std::string::npos, r.output);
  const std::string gp = slurp(kTmp / "n8" / "microbench.gp");
  const auto range = gp.find("set xrange [2:8]\n  set logscale x 4");
  REQUIRE(range != std::string::npos);
  CHECK(gp.find("unset multiplot\n  unset logscale x\n  set autoscale x\n", range) != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("plots: a sweep of a few process counts gets its ticks at those counts, not between them")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path scenario = kTmp / "ticks.json";
  std::ofstream(scenario) << R"({"name": "ticks", "kind": "app", "platform": {"preset": "crescendo"},
    "app": {"name": "synthetic", "processes": 4}, "synthetic": {"pattern": "barrier", "iterations": 5},
    "sweep": {"app.processes": [2, 4]}, "compare": true})";
  const auto r = bcssim("run " + scenario.string() + " --out " + (kTmp / "t").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  for (const char* plot : {"time.gp", "slowdown.gp"}) {
    CAPTURE(plot);
    CHECK(slurp(kTmp / "t" / plot).find("set xlabel 'MPI processes'") != std::string::npos);
    CHECK(slurp(kTmp / "t" / plot).find("set xtics (2, 4)\n") != std::string::npos); // gnuplot put 1.5, 2.5, 3.5
  }
  fs::remove_all(kTmp);
}

TEST_CASE("plots: the MPI microbenchmarks' sizes read '32 B' and '32 KiB', their latencies plain numbers")
{
  fs::remove_all(kTmp);
  const auto r =
      bcssim("run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/mpi-microbench.json --out " + (kTmp / "m").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string gp = slurp(kTmp / "m" / "mpi.gp");
  CHECK(gp.find("%.0b") == std::string::npos); // gnuplot's "%.0b%BB" wrote "16  B" and "1 kiB"
  CHECK(gp.find("set xtics ('32 B' 32, '1 KiB' 1024, '32 KiB' 32768, '1 MiB' 1048576") != std::string::npos);
  CHECK(gp.find("set logscale y\n  set yrange [1:*]\n  set format y '%.0f'\n") != std::string::npos);
  CHECK(gp.find("set xtics autofreq\n  set format x '%g'\n  set xlabel 'posted receives'") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("plots: collectives that take the same time at every count are all drawn, and the panel says they overlap")
{
  fs::remove_all(kTmp);
  // BCS-MPI's barrier, broadcast and allreduce each take two slices: their lines coincide.
  const auto r =
      bcssim("run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/bcs-microbench.json --out " + (kTmp / "b").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string gp = slurp(kTmp / "b" / "mpi.gp");
  CHECK(gp.find("set title 'Collectives vs processes (the same time each: lines overlap)'") != std::string::npos);
  CHECK(gp.find("using 1:2 skip 1 with linespoints lw 6 ps 3 title 'barrier'") != std::string::npos);
  CHECK(gp.find("using 1:4 skip 1 with linespoints lw 2 ps 1 title 'allreduce'") != std::string::npos);
  // The baseline's differ: drawn as before.
  const auto q =
      bcssim("run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/mpi-microbench.json --out " + (kTmp / "q").string());
  REQUIRE_MESSAGE(q.code == 0, q.output);
  CHECK(slurp(kTmp / "q" / "mpi.gp").find("set title 'Collectives vs processes'\n") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("plots: a single series is named for its MPI (or the pair a slowdown compares), not 'all points'; launch "
          "markers stay visible")
{
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "one.json") << R"({"name": "one", "kind": "app", "mpi": "bcs", "compare": true,
    "platform": {"preset": "crescendo"}, "app": {"name": "synthetic"},
    "synthetic": {"pattern": "barrier", "granularity": "1ms", "iterations": 3}, "sweep": {"app.processes": [2, 4]}})";
  auto r = bcssim("run " + (kTmp / "one.json").string() + " --out " + (kTmp / "one").string() + " -q");
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string slowdown = slurp(kTmp / "one" / "slowdown.gp");
  CHECK(slowdown.find("title 'BCS-MPI over Quadrics MPI'") != std::string::npos);
  CHECK(slowdown.find("all points") == std::string::npos);
  r = bcssim("run " + (kTmp / "one.json").string() + " --set compare=false --out " + (kTmp / "one-bcs").string() +
             " -q");
  REQUIRE_MESSAGE(r.code == 0, r.output);
  CHECK(slurp(kTmp / "one-bcs" / "time.gp").find("title 'BCS-MPI'") != std::string::npos);
  // Launch: the binary's hollow marker is drawn after (over) the launch command's square, not under it.
  r = bcssim("run " + (fs::path(BCSSIM_SOURCE_DIR) / "scenarios/launch/wolverine-idle.json").string() +
             " --set sweep.launch.nodes=[4] --set 'sweep.launch.binary_size=[\"4MB\"]' --out " +
             (kTmp / "launch").string() + " -q");
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string launch = slurp(kTmp / "launch" / "points" / "0000" / "launch.gp");
  const auto command = launch.find("title 'launch command'"),
             binary = launch.find("pt 6 ps 1.1 title 'binary written'");
  REQUIRE(command != std::string::npos);
  REQUIRE(binary != std::string::npos);
  CHECK(command < binary);
}
