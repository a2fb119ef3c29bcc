// libFuzzer target: a workload in the Standard Workload Format (workloads/swf.hpp) as workload.swf reads it:
// parsed, each record checked and made a job (see inputs.hpp). Only ScenarioError (exit 2) may escape; see
// fuzz_common.hpp.
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/inputs.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static const bcssim::fuzz::Scratch scratch("swf");
  bcssim::fuzz::expect_bad_input_only<bcssim::sim::ScenarioError>([&] {
    bcssim::fuzz::run_swf(scratch, {reinterpret_cast<const char*>(data), size});
  });
  return 0;
}
