#pragma once
// `bcssim run --reuse` (issue 67 item 13): a script that runs many studies, interrupted and started again, keeps
// the ones it finished instead of running them again. A results folder stands for a run now when this binary
// made it (run-info.json records the binary's hash) for the same study: every point's summary.json records the
// scenario the study gives that point now (point_check.hpp), and its digest is there. An unfinished study resumes
// from its .partial folder as any run does (partial_points.hpp).
#include "sim/study/study.hpp"

#include <filesystem>
#include <string>

namespace bcssim::sim {

/// Empty when `dir` holds `study`'s results made by this binary; else why not (for the message).
std::string why_not_current(const Study& study, const std::filesystem::path& dir);

} // namespace bcssim::sim
