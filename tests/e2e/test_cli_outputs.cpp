// What a run writes besides its results: traces, MDS files; digests independent of sweep order.
#include "cli_harness.hpp"

using namespace e2e;

namespace {
// Events of trace.json, and the names of its process groups and threads.
struct Trace {
  nlohmann::json events;
  std::map<int, std::string> processes;
  std::map<std::pair<int, int>, std::string> threads;
};

Trace read_trace(const fs::path& file)
{
  Trace t;
  const auto doc = nlohmann::json::parse(slurp(file));
  REQUIRE(doc.at("traceEvents").is_array());
  t.events = doc.at("traceEvents");
  for (const auto& e : t.events) {
    REQUIRE(e.contains("ph"));
    if (e["ph"] == "M" && e["name"] == "process_name")
      t.processes[e["pid"].get<int>()] = e["args"]["name"].get<std::string>();
    if (e["ph"] == "M" && e["name"] == "thread_name")
      t.threads[{e["pid"].get<int>(), e["tid"].get<int>()}] = e["args"]["name"].get<std::string>();
  }
  return t;
}

// The rules both trace importers hold flow events to (Perfetto's json_trace_parser and flow_tracker, catapult's
// trace_event_importer, read for issue 21): a flow is a pair of zero-length X markers sharing a
// bind_id, one flow_out and one flow_in; the producer is not later than the consumer, and at an equal time comes
// first in the file (catapult binds in file order among equal timestamps); each marker has a category (catapult
// cannot import a flow end without one); the two ends' args share no key (catapult: arg_merge_error).
void check_flow_rules(const Trace& t)
{
  struct End {
    std::size_t index;
    double ts;
    nlohmann::json args;
  };
  std::map<std::uint64_t, std::vector<End>> outs, ins;
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    const auto& e = t.events[i];
    if (!e.contains("bind_id"))
      continue;
    CAPTURE(e.dump());
    REQUIRE(e["ph"] == "X");
    CHECK(e.value("dur", -1.0) == 0.0);
    CHECK(!e.value("cat", std::string()).empty());
    const bool out = e.value("flow_out", false), in = e.value("flow_in", false);
    REQUIRE(out != in); // one end per marker
    (out ? outs : ins)[e["bind_id"].get<std::uint64_t>()].push_back(
        {i, e["ts"].get<double>(), e.value("args", nlohmann::json::object())});
  }
  CHECK(outs.size() == ins.size());
  for (const auto& entry : outs) {
    const auto& id = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& producers = std::get<1>(entry);
    CAPTURE(id);
    REQUIRE(producers.size() == 1);
    REQUIRE(ins.count(id) == 1);
    REQUIRE(ins.at(id).size() == 1);
    const End& p = producers.front();
    const End& c = ins.at(id).front();
    CHECK(p.ts <= c.ts);
    if (p.ts == c.ts)
      CHECK(p.index < c.index);
    for (const auto& [key, value] : p.args.items())
      CHECK_FALSE(c.args.contains(key));
  }
}
} // namespace

