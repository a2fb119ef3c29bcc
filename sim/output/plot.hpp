#pragma once
// Renders a gnuplot script inside a results folder (the .gp and its data stay beside the images).
#include <filesystem>
#include <string>

namespace bcssim::sim {

/// The gnuplot loop that draws `body` (indented lines, each ending in a newline) into <stem>.svg and <stem>.png
/// of width x height pixels; `noenhanced` keeps underscores in titles literal.
std::string svg_and_png(const std::string& stem, int width, int height, const std::string& body,
                        bool noenhanced = false);

/// Runs `gnuplot script` with `dir` as working directory. Returns false (and says why on stderr) when gnuplot
/// is missing or fails; the script and data are kept either way.
bool render_gnuplot(const std::filesystem::path& dir, const std::string& script);

} // namespace bcssim::sim
