// libFuzzer target: a SimGrid time-independent trace (apps/replay/trace.hpp): an index and its rank files, or one
// file of rank-prefixed actions, plain, gzip or xz; the input's parts between "@@" lines are its files (see
// inputs.hpp). Only base::ParamRuleError (replay.trace = ...: exit 2) may escape; see fuzz_common.hpp.
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/inputs.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static const bcssim::fuzz::Scratch scratch("trace");
  bcssim::fuzz::expect_bad_input_only<bcssim::base::ParamRuleError>([&] {
    bcssim::fuzz::run_trace(scratch, {reinterpret_cast<const char*>(data), size});
  });
  return 0;
}
