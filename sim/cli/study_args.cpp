#include "sim/cli/command.hpp"

namespace bcssim::sim::cli {

void StudyArgs::add(CLI::App* sub, const std::string& set_help)
{
  sub->add_option("scenario", file, "Scenario JSON file")->required();
  sub->add_option("--set", sets, set_help)->allow_extra_args(false); // one path=value per --set
}

void StudyArgs::check_out_given(const CLI::App* sub) const
{
  if (sub->count("--out") > 0 && out_dir.empty())
    throw ScenarioError("--out", "\"\"", "a results folder path (without --out: out/<scenario name>)");
}

std::filesystem::path StudyArgs::out(const Study& study) const
{
  return out_dir.empty() ? std::filesystem::path("out") / study.name() : std::filesystem::path(out_dir);
}

} // namespace bcssim::sim::cli
