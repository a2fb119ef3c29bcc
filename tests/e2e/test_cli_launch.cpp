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
  const std::string digest = slurp(kTmp / "launch" / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find("launch/wolverine-idle.json," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " is not the golden one in scenarios/digests.csv");
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
  std::istringstream in(slurp(kTmp / "loaded" / "launch_study.csv"));
  std::string line;
  std::getline(in, line);
  REQUIRE(line.rfind("nodes,launch_ms_4MB_idle,send_ms_4MB_idle,execute_ms_4MB_idle,launch_ms_4MB_cpu,send_ms_4MB_"
                     "cpu,execute_ms_4MB_cpu,launch_ms_4MB_network,send_ms_4MB_network,execute_ms_4MB_network,"
                     "launch_ms_8MB_idle,",
                     0) == 0);
  int rows = 0;
  while (std::getline(in, line)) {
    std::vector<double> cell;
    std::istringstream cells(line);
    for (std::string c; std::getline(cells, c, ',');)
      cell.push_back(std::stod(c));
    CAPTURE(line);
    for (int size = 0; size < 3; ++size) {
      const std::size_t idle = 1 + 9 * std::size_t(size), cpu = idle + 3, network = idle + 6;
      CAPTURE(size);
      CHECK(cell.at(cpu) >= cell.at(idle));
      CHECK(cell.at(network) >= cell.at(idle));
      CHECK(cell.at(cpu + 2) >= cell.at(idle + 2)); // the processes share their PEs with the spin loops
      if (cell.at(0) > 1) { // with a binary to send, both loads slow the transfer down several times
        CHECK(cell.at(cpu + 1) > 3 * cell.at(idle + 1));
        CHECK(cell.at(network + 1) > 2 * cell.at(idle + 1));
      }
    }
    ++rows;
  }
  CHECK(rows == 7);
  const std::string digest = slurp(kTmp / "loaded" / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find("launch/wolverine-loaded.json," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " is not the golden one in scenarios/digests.csv");
  fs::remove_all(kTmp);
}