TEST_CASE("trace.json: rank, NIC-thread and slice timelines with message arrows, without changing the digest")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // 4 ranks on 2 nodes, 3 iterations of 1 ms and an exchange with 2 neighbours: 24 messages.
  std::ofstream(kTmp / "x.json") << R"({"kind": "app", "platform": {"preset": "crescendo", "nodes": 2},
    "app": {"name": "synthetic", "processes": 4},
    "synthetic": {"pattern": "exchange", "iterations": 3, "granularity": "1ms", "neighbours": 2}})";
  const std::string x = (kTmp / "x.json").string();
  for (const char* mpi : {"bcs", "quadrics"}) {
    CAPTURE(mpi);
    const fs::path traced = kTmp / (std::string(mpi) + "-traced");
    const fs::path plain = kTmp / (std::string(mpi) + "-plain");
    REQUIRE(bcssim("run " + x + " --set mpi=" + mpi + " --trace --out " + traced.string()).code == 0);
    REQUIRE(bcssim("run " + x + " --set mpi=" + mpi + " --out " + plain.string()).code == 0);
    CHECK(slurp(traced / "digest") == slurp(plain / "digest")); // tracing only observes
    CHECK_FALSE(fs::exists(plain / "trace.json"));
    const Trace t = read_trace(traced / "trace.json");

    std::map<std::string, int> spans_by_name; // X events with a duration, by name
    std::set<std::string> rank_threads;
    std::map<std::uint64_t, int> flow_out, flow_in;
    int slices = 0;
    for (const auto& e : t.events) {
      if (e["ph"] == "i" && e.value("s", "") == "g" && e["name"].get<std::string>().rfind("slice ", 0) == 0)
        ++slices;
      if (e["ph"] != "X")
        continue;
      REQUIRE(e["dur"].get<double>() >= 0);
      const std::string thread = t.threads.at({e["pid"].get<int>(), e["tid"].get<int>()});
      const std::string name = e["name"].get<std::string>();
      if (e.contains("bind_id")) {
        (e.value("flow_out", false) ? flow_out : flow_in)[e["bind_id"].get<std::uint64_t>()]++;
        continue;
      }
      spans_by_name[name]++;
      if (name == "MPI_Isend") { // the call's arguments, the message size among them, in args
        REQUIRE(e.contains("args"));
        CHECK(e["args"].contains("dest"));
        CHECK(e["args"].value("bytes", 0) > 0);
      }
      if (thread.find(".rank") != std::string::npos)
        rank_threads.insert(thread);
    }
    CHECK(rank_threads.size() == 4);
    CHECK(spans_by_name["compute"] == 4 * 3);
    CHECK(spans_by_name["MPI_Waitall"] == 4 * 3);
    CHECK(spans_by_name["MPI_Isend"] == 4 * 3 * 2);
    // Every message: one arrow from its send to where it arrived.
    CHECK(flow_out.size() == 24);
    CHECK(flow_in.size() == 24);
    check_flow_rules(t);
    if (std::string(mpi) == "bcs") {
      CHECK(spans_by_name["DEM"] > 0);
      CHECK(spans_by_name["MSM"] > 0);
      CHECK(spans_by_name["point-to-point"] > 0);
      CHECK(slices >= 6);             // 3 ms of computation at 500 us a slice
      CHECK(t.processes.size() == 4); // node0.cpu, node0.nic, node1.cpu, node1.nic
    } else {
      CHECK(spans_by_name["match arrival"] == 24);
      CHECK(slices == 0);
    }
  }

  // A window keeps what overlaps it, clipped. This one cuts the first iteration's messages (sent at 2 ms, arrived
  // at 2.6 ms) and holds the second's (4 ms to 4.6 ms).
  const fs::path windowed = kTmp / "windowed";
  REQUIRE(bcssim("run " + x + " --set mpi=bcs --trace-window 2.5ms:4.7ms --out " + windowed.string()).code == 0);
  const Trace w = read_trace(windowed / "trace.json");
  int kept = 0;
  std::map<std::uint64_t, int> outs, ins;
  for (const auto& e : w.events) {
    if (e["ph"] == "M")
      continue;
    ++kept;
    CHECK(e["ts"].get<double>() >= 2500.0);
    CHECK(e["ts"].get<double>() + e.value("dur", 0.0) <= 4700.0 + 1e-9);
    if (e.contains("bind_id"))
      (e.value("flow_out", false) ? outs : ins)[e["bind_id"].get<std::uint64_t>()]++;
  }
  CHECK(kept > 0);
  // Arrows cut by the window lose their binding (Chrome's importer drops every flow of a trace holding a flow end
  // without its start): each bound end has its other end in the file, and arrows inside the window stay.
  CHECK(outs.size() == 8);
  CHECK(ins.size() == 8); // the first iteration's arrivals keep their marker, not its binding
  check_flow_rules(w);
  // The substrate microbenchmarks (the default scenario) trace the NICs' work: DMA puts with their arguments,
  // hardware multicasts, global queries; and a window where nothing happens says so.
  const fs::path nic = kTmp / "nic";
  REQUIRE(bcssim("run " + kDefault + " --trace --out " + nic.string()).code == 0);
  std::map<std::string, int> nic_spans;
  for (const auto& e : read_trace(nic / "trace.json").events)
    if (e["ph"] == "X") {
      nic_spans[e["name"].get<std::string>()]++;
      if (e["name"] == "DMA put")
        CHECK(e["args"].contains("bytes"));
    }
  CHECK(nic_spans["DMA put"] > 0);
  CHECK(nic_spans["hardware multicast"] > 0);
  CHECK(nic_spans["global query"] > 0);
  const auto empty = bcssim("run " + kDefault + " --trace-window 100s:200s --out " + (kTmp / "empty").string());
  CHECK(empty.code == 0);
  CHECK(empty.output.find("note: trace.json records nothing") != std::string::npos);

  const auto bad = bcssim("run " + x + " --trace-window 2ms:1ms --out " + (kTmp / "bad").string());
  CHECK(bad.code == 2);
  CHECK(bad.output.find("--trace-window = 2ms:1ms: expected FROM:TO") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "bad"));
  fs::remove_all(kTmp);
}

