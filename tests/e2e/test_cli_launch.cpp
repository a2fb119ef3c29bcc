// STORM's job launch (kind "launch") from the CLI: the Wolverine study of thesis §4.3.1.1, its outputs and golden
// digest, and a job wider than the machine refused.
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("launch study on Wolverine: a table and plot vs nodes, the models beside it, golden digest")
{
  fs::remove_all(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/launch/wolverine-idle.json";
  const auto r = bcssim("run " + scenario + " -j2 --out " + (kTmp / "launch").string());
  REQUIRE(r.code == 0);
  for (const char* f : {"summary.json", "runs.csv", "digest", "launch_study.csv", "launch_study.gp", "launch_study.png",
                        "points/0020/nodes.csv", "points/0020/stages.csv", "points/0020/launch.png"}) {
    CAPTURE(f);
    CHECK(fs::exists(kTmp / "launch" / f));
  }
  const std::string table = slurp(kTmp / "launch" / "launch_study.csv");
  CHECK(table.rfind("nodes,launch_ms_4MB_idle,send_ms_4MB_idle,execute_ms_4MB_idle,", 0) == 0);
  CHECK(table.find("\n64,") != std::string::npos);
  // The last point is 12 MB on 64 nodes (256 PEs): 108 ms, the thesis measured 110 ms (§4.3.1.1).
  const std::string point = slurp(kTmp / "launch" / "points/0020/summary.json");
  CHECK(point.find("\"launch_ms\": 108.0039") != std::string::npos);
  check_golden_digest("launch/wolverine-idle.json", kTmp / "launch");
  fs::remove_all(kTmp);
}

TEST_CASE("launch: a job on more nodes than the machine has is refused (exit 2, the key and the bound named)")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path file = kTmp / "wide.json";
  std::ofstream(file) << R"({"kind": "launch", "platform": {"preset": "wolverine"}, "launch": {"nodes": 65}})";
  const auto r = bcssim("run " + file.string() + " --out " + (kTmp / "bad").string());
  CHECK(r.code == 2);
  CHECK(r.output.find("launch.nodes") != std::string::npos);
  CHECK(r.output.find("platform.nodes = 64") != std::string::npos);
  CHECK(!fs::exists(kTmp / "bad"));
  fs::remove_all(kTmp);
}

TEST_CASE("launch under load (§4.3.1.2): a CPU- or network-loaded machine launches no faster than an idle one")
{
  fs::remove_all(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/launch/wolverine-loaded.json";
  const auto r = bcssim("run " + scenario + " -j2 --out " + (kTmp / "loaded").string());
  REQUIRE(r.code == 0);
  // launch_study.csv: nodes, then launch, send and execute per (size, load); the loads of a size side by side.
  REQUIRE(slurp(kTmp / "loaded" / "launch_study.csv")
              .rfind("nodes,launch_ms_4MB_idle,send_ms_4MB_idle,execute_ms_4MB_idle,launch_ms_4MB_cpu,", 0) == 0);
  const auto rows = read_csv(kTmp / "loaded" / "launch_study.csv");
  CHECK(rows.size() == 7);
  for (const auto& row : rows)
    for (const char* size : {"4MB", "8MB", "12MB"}) {
      auto ms = [&](const char* what, const char* load) {
        return std::stod(row.at(std::string(what) + "_ms_" + size + "_" + load));
      };
      CAPTURE(row.at("nodes"));
      CAPTURE(size);
      CHECK(ms("launch", "cpu") >= ms("launch", "idle"));
      CHECK(ms("launch", "network") >= ms("launch", "idle"));
      CHECK(ms("execute", "cpu") >= ms("execute", "idle")); // the processes share their PEs with the spin loops
      if (row.at("nodes") != "1") { // with a binary to send, both loads slow the transfer down several times
        CHECK(ms("send", "cpu") > 3 * ms("send", "idle"));
        CHECK(ms("send", "network") > 2 * ms("send", "idle"));
      }
    }
  check_golden_digest("launch/wolverine-loaded.json", kTmp / "loaded");
  fs::remove_all(kTmp);
}

TEST_CASE("launch: a RAM disk read at 1 B/s launches in 1.2e7 simulated s at once; writes too slow to poll for, and "
          "a loaded launch that long, are exit 2 at validation")
{
  fs::remove_all(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/launch/wolverine-idle.json";
  const std::string one = " --set 'sweep.launch.nodes=[64]' --set 'sweep.launch.binary_size=[\"12MB\"]'";
  // The Machine Manager's 1.2e10 ticks before the transfer ends are computed, not slept through one by one: the
  // same tick notes it (the transfer's 12e6 s of reads, then the 39 us command and the 10 ms of the processes).
  const auto slow_read =
      bcssim("run " + scenario + one + " --set launch.read_rate=1B/s --out " + (kTmp / "r").string());
  REQUIRE(slow_read.code == 0);
  const auto launch = nlohmann::json::parse(slurp(kTmp / "r" / "summary.json"))["launch_study"][0];
  CHECK(launch["launch_ms"].get<double>() == 12000000039.0039);
  // Receivers' writes at 1 B/s: the sender would query for space ~3.6e11 times.
  const auto slow_write = bcssim("validate " + scenario + " --set launch.write_rate=1B/s");
  CHECK(slow_write.code == 2);
  CHECK(slow_write.output.find("launch.write_rate = \"1B/s\": expected a rate at which the sender polls at most 1e8 "
                               "times for the receivers' writes (about 20 minutes of simulation): here it would "
                               "wait 4e6 s for them, about 3.6e11 global queries at one per launch.poll_interval + "
                               "10 us") != std::string::npos);
  CHECK(bcssim("validate " + scenario + " --set launch.write_rate=1.2MB/s").code == 0);
  // The same rule for the launches of a workload's jobs (launch.model = storm).
  const std::string fcfs = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/fcfs-example.json";
  CHECK(bcssim("validate " + fcfs + " --set launch.model=storm --set launch.write_rate=1kB/s").code == 2);
  // A network load ping-ponging 1 MiB messages on 64 nodes through a launch of 1.2e5 s.
  const auto loaded = bcssim("validate " + scenario + one + " --set launch.load=network --set launch.read_rate=100B/s");
  CHECK(loaded.code == 2);
  CHECK(loaded.output.find("launch.load_message_size = \"1MiB\": expected a size at which the network load sends at "
                           "most 5e8 messages (about 20 minutes of simulation): here about ") != std::string::npos);
  CHECK(bcssim("validate " + scenario + one + " --set launch.load=network --set launch.read_rate=1MB/s").code == 0);
  fs::remove_all(kTmp);
}
