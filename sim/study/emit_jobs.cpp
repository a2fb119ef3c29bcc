#include "sim/study/emit_jobs.hpp"

#include "base/units.hpp"
#include "sim/config/scenario.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

namespace bcssim::sim {
namespace {

std::string shell_quote(const std::string& s)
{
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// Every string an emitted command or script holds must stay on its line: a newline (or any control character)
/// inside a quoted word would end a comment line, end a here-document early or split "one command per line",
/// and whatever followed it would run as a command of its own.
void check_one_line(const std::string& what, const std::string& s)
{
  const auto control = [](unsigned char c) { return c < 0x20 || c == 0x7f; };
  if (std::none_of(s.begin(), s.end(), control))
    return;
  std::string shown; // the message shows the character, not a line break
  for (unsigned char c : s)
    shown += c == '\n' ? std::string("\\n") : control(c) ? fmt::format("\\x{:02x}", c) : std::string(1, char(c));
  throw ScenarioError(what, shown,
                      "no control character (newline, tab, ...): `sweep --emit-jobs` writes it into "
                      "shell commands, one per line");
}

/// The strings of the commands, each checked to stay on its line.
void check_emitted(const std::string& program, const std::string& file, const std::vector<std::string>& sets,
                   const std::filesystem::path& out, const std::string& from)
{
  check_one_line("bcssim's own path", program);
  check_one_line("scenario", file);
  for (const std::string& s : sets)
    check_one_line("--set", s);
  check_one_line("--out", out.string());
  check_one_line("the working directory", from); // (the study's name is letters, digits, '.', '_' and '-' only)
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
  const std::string from = emitted_from();
  check_emitted(program, file, sets, out, from);
  const std::string common = common_args(sets, force);
  const std::string cd = "cd " + shell_quote(from) + " && ";
  const std::string exe = shell_quote(program);
  std::string text;
  for (std::size_t i = 0; i < study.size(); ++i)
    text += fmt::format("{}{} run {}{} --point {} --out {}\n", cd, exe, shell_quote(file), common, i,
                        shell_quote((out / point_folder(i)).string()));
  text += fmt::format("# when every line above has run:\n# {}{} merge {}{} {}\n", cd, exe, shell_quote(file), common,
                      shell_quote(out.string()));
  return text;
}

std::string emit_slurm(const Study& study, const std::string& program, const std::string& file,
                       const std::vector<std::string>& sets, const std::filesystem::path& out, bool force)
{
  const std::string from = emitted_from();
  check_emitted(program, file, sets, out, from);
  const std::string common = common_args(sets, force);
  const std::string cd = "cd " + shell_quote(from);
  const std::string logs = shell_quote(out.string() + "-slurm-logs");
  const std::string name = shell_quote("bcssim-" + study.name());
  const std::size_t last = study.size() - 1;
  // Each job's script goes to sbatch on its standard input, in a quoted here-document: the shell that submits
  // expands nothing in it, and the job's own shell reads SLURM_ARRAY_TASK_ID. The point's folder is named as
  // point_folder() names it (points/%04d).
  std::string t;
  t += "#!/bin/sh\n";
  t += fmt::format("# The study '{}' ({}) as a Slurm job array, then its merge as a job that waits for every\n",
                   study.name(), base::counted(static_cast<long long>(study.size()), "point"));
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
