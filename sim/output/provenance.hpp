#pragma once
// What made a results folder: bcssim's version and git commit, SimGrid's version, the build. summary.json records
// what determines the results (bcssim and SimGrid versions, the resolved scenario, the overrides) and stays
// bit-identical on every build of one version; run-info.json adds the commit, the build and the command line.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bcssim::sim {

struct BuildInfo {
  const char* version;    // the project's version (CMakeLists.txt)
  const char* commit;     // git HEAD of the source tree at build time, "unknown" outside a git checkout
  bool dirty;             // tracked sources (results/ aside) differed from that commit
  const char* compiler;   // compiler id and version
  const char* build_type; // CMake build type
};

/// Filled in at build time (cmake/build_info.cmake).
const BuildInfo& build_info();

/// "3.32.0": the SimGrid this binary was compiled against.
std::string simgrid_version();

/// `bcssim --version`: "bcssim 0.2.0 (commit 0123abcd…, SimGrid 3.32.0)".
std::string version_line();

/// The commit with "-dirty" appended when the tree was modified.
std::string commit_label();

/// The process's command line, recorded once by main().
void set_command_line(int argc, const char* const* argv);
const std::vector<std::string>& command_line();

/// run-info.json's provenance: version, commit, dirty, compiler, build type, SimGrid version, command line.
nlohmann::json run_provenance();

} // namespace bcssim::sim
