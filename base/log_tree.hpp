#pragma once
// bcssim's log categories as a tree per folder (issue 44 part 4; declared statically since issue 68 part 4). A
// source file that logs declares one category of its own, named after its path, under its folder's
// (storm/machine_manager/machine_manager.cpp: `XBT_LOG_NEW_DEFAULT_SUBCATEGORY(storm_machine_manager_machine_manager,
// storm_machine_manager, "storm.machine_manager.machine_manager: ...")`; a file of models/X/ drops the `models`
// level). The folders' categories are log_tree.cpp's, so a setting on a folder reaches every file in it. A file
// that does not log declares none (tests/e2e/test_cli_logs.cpp checks both).
#include <string>
#include <vector>

namespace bcssim::base::log_tree {

/// The SimGrid category a user's name means: `storm.machine_manager` and `storm_machine_manager` both give
/// storm_machine_manager.
std::string identifier(const std::string& name);

/// Whether a category of that identifier exists (bcssim's or SimGrid's).
bool exists(const std::string& identifier);

/// Every category's dotted name (SimGrid's keep their own names), sorted: for "did you mean" and `bcssim logs`.
std::vector<std::string> names();

/// bcssim's categories as an indented tree with their descriptions, one per line.
std::string describe();

} // namespace bcssim::base::log_tree
