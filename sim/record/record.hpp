#pragma once
// `bcssim record`: a native MPI run recorded as a trace bcs-sim replays (issue 66 part 3). The command given runs
// with the recorder library (recorder/) preloaded into every process (LD_PRELOAD), which writes each MPI rank's
// calls and the computation between them (docs/trace-format.md, "Recording a native run"); then the rank files
// become a results folder of their own: the trace's index, its checksums, what was recorded (record.json) and a
// scenario that replays it on both MPIs. What the recorder saw but the format cannot hold (non-blocking
// collectives, communicators other than MPI_COMM_WORLD, one-sided, I/O) is reported with its counts and refused
// unless the recording is asked to leave it out.
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace bcssim::sim {

struct RecordOptions {
  std::filesystem::path out;        // the results folder
  std::string host_speed = "1GHz";  // the flops a measured second of computation becomes (replay.host_speed)
  std::string clock = "cpu";        // cpu: the rank's thread CPU time between calls; wall: elapsed time
  std::string mpi = "auto";         // the program's MPI: openmpi, mpich, or auto (from the command)
  bool force = false;               // replace an earlier results folder
  bool skip_unsupported = false;    // keep a trace whose program made calls it cannot hold
  std::vector<std::string> command; // e.g. mpirun -np 4 ./app
};

/// The MPI a command runs its program with: "mpich" when its launcher is MPICH's (mpirun.mpich, Hydra) or the
/// program it names is linked with libmpich, "openmpi" when Open MPI's (orterun) or libmpi, "" when neither shows.
std::string detect_mpi(const std::vector<std::string>& command);

/// The recorder library for `mpi`: $BCSSIM_RECORDER_LIBRARY, else recorder/libbcssim-record-<mpi>.so beside this
/// executable; "" when neither exists (bcs-sim was built without that MPI).
std::string recorder_library(const std::string& mpi);

/// Runs options.command with the recorder, writes the results folder and tells `out` what was recorded. Returns
/// the exit code: 0, or 1 when the command failed (nothing written). Throws ScenarioError (exit 2) for bad
/// options, no or missing ranks and unsupported calls (unless skipped), base::ParamRuleError for a recorded trace
/// the replay would refuse.
int record(const RecordOptions& options, std::ostream& out);

} // namespace bcssim::sim
