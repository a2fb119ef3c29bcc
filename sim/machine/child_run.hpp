#pragma once
// A measurement on a machine of its own, before the run: SimGrid allows one engine per process, so what needs a
// simulation of its own (the message tier's microbenchmarks, the slice probe) runs in a child process and sends its
// result back as text.
#include <functional>
#include <string>

namespace bcssim::sim {

/// Runs `work` in a child process and returns the text it returned. When `work` throws, the child prints the error
/// on stderr as "bcssim: <what>: <error>", and this throws std::runtime_error("<what> failed (its error is above)").
std::string run_in_child(const std::function<std::string()>& work, const std::string& what);

} // namespace bcssim::sim
