#include "sim/record/record.hpp"

#include "apps/replay/trace.hpp"
#include "base/file_hash.hpp"
#include "base/program_path.hpp"
#include "base/units.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/output/signals.hpp"
#include "sim/record/trace_folder.hpp"
#include "sim/study/study.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <ostream>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace bcssim::sim {
namespace fs = std::filesystem;
namespace {

// Runs `command` with the recorder preloaded, writing into `ranks`; returns its exit code (128 + a signal).
int run_recorded(const RecordOptions& options, const std::string& library, const fs::path& ranks, double speed)
{
  std::vector<std::string> env_text;
  const char* preload = std::getenv("LD_PRELOAD");
  env_text.push_back("LD_PRELOAD=" + library +
                     (preload != nullptr && *preload != '\0' ? ":" + std::string(preload) : ""));
  env_text.push_back("BCSSIM_RECORD_DIR=" + fs::absolute(ranks).string());
  env_text.push_back(fmt::format("BCSSIM_RECORD_HOST_SPEED={}", speed));
  env_text.push_back("BCSSIM_RECORD_CLOCK=" + options.clock);
  std::vector<std::string> args = options.command;
  std::vector<char*> argv;
  for (std::string& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);
  stop_if_interrupted();
  const pid_t parent = ::getpid();
  auto lock = cleanup_lock(); // held until the child is registered: a signal then stops it too
  const pid_t pid = ::fork();
  if (pid < 0)
    throw std::runtime_error(std::string("cannot start the command: ") + std::strerror(errno));
  if (pid == 0) {
    child_after_fork(parent, SIGTERM);
    for (std::string& e : env_text)
      ::putenv(e.data());
    ::execvp(argv[0], argv.data());
    std::fprintf(stderr, "bcssim record: cannot run %s: %s\n", argv[0], std::strerror(errno));
    ::_exit(127);
  }
  register_child(pid);
  lock.unlock();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  stop_if_interrupted();
  {
    const auto again = cleanup_lock();
    unregister_child(pid);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string command_text(const std::vector<std::string>& command)
{
  std::string text;
  for (const std::string& a : command)
    text += (text.empty() ? "" : " ") + a;
  return text;
}

} // namespace

std::string detect_mpi(const std::vector<std::string>& command)
{
  // Each word that names an executable file (the launcher, the program), as a shell finds it, then what it links.
  for (const std::string& word : command) {
    const fs::path file = base::find_program(word);
    if (file.empty())
      continue;
    std::error_code ec;
    const std::string name = file.filename().string();
    const std::string real = fs::canonical(file, ec).filename().string();
    for (const std::string& n : {name, real}) {
      if (n.find("mpich") != std::string::npos || n.find("hydra") != std::string::npos)
        return "mpich";
      if (n.find("openmpi") != std::string::npos || n == "orterun" || n == "prterun")
        return "openmpi";
    }
    // A program: the MPI library its dynamic section names (in its first bytes; a launcher script names neither).
    std::ifstream in(file, std::ios::binary);
    std::string bytes(std::size_t(16) << 20, '\0');
    in.read(bytes.data(), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    if (bytes.compare(0, 4,
                      "\x7f"
                      "ELF") != 0)
      continue;
    if (bytes.find("libmpich.so") != std::string::npos)
      return "mpich";
    if (bytes.find("libmpi.so") != std::string::npos)
      return "openmpi";
  }
  return "";
}

std::string recorder_library(const std::string& mpi)
{
  if (const char* given = std::getenv("BCSSIM_RECORDER_LIBRARY"); given != nullptr && *given != '\0')
    return fs::exists(given) ? fs::absolute(given).string() : "";
  std::error_code ec;
  const fs::path beside =
      fs::read_symlink("/proc/self/exe", ec).parent_path() / "recorder" / ("libbcssim-record-" + mpi + ".so");
  return !ec && fs::exists(beside) ? beside.string() : "";
}

int record(const RecordOptions& options, std::ostream& out)
{
  const auto speed = base::parse_quantity(base::Quantity::frequency, options.host_speed);
  if (!speed || *speed <= 0)
    throw ScenarioError("--host-speed", options.host_speed,
                        "a positive frequency, the flops one second of computation becomes (e.g. 1GHz)");
  if (options.clock != "cpu" && options.clock != "wall")
    throw ScenarioError("--clock", options.clock, "cpu (each rank's CPU time between calls) or wall");
  if (options.command.empty())
    throw ScenarioError("record", "", "a command after --, e.g. bcssim record --out DIR -- mpirun -np 4 ./app");
  if (options.mpi != "auto" && options.mpi != "openmpi" && options.mpi != "mpich")
    throw ScenarioError("--mpi", options.mpi, "openmpi, mpich or auto (the MPI the command runs its program with)");
  if (options.out.empty())
    throw ScenarioError("--out", "\"\"", "a folder path for the trace");
  std::string mpi = options.mpi;
  const std::string detected = detect_mpi(options.command);
  if (mpi != "auto" && !detected.empty() && detected != mpi) // the other MPI's library in the program crashes it
    throw ScenarioError("--mpi", mpi,
                        "the MPI the command runs: it runs " + detected + " (" + command_text(options.command) +
                            "); leave out --mpi, or say " + detected);
  if (mpi == "auto") {
    mpi = detected;
    if (mpi.empty())
      throw ScenarioError("--mpi", "auto",
                          "a command whose launcher or program shows its MPI (mpirun.openmpi, "
                          "mpirun.mpich, or a program linked with libmpi or libmpich): neither "
                          "shows in `" +
                              command_text(options.command) + "`; name it with --mpi");
  }
  const std::string library = recorder_library(mpi);
  if (library.empty())
    throw ScenarioError("--mpi", mpi,
                        "an MPI the recorder was built for: it was not built for " + mpi +
                            " (no such MPI at configure time; scripts/install-deps.sh installs "
                            "Open MPI and MPICH, then build again)");

  ResultsDir results(options.out, ReplacePolicy{options.force});
  const fs::path ranks = results.path(std::string(kTraceRanks) + "/rank-0.txt").parent_path(); // made by path()
  const int code = run_recorded(options, library, ranks, *speed);
  if (code != 0) {
    std::cerr << "bcssim record: `" << command_text(options.command) << "` exited with " << code
              << ": nothing recorded\n";
    return 1;
  }

  TraceSource source;
  source.command = "record";
  source.described = command_text(options.command);
  source.missing_hint = "a command that runs an MPI program linked with a shared MPI library (the recorder is "
                        "preloaded with LD_PRELOAD; a statically linked MPI, or none, records nothing)";
  source.summary = {{"command", options.command}, {"mpi", mpi}, {"clock", options.clock}};
  const TraceFolder folder =
      finish_trace_folder(results, options.out, ranks, options.host_speed, *speed, options.skip_unsupported, source);
  out << fmt::format("recorded ({}): {} ranks, {} (compute {}), {} s of computation ({} clock) -> {}/\n", mpi,
                     folder.ranks, base::counted(folder.actions, "action"), folder.computes,
                     base::readable(folder.computation_s), options.clock, options.out.string());
  out << "replay on both MPIs: bcssim run " << (options.out / "scenario.json").string() << "\n";
  return 0;
}

} // namespace bcssim::sim
