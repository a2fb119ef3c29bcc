#pragma once
// A study as independent jobs for a cluster: one `bcssim run --point` command per point, then `bcssim merge`
// (`bcssim sweep --emit-jobs`), as plain commands or as a script that submits them to Slurm.
#include "sim/study/study.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace bcssim::sim {

/// One self-contained command per point (for GNU parallel or a Slurm array), each writing <out>/points/<i>,
/// then the merge command. `program` is how to call bcssim, `file` the scenario, `sets` the --set overrides;
/// `force` adds --force to every command.
std::string emit_jobs(const Study& study, const std::string& program, const std::string& file,
                      const std::vector<std::string>& sets, const std::filesystem::path& out, bool force = false);
/// The same as a POSIX shell script that submits them to Slurm: one job array of the points, then the merge as a
/// job that starts once every point succeeded (sbatch --dependency=afterok); logs in <out>-slurm-logs/.
std::string emit_slurm(const Study& study, const std::string& program, const std::string& file,
                       const std::vector<std::string>& sets, const std::filesystem::path& out, bool force = false);

} // namespace bcssim::sim
