// A FIFO (or a device) named where bcssim reads a file is refused, exit 2, never waited on (hostile pass of
// 2026-12-06: opening a FIFO blocks until a writer comes, and scenario files, replay.checksums, workload.swf,
// `workload stats`, `verify --digests` and merge's point files all hung). base/input_file.hpp.
#include "cli_harness.hpp"

#include <sys/stat.h>

using namespace e2e;

TEST_CASE("a FIFO given as a file to read is exit 2 naming it, at once")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path fifo = kTmp / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string gs = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/gs-example.json";
  std::ofstream(kTmp / "ring.txt") << "0 init\n1 init\n0 send 1 0 8\n1 recv 0 0 8\n0 finalize\n1 finalize\n";
  std::ofstream(kTmp / "replay.json") << R"({"name": "r", "kind": "app", "app": {"name": "replay"},
    "replay": {"trace": ")" + (kTmp / "ring.txt").string() +
                                             R"("}})";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"validate " + fifo.string(), "expected a scenario file; this is not a regular file"},
      {"validate " + (kTmp / "replay.json").string() + " --set replay.checksums=" + fifo.string(),
       "is not a regular file"},
      {"validate " + gs + " --set workload.jobs=[] --set workload.swf=" + fifo.string(), "is not a regular file"},
      {"workload stats " + fifo.string(), "is not a regular file"},
      {"verify --digests " + fifo.string(), "--digests = " + fifo.string()},
  };
  for (const auto& c : cases) {
    CAPTURE(c.first);
    // `timeout` turns a hang into exit 124.
    const auto r = run_shell("timeout 20 " + exe() + " " + c.first + " 2>&1");
    CHECK(r.code == 2);
    CHECK(r.output.find(c.second) != std::string::npos);
  }
  fs::remove_all(kTmp);
}
