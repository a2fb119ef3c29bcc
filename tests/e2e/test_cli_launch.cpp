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
  for (const char* f : {"summary.json", "runs.csv", "digest", "launch_study.csv", "launch_study.gp",
                        "launch_study.png", "points/0020/nodes.csv", "points/0020/stages.csv",
                        "points/0020/launch.png"}) {
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
