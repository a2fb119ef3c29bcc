#pragma once
// A point of a study records what it was run with: its summary.json echoes its resolved scenario. Before a merge
// uses a point, that record must equal what the study resolves for the point now (the same file, --set and
// sweep), so that a merged summary never describes data made with other parameters.
#include "sim/study/study.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <string>

namespace bcssim::sim {

/// Throws ScenarioError naming point i's folder and the first parameter whose recorded value differs.
void check_point_scenario(const Study& study, std::size_t i, const nlohmann::json& summary);

/// Empty when `point` (a results folder) can stand for a run of point i now: whole (bcssim's marker, a digest), its
/// summary.json recording the scenario the study gives it now, its figures as its run wrote them; else why not
/// ("is incomplete", "was run with other parameters", "has files edited since its run"). A resumed study and
/// `run --reuse` both ask it.
std::string why_not_reusable(const Study& study, std::size_t i, const std::filesystem::path& point);

/// Before `bcssim merge` of `folder` (a user's, gathered from a cluster): points/ holds exactly the study's points
/// (none missing, none extra), and each point's summary.json is JSON with a digest of 16 hex digits, a simulated
/// time and an event count. Throws ScenarioError on `option` (the CLI's name of the folder) naming what is wrong.
void check_points_folder(const Study& study, const std::filesystem::path& folder, const std::string& option);

} // namespace bcssim::sim
