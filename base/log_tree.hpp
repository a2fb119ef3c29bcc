#pragma once
// bcssim's log categories as a tree per folder (issue 44 part 4). Every source file declares one category of its own,
// named after its path (storm/policies/gang.cpp: `storm_policies_gang`, described "storm.policies.gang: ..."; a
// file of models/X/ drops the `models` level). SimGrid links such a category under its root; build() moves it under
// a category per folder (storm_policies, then storm), made here from the dotted names, so that a setting on a
// folder reaches every file in it. No list of folders is kept anywhere: the files' own declarations are the tree.
#include <string>
#include <vector>

namespace bcssim::base::log_tree {

/// Links every bcssim category under its folders' categories. Idempotent; call before any log setting is applied.
void build();

/// The SimGrid category a user's name means: `storm.policies` and `storm_policies` both give storm_policies.
std::string identifier(const std::string& name);

/// Whether a category of that identifier exists (bcssim's or SimGrid's), once build() ran.
bool exists(const std::string& identifier);

/// Every category's dotted name (SimGrid's keep their own names), sorted: for "did you mean" and `bcssim logs`.
std::vector<std::string> names();

/// bcssim's categories as an indented tree with their descriptions, one per line.
std::string describe();

} // namespace bcssim::base::log_tree
