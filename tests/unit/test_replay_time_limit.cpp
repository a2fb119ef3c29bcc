// A trace's computations and sleeps held to the limit of simulated time (base/sim_time.hpp) when the trace is
// validated: a burst, a sleep or a rank's sum past it is an error naming file:line and the action, never a time
// that wraps at run time.
#include "apps/replay/trace.hpp"
#include "base/sim_time.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace bcssim;
using namespace bcssim::apps::replay;
namespace fs = std::filesystem;

namespace {

// The message validate() throws for a shared trace of `text` ("" when it passes).
std::string validation_error(const std::string& text, const Settings& settings = {})
{
  const fs::path dir = fs::temp_directory_path() / "bcssim-replay-time-limit";
  fs::create_directories(dir);
  const fs::path file = dir / "t.txt";
  std::ofstream(file) << text;
  try {
    validate(read_layout(file.string()), settings);
  } catch (const base::ParamRuleError& e) {
    fs::remove_all(dir);
    return e.what();
  }
  fs::remove_all(dir);
  return "";
}

} // namespace

TEST_CASE("replay trace: a computation, a sleep or a rank's sum past the limit of simulated time is refused")
{
  const std::string head = "0 init\n1 init\n";
  const std::string tail = "0 finalize\n1 finalize\n";
  CHECK(validation_error(head + "0 compute 1e18\n0 sleep 3e9\n" + tail) == ""); // 1e9 s + 3e9 s: at the limit

  const std::string burst = validation_error(head + "0 compute 1e30\n" + tail);
  CHECK(burst.find("replay.trace = ") == 0);
  CHECK(burst.find("t.txt:3: \"0 compute 1e30\": expected a computation whose time, replay.compute_scale x flops / "
                   "replay.host_speed = 1 x 1e30 / 1e9 = 1e21 s, is at most 4e9 s (about 127 years), the limit of "
                   "simulated time") != std::string::npos);
  // The settings take part: 1e18 flops are 1e9 s, 10 times that with compute_scale 10.
  CHECK(validation_error(head + "0 compute 1e18\n" + tail, Settings{1e9, 10}).find("= 10 x 1e18 / 1e9 = 1e10 s") !=
        std::string::npos);
  CHECK(validation_error(head + "0 compute 1e18\n" + tail, Settings{1e12, 10}) == "");

  CHECK(validation_error(head + "1 sleep 1e10\n" + tail)
            .find("t.txt:3: \"1 sleep 1e10\": expected a sleep of at most "
                  "4e9 s") != std::string::npos);
  // A reduction's flops count too.
  CHECK(validation_error(head + "0 allreduce 1 1e30\n1 allreduce 1 0\n" + tail).find("\"0 allreduce 1 1e30\"") !=
        std::string::npos);

  CHECK(validation_error(head + "1 sleep 3e9\n0 sleep 3e9\n1 compute 1e18\n" + tail) == ""); // rank 1: 4e9 s
  const std::string over = validation_error(head + "1 sleep 3e9\n0 sleep 3e9\n1 compute 1.5e18\n" + tail);
  CHECK(over.find("t.txt:5: \"1 compute 1.5e18\": expected rank 1's computations and sleeps, 4.5e9 s by this line, "
                  "to add up to at most 4e9 s") != std::string::npos);
}

// validate() parses a trace once per process and content (a study checks it at every point): the scale of a later
// call and a file rewritten under the same name, at the same size, are still judged on their own.
TEST_CASE("replay trace: validation judges each call's settings and the file's content as it is now")
{
  const std::string head = "0 init\n1 init\n";
  const std::string tail = "0 finalize\n1 finalize\n";
  CHECK(validation_error(head + "0 compute 1e10\n" + tail) == "");
  CHECK(validation_error(head + "0 compute 1e10\n" + tail, Settings{1e9, 1e9}).find("= 1e9 x 1e10 / 1e9 = 1e10 s") !=
        std::string::npos);
  CHECK(validation_error(head + "0 compute 1e30\n" + tail).find("t.txt:3: \"0 compute 1e30\"") != std::string::npos);
  CHECK(validation_error(head + "0 compute 1e10\n" + tail) == "");
  CHECK(validation_error(head + "0 bogus 1e10\n" + tail).find("t.txt:3") != std::string::npos);
}
