#pragma once
// The run time of each point of a study with no numeric dimension to draw lines over: a comparison of one program
// on both MPIs (the scenario `bcssim record` and `bcssim convert` write for a program of one's own), one bar per point
// and the slowdown in the title, so that every route to one's own program's slowdown ends in a plot (issue 66).
#include "sim/output/results_dir.hpp"

#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

/// The most points a study draws as bars (more: a table, not a plot).
inline constexpr std::size_t kMostBars = 12;

class Study;

/// A comparison's bars (time.gp, .dat, .csv, drawn): each point's run time `seconds[i]` labelled with its MPI's title
/// (its label when other dimensions vary too), the slowdown of a pair in the title; `what` is the kind's subject.
void write_comparison_bars(const ResultsDir& dir, const Study& st, const std::vector<double>& seconds,
                           const std::string& what);

/// Writes `stem`.gp, .dat and .csv and draws them: a bar per (label, seconds), in the given order.
void write_study_bars(const ResultsDir& dir, const std::string& stem,
                      const std::vector<std::pair<std::string, double>>& bars, const std::string& title);

} // namespace bcssim::sim
