#pragma once
// What every fuzz target of tests/fuzz shares: bad input must end in the reader's bad-input error (the one the
// CLI turns into an exit-2 message); any other exception escaping is a finding, and aborting turns it into a
// crash libFuzzer reports and saves. Sanitizer reports, hangs (-timeout) and memory (-rss_limit_mb,
// -malloc_limit_mb) are findings on their own.
#include <cxxabi.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <typeinfo>

namespace bcssim::fuzz {

inline std::string type_name(const std::type_info& t)
{
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> name(abi::__cxa_demangle(t.name(), nullptr, nullptr, &status),
                                                   &std::free);
  return status == 0 && name ? name.get() : t.name();
}

[[noreturn]] inline void finding(const std::string& what)
{
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

/// Runs `body`; an exception of type BadInput is the expected outcome of bad input, anything else aborts.
template <class BadInput, class Body> void expect_bad_input_only(Body&& body)
{
  try {
    body();
  } catch (const BadInput& e) {
    // the reader refused the input with its message, what bad input should get; shown on demand when replaying
    // an input by hand (BCSSIM_FUZZ_VERBOSE=1 build/sanitize/fuzz_set <input>)
    static const bool verbose = std::getenv("BCSSIM_FUZZ_VERBOSE") != nullptr;
    if (verbose)
      std::fprintf(stderr, "bad input: %s\n", e.what());
  } catch (const std::exception& e) {
    finding("escaped " + type_name(typeid(e)) + ": " + e.what());
  } catch (...) {
    finding("escaped a non-std exception");
  }
}

} // namespace bcssim::fuzz
