// libFuzzer target: a scenario file, as `bcssim validate --print <file>` reads it (JSON within limits, the
// catalogue, presets, sweep and compare expansion, the machine's and the kind's rules). Only ScenarioError may
// escape; see fuzz_common.hpp.
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/inputs.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static const bcssim::fuzz::Scratch scratch("scenario");
  bcssim::fuzz::expect_bad_input_only<bcssim::sim::ScenarioError>([&] {
    bcssim::fuzz::run_scenario(scratch, {reinterpret_cast<const char*>(data), size});
  });
  return 0;
}
