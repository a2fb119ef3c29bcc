// `bcssim sweep --emit-jobs --format slurm` (issue 44 part 6): the script it prints submits the points as a job
// array and the merge as a job that waits for them. First with a stand-in sbatch that runs each job at once (the
// script's own logic, everywhere), then on a real single-node Slurm (scripts/slurm-local.sh; ./test.sh starts one
// when it runs as root and sets BCSSIM_SLURM=required, so CI cannot skip it). Each merged digest must equal the
// local run's.
#include "cli_harness.hpp"

#include <chrono>
#include <thread>

using namespace e2e;

namespace {

const fs::path kDir = scratch("bcssim-e2e-slurm");

void write_study(const fs::path& dir)
{
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "tiny.json") << R"({"name": "tiny", "kind": "app", "app": {"name": "synthetic"},
    "synthetic": {"iterations": 3, "pattern": "exchange"},
    "sweep": {"app.processes": [2, 8], "synthetic.granularity": ["1ms", "3ms"]}, "compare": true})";
}

std::string local_digest(const fs::path& dir)
{
  REQUIRE(bcssim("run " + (dir / "tiny.json").string() + " --out " + (dir / "local").string()).code == 0);
  return slurp(dir / "local" / "digest");
}

/// The script for a study whose folder has a space in its name, emitted from `dir`.
std::string emit(const fs::path& dir)
{
  const auto emitted = run_shell("cd '" + dir.string() + "' && " + exe() +
                                 " sweep --emit-jobs --format slurm tiny.json --out 'out/my tiny' 2>&1");
  REQUIRE(emitted.code == 0);
  std::ofstream(dir / "submit.sh") << emitted.output;
  return emitted.output;
}

} // namespace

TEST_CASE("slurm script: a job array of the points and a merge after them, run by a stand-in sbatch")
{
  write_study(kDir);
  const std::string script = emit(kDir);
  CHECK(script.find("--array=0-7 ") != std::string::npos);
  CHECK(script.find("--dependency=afterok:\"$points\"") != std::string::npos);
  CHECK(script.find("--point \"$SLURM_ARRAY_TASK_ID\"") != std::string::npos);
  // The stand-in: runs the job script from its standard input at once, once per array index, and prints a job id
  // as --parsable does. It refuses a dependency on a job it has not run.
  fs::create_directories(kDir / "bin");
  std::ofstream(kDir / "bin" / "sbatch") << R"SH(#!/bin/sh
array= dep= out=/dev/null
for a in "$@"; do
  case "$a" in
    --array=*) array=${a#--array=} ;;
    --dependency=afterok:*) dep=${a#--dependency=afterok:} ;;
    --output=*) out=${a#--output=} ;;
  esac
done
cat > job.sh
if [ -n "$dep" ] && ! grep -qx "$dep" ran; then echo "sbatch: unknown dependency $dep" >&2; exit 1; fi
if [ -n "$array" ]; then
  i=${array%-*}
  while [ "$i" -le "${array#*-}" ]; do
    SLURM_ARRAY_TASK_ID=$i sh job.sh > "$(echo "$out" | sed "s/%a/$i/")" 2>&1 || exit 1
    i=$((i + 1))
  done
else
  sh job.sh > "$out" 2>&1 || exit 1
fi
n=$(($(wc -l < ran 2>/dev/null || echo 0) + 1))
echo "$n" >> ran
echo "$n;bcssim"
)SH";
  fs::permissions(kDir / "bin" / "sbatch", fs::perms::owner_all);
  const auto submitted =
      run_shell("cd '" + kDir.string() + "' && PATH='" + (kDir / "bin").string() + "':$PATH sh submit.sh 2>&1");
  INFO(submitted.output);
  REQUIRE(submitted.code == 0);
  CHECK(submitted.output.find("points in Slurm job 1 (array 0-7), merge in job 2") != std::string::npos);
  CHECK(fs::exists(kDir / "out" / "my tiny-slurm-logs" / "point-7.out"));
  REQUIRE(fs::exists(kDir / "out" / "my tiny" / "digest"));
  CHECK(slurp(kDir / "out" / "my tiny" / "digest") == local_digest(kDir));
  fs::remove_all(kDir);
}

TEST_CASE("slurm script on a real single-node Slurm: the merged study equals the local run")
{
  const char* wanted = std::getenv("BCSSIM_SLURM");
  const bool required = wanted != nullptr && std::string(wanted) == "required";
  if (run_shell("sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'").code != 0) {
    if (required)
      FAIL("BCSSIM_SLURM=required but no Slurm answers (scripts/slurm-local.sh start; SLURM_CONF)");
    MESSAGE("no Slurm here: skipped (scripts/slurm-local.sh start, then export SLURM_CONF)");
    return;
  }
  const fs::path dir = kDir.string() + "-real";
  write_study(dir);
  emit(dir);
  const auto submitted = run_shell("cd '" + dir.string() + "' && sh submit.sh 2>&1");
  INFO(submitted.output);
  REQUIRE(submitted.code == 0);
  const std::string marker = "merge in job ";
  const auto at = submitted.output.find(marker);
  REQUIRE(at != std::string::npos);
  const std::string merge =
      submitted.output.substr(at + marker.size(), submitted.output.find(';', at) - at - marker.size());
  // Wait for the merge job to leave the queue (it waits for the 8 points; a few seconds here), at most 5 minutes.
  bool done = false;
  for (int i = 0; i < 300 && !done; ++i) {
    done = run_shell("squeue -h -j " + merge + " 2>/dev/null | grep -q .").code != 0;
    if (!done)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  REQUIRE(done);
  INFO(slurp(dir / "out" / "my tiny-slurm-logs" / "merge.out"));
  REQUIRE(fs::exists(dir / "out" / "my tiny" / "digest"));
  CHECK(slurp(dir / "out" / "my tiny" / "digest") == local_digest(dir));
  fs::remove_all(dir);
}
