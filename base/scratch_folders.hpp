#pragma once
// Temporary folders that live as long as the process (e.g. an OTF2 archive converted for its replay, which
// validation and the run both read): made under the system's temporary folder, removed when the process exits
// normally, and on a signal by whoever the program tells of them (the CLI's interrupt cleanup, set with
// on_scratch_folder). A forked child that exits does not remove its parent's.
#include <filesystem>
#include <functional>
#include <string>

namespace bcssim::base {

/// A new empty folder <temp>/<stem>-<pid>-<n>; throws std::runtime_error if it cannot be made.
std::filesystem::path make_scratch_folder(const std::string& stem);

/// `hook` is told of every scratch folder made from now on (and of those made already).
void on_scratch_folder(std::function<void(const std::filesystem::path&)> hook);

} // namespace bcssim::base
