#pragma once
// Points of a study that turned out to be one run: their digests are equal, so whatever tells them apart changed
// nothing the model did (a seed where nothing is random, app.processes = 0 and the count it means, a message size
// of a barrier, PBCS where no job blocks). Found from the digests after the run, where every such case shows,
// rather than guessed per parameter before it (hostile pass of 2026-12-07, finding 12).
#include <nlohmann/json_fwd.hpp>

#include <string>

namespace bcssim::sim {

/// One line per group of points of a study's summary.json with one digest (each ending in '\n'), naming the
/// points and the swept paths whose values differ among them; empty when every point's digest is its own.
std::string same_run_notes(const nlohmann::json& summary);

} // namespace bcssim::sim
