#include "sim/study/emit_jobs.hpp"

#include <fmt/format.h>

#include <system_error>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_study_emit_jobs, "sim.study.emit_jobs: A study as independent jobs for a cluster");

namespace bcssim::sim {
namespace {

std::string shell_quote(const std::string& s)
{
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// The --set overrides and --force as command-line words.
std::string common_args(const std::vector<std::string>& sets, bool force)
{
  std::string common;
  for (const std::string& s : sets)
    common += " --set " + shell_quote(s);
  if (force)
    common += " --force";
  return common;
}

/// Where the study was emitted: every path of its commands (the program, the scenario, --out, and the scenario's
/// own relative paths such as replay.trace) is relative to it, and a cluster's job starts elsewhere.
std::string emitted_from()
{
  std::error_code ec;
  return std::filesystem::current_path(ec).string();
}

} // namespace

std::string emit_jobs(const Study& study, const std::string& program, const std::string& file,
                      const std::vector<std::string>& sets, const std::filesystem::path& out, bool force)
{
  const std::string common = common_args(sets, force);
  const std::string cd = "cd " + shell_quote(emitted_from()) + " && ";
  std::string text;
  for (std::size_t i = 0; i < study.size(); ++i)
    text += fmt::format("{}{} run {}{} --point {} --out {}\n", cd, program, shell_quote(file), common, i,
                        shell_quote((out / point_folder(i)).string()));
  text += fmt::format("# when every line above has run:\n# {}{} merge {}{} {}\n", cd, program, shell_quote(file),
                      common, shell_quote(out.string()));
  return text;
}

std::string emit_slurm(const Study& study, const std::string& program, const std::string& file,
                       const std::vector<std::string>& sets, const std::filesystem::path& out, bool force)
{
  const std::string common = common_args(sets, force);
  const std::string cd = "cd " + shell_quote(emitted_from());
  const std::string logs = shell_quote(out.string() + "-slurm-logs");
  const std::string name = shell_quote("bcssim-" + study.name());
  const std::size_t last = study.size() - 1;
  // Each job's script goes to sbatch on its standard input, in a quoted here-document: the shell that submits
  // expands nothing in it, and the job's own shell reads SLURM_ARRAY_TASK_ID. The point's folder is named as
  // point_folder() names it (points/%04d).
  std::string t;
  t += "#!/bin/sh\n";
  t += fmt::format("# The study '{}' ({} points) as a Slurm job array, then its merge as a job that waits for every\n",
                   study.name(), study.size());
  t += "# point to succeed. Written by `bcssim sweep --emit-jobs --format slurm`: run it with sh where sbatch works.\n";
  t += fmt::format("# Logs: {}/point-K.out and merge.out. Slurm's default MaxArraySize (1001) caps a study at 1001\n",
                   out.string() + "-slurm-logs");
  t += "# points.\n";
  t += "set -eu\n";
  t += cd + "\n";
  t += "mkdir -p " + logs + "\n";
  t += fmt::format("points=$(sbatch --parsable --job-name={} --array=0-{} --ntasks=1 --output={}/point-%a.out "
                   "<<'BCSSIM_POINT'\n",
                   name, last, logs);
  t += "#!/bin/sh\n";
  t += fmt::format("{} && exec {} run {}{} --point \"$SLURM_ARRAY_TASK_ID\" --out {}/points/\"$(printf %04d "
                   "\"$SLURM_ARRAY_TASK_ID\")\"\n",
                   cd, shell_quote(program), shell_quote(file), common, shell_quote(out.string()));
  t += "BCSSIM_POINT\n)\n";
  t += "points=${points%%;*}\n";
  t += fmt::format("merge=$(sbatch --parsable --job-name={} --dependency=afterok:\"$points\" "
                   "--kill-on-invalid-dep=yes --ntasks=1 --output={}/merge.out <<'BCSSIM_MERGE'\n",
                   shell_quote("bcssim-" + study.name() + "-merge"), logs);
  t += "#!/bin/sh\n";
  t += fmt::format("{} && exec {} merge {}{} {}\n", cd, shell_quote(program), shell_quote(file), common,
                   shell_quote(out.string()));
  t += "BCSSIM_MERGE\n)\n";
  t += "merge=${merge%%;*}\n";
  t += fmt::format("echo \"bcssim: points in Slurm job $points (array 0-{}), merge in job $merge; logs in \"{}\n", last,
                   logs);
  return t;
}

} // namespace bcssim::sim
