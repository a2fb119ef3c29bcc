#pragma once
// What `bcssim run` prints when it ends (unless --quiet): the figures a user would quote, one line per run, read
// back from the results folder it wrote (each kind's Kind::headline on a summary.json).
#include <filesystem>
#include <string>

namespace bcssim::sim {

/// The most points of a study the headline lists; the others are in points.csv and runs.csv.
inline constexpr std::size_t kHeadlinePoints = 20;

/// Lines ending in '\n'; empty when the kind has no headline.
std::string headline(const std::filesystem::path& results);

} // namespace bcssim::sim
