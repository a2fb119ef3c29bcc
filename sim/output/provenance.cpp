#include "sim/output/provenance.hpp"

#include <simgrid/config.h> // version.h uses its macros without including it
#include <simgrid/version.h>

#include <fmt/format.h>

namespace bcssim::sim {

std::string simgrid_version()
{
  return fmt::format("{}.{}.{}", SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR, SIMGRID_VERSION_PATCH);
}

std::string commit_label()
{
  const BuildInfo& b = build_info();
  return std::string(b.commit) + (b.dirty ? "-dirty" : "");
}

std::string version_line()
{
  return fmt::format("bcssim {} (commit {}, SimGrid {}, {} {})", build_info().version, commit_label(),
                     simgrid_version(), build_info().compiler, build_info().build_type);
}

namespace {
std::vector<std::string>& command_line_store()
{
  static std::vector<std::string> words;
  return words;
}
} // namespace

void set_command_line(int argc, const char* const* argv) { command_line_store().assign(argv, argv + argc); }

const std::vector<std::string>& command_line() { return command_line_store(); }

nlohmann::json run_provenance()
{
  const BuildInfo& b = build_info();
  return {{"version", b.version},          {"commit", b.commit},         {"dirty", b.dirty},
          {"compiler", b.compiler},        {"build_type", b.build_type}, {"simgrid", simgrid_version()},
          {"command_line", command_line()}};
}

} // namespace bcssim::sim