TEST_CASE("a scenario's digest does not depend on what ran before it in the same sweep")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // SimGrid allows one engine per process, so every run and every sweep point has a process of its own (forked
  // from a parent that ran nothing); this checks that nothing else leaks from one point into the next.
  const std::string base = R"("kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo", "nodes": 4},
    "app": {"name": "sage", "processes": 8}, "sage": {"cells_per_process": 500, "cycles": 2})";
  std::ofstream(kTmp / "swept.json") << "{" + base + R"(, "sweep": {"app.name": ["synthetic", "sage"]}})";
  std::ofstream(kTmp / "alone.json") << "{" + base + "}";
  REQUIRE(bcssim("run " + (kTmp / "swept.json").string() + " --jobs 1 --out " + (kTmp / "study").string()).code == 0);
  REQUIRE(bcssim("run " + (kTmp / "alone.json").string() + " --out " + (kTmp / "alone").string()).code == 0);
  const std::string alone = slurp(kTmp / "alone" / "digest");
  CHECK(slurp(kTmp / "study" / "points" / "0001" / "digest") == alone);
  CHECK(slurp(kTmp / "study" / "points" / "0000" / "digest") != alone);
  fs::remove_all(kTmp);
}

TEST_CASE("MDS outputs: MMDS and EMDS files on BCS-MPI, none on the baseline; the EMDS window is bounded")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "m.json") << R"({"kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo", "nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 4},
    "bcs": {"mds": {"mmds": true, "emds": true, "primitives": ["MPI_Waitall"], "plot_node": 2}}})";
  const std::string m = (kTmp / "m.json").string();
  REQUIRE(bcssim("run " + m + " --out " + (kTmp / "bcs").string()).code == 0);
  for (const char* f : {"mmds.csv", "mmds_ranks.csv", "mmds_distributions.csv", "emds_global.csv", "emds_local.csv",
                        "emds_node.csv", "emds_getts.png", "emds_node.png"}) {
    CAPTURE(f);
    CHECK(fs::exists(kTmp / "bcs" / f));
  }
  const std::string summary = slurp(kTmp / "bcs" / "mmds.csv");
  CHECK(summary.rfind("primitive,min_ms,max_ms,total_ms,count,average_ms\n", 0) == 0);
  CHECK(summary.find("\nMPI_Waitall,") != std::string::npos);
  CHECK(summary.find("\nComp Granularity,") != std::string::npos);
  CHECK(summary.find("\nComm Overhead,") != std::string::npos);
  CHECK(slurp(kTmp / "bcs" / "mmds_distributions.csv").find("all,MPI_Waitall latency,ms,") != std::string::npos);
  // The MDS's bookkeeping takes time: the run differs from the same run without it.
  REQUIRE(
      bcssim("run " + m + " --set bcs.mds.mmds=false --set bcs.mds.emds=false --out " + (kTmp / "off").string()).code ==
      0);
  CHECK(slurp(kTmp / "bcs" / "digest") != slurp(kTmp / "off" / "digest"));
  CHECK_FALSE(fs::exists(kTmp / "off" / "mmds.csv"));
  REQUIRE(bcssim("run " + m + " --set mpi=quadrics --out " + (kTmp / "quadrics").string()).code == 0);
  CHECK_FALSE(fs::exists(kTmp / "quadrics" / "mmds.csv"));
  CHECK_FALSE(fs::exists(kTmp / "quadrics" / "emds_global.csv"));

  const auto big = bcssim("run " + m + " --set bcs.mds.emds_slices=20000 --out " + (kTmp / "big").string());
  CHECK(big.code == 2);
  CHECK(big.output.find("bcs.mds.emds_slices = 20000: expected at most 10000 slices") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "big"));
  fs::remove_all(kTmp);
}

TEST_CASE("a study's plots take as x axis a numeric dimension that varies on its own, not a single processes value")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // The NAS scenarios' shape: processes swept over one value, the compute scale over several.
  std::ofstream(kTmp / "s.json") << R"({"kind": "app", "platform": {"preset": "crescendo", "nodes": 2},
    "app": {"name": "synthetic"}, "synthetic": {"pattern": "barrier", "iterations": 2},
    "sweep": {"app.processes": [4], "synthetic.granularity": ["1ms", "2ms"]}, "compare": true})";
  REQUIRE(bcssim("run " + (kTmp / "s.json").string() + " --out " + (kTmp / "s").string()).code == 0);
  CHECK(slurp(kTmp / "s" / "slowdown.csv").rfind("synthetic.granularity_ms,series,", 0) == 0);
  // A linked tuple is not an axis: with processes single-valued, processes stays the x axis.
  std::ofstream(kTmp / "t.json") << R"({"kind": "app", "platform": {"preset": "crescendo", "nodes": 2},
    "app": {"name": "synthetic"}, "synthetic": {"pattern": "barrier"},
    "sweep": {"app.processes": [4], "synthetic.granularity + synthetic.iterations": [["1ms", 2], ["2ms", 3]]},
    "compare": true})";
  REQUIRE(bcssim("run " + (kTmp / "t.json").string() + " --out " + (kTmp / "t").string()).code == 0);
  CHECK(slurp(kTmp / "t" / "slowdown.csv").rfind("app.processes,series,", 0) == 0);
  fs::remove_all(kTmp);
}
