#pragma once
// Renders a gnuplot script inside a results folder (the .gp and its data stay beside the images).
#include <filesystem>
#include <string>

namespace bcssim::sim {

/// Runs `gnuplot script` with `dir` as working directory. Returns false (and says why on stderr) when gnuplot
/// is missing or fails; the script and data are kept either way.
bool render_gnuplot(const std::filesystem::path& dir, const std::string& script);

} // namespace bcssim::sim
