// libFuzzer target: `--set path=value` overrides, one per line of the input, on scenarios/default.json, as
// `bcssim validate scenarios/default.json --set ...` applies them (sweep.* sets included). Only ScenarioError may
// escape; see fuzz_common.hpp.
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/inputs.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static const std::string base = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/default.json";
  bcssim::fuzz::expect_bad_input_only<bcssim::sim::ScenarioError>([&] {
    bcssim::fuzz::run_sets(base, {reinterpret_cast<const char*>(data), size});
  });
  return 0;
}
