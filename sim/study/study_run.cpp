#include "sim/study/study_run.hpp"

#include "base/params.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/output/results_marker.hpp"
#include "sim/output/signals.hpp"
#include "sim/study/partial_points.hpp"
#include "sim/study/study_merge.hpp"

#include <fmt/format.h>

#include <simgrid/s4u/Engine.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace bcssim::sim {
namespace {

constexpr int kExitScenario = 2; // the child's exit codes, as bcssim's own
constexpr int kExitDeadlock = 3;

// Simulated seconds each child has reached, shared with the parent for its status line.
class SharedClocks {
public:
  explicit SharedClocks(std::size_t n) : n_(n)
  {
    void* p = ::mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      throw std::runtime_error("cannot map the progress area");
    slots_ = static_cast<std::atomic<double>*>(p);
    for (std::size_t i = 0; i < n_; ++i)
      new (&slots_[i]) std::atomic<double>(0.0);
  }
  ~SharedClocks() { ::munmap(static_cast<void*>(slots_), bytes()); }
  std::atomic<double>& operator[](std::size_t i) { return slots_[i]; }

private:
  std::size_t bytes() const { return std::max<std::size_t>(n_, 1) * sizeof(std::atomic<double>); }
  std::size_t n_;
  std::atomic<double>* slots_;
};

// The instant between a point's fork() and its registration, widened by a test (tests/e2e/test_cli_processes.cpp)
// so that a signal lands in it for sure: the handler must still find the point and its folder. Not for users.
void pause_for_test()
{
  if (const char* ms = std::getenv("BCSSIM_TEST_FORK_PAUSE_MS"))
    std::this_thread::sleep_for(std::chrono::milliseconds(std::strtol(ms, nullptr, 10)));
}

// Keeps `clock` at the simulated time as the engine advances (read by a progress line, never by the model).
void publish_clock(std::atomic<double>& clock)
{
  simgrid::s4u::Engine::on_time_advance_cb(
      [&clock](double) { clock.store(simgrid::s4u::Engine::get_clock(), std::memory_order_relaxed); });
}

// In the child: simulate point i into its folder and leave with an exit code, never returning (the parent's
// objects, e.g. its ResultsDir, must not be destroyed here).
[[noreturn]] void child_main(const Study& study, std::size_t i, const StudyOptions& options,
                             const std::filesystem::path& folder, const std::string& study_title,
                             std::atomic<double>& clock)
{
  int code = 0;
  try {
    publish_clock(clock);
    RunOptions run = options.run;
    run.out_dir = folder;
    run.title = point_title(study_title, study, i);
    run_scenario(study.point(i), run);
  } catch (const DeadlockError& e) {
    std::fprintf(stderr, "error: point %zu (%s): %s", i, study.label(i).c_str(), e.what());
    code = kExitDeadlock;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "error: point %zu (%s): %s\n", i, study.label(i).c_str(), e.what());
    code = kExitScenario;
  } catch (const base::ParamRuleError& e) { // a rule of the input broken at run time (the time limit): as main()
    std::fprintf(stderr, "error: point %zu (%s): %s\n", i, study.label(i).c_str(), e.what());
    code = kExitScenario;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: point %zu (%s): run failed: %s\n", i, study.label(i).c_str(), e.what());
    code = 1;
  }
  std::fflush(nullptr);
  ::_exit(code);
}

} // namespace

namespace {

// A single run: a thread prints the simulated time reached, once a second in place on a terminal or as a line every
// kProgressLogSeconds (reading one atomic that the simulation writes as its clock advances; the simulation itself
// never waits for it).
std::filesystem::path run_single(const Scenario& scenario, const StudyOptions& options)
{
  if (options.progress == Progress::none)
    return run_scenario(scenario, options.run);
  const bool in_place = options.progress == Progress::status_line;
  const int every = in_place ? 10 : 10 * kProgressLogSeconds; // ticks of 100 ms
  std::atomic<double> clock{0.0};
  std::atomic<bool> done{false};
  publish_clock(clock);
  std::thread reporter([&] {
    for (int tick = 1; !done.load(); ++tick) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (tick % every == 0 && !done.load()) {
        std::fprintf(stderr, in_place ? "\rsimulated %.6f s" : "progress: simulated %.6f s\n",
                     clock.load(std::memory_order_relaxed));
        std::fflush(stderr);
      }
    }
  });
  struct Join {
    std::atomic<bool>& done;
    std::thread& thread;
    bool in_place;
    ~Join()
    {
      done = true;
      thread.join();
      if (in_place)
        std::fprintf(stderr, "\r%-40s\r", "");
    }
  } join{done, reporter, in_place};
  return run_scenario(scenario, options.run);
}

} // namespace

std::filesystem::path run_study(const Study& study, const StudyOptions& options)
{
  if (study.single())
    return run_single(study.point(0), options);

  const std::filesystem::path out =
      options.run.out_dir.empty() ? std::filesystem::path("out") / study.name() : options.run.out_dir;
  const auto wall_start = std::chrono::steady_clock::now(); // run-info.json only
  ResultsDir dir(out, ReplacePolicy{options.run.force});
  dir.set_title(dir.final_dir().filename().string(), study.overrides());
  PartialPoints partial(study, dir.final_dir(), dir.title()); // the points an interrupted run finished
  // Always, whatever --progress and --quiet say: in a pipe, a CI log or a Slurm log too, a user sees why points were
  // not run again.
  if (partial.reused() > 0)
    std::fprintf(stderr,
                 "resuming: %zu of %zu points were run already (kept in %s/ by an unfinished run of this "
                 "study and binary)\n",
                 partial.reused(), study.size(), partial.root().string().c_str());
  SharedClocks clocks(study.size());
  const unsigned jobs = std::max(1u, options.jobs);
  std::map<pid_t, std::size_t> running; // child -> point
  std::size_t next = 0, done = partial.reused();
  auto skip_done = [&] {
    while (next < study.size() && partial.done(next))
      ++next;
  };
  skip_done();
  int failed_code = 0;
  std::size_t failed_point = 0;
  auto last_line = std::chrono::steady_clock::now();
  auto status_line = [&](bool point_ended) {
    if (options.progress == Progress::none)
      return;
    std::string line = fmt::format("{}/{} points done", done, study.size());
    for (const auto& [pid, i] : running)
      line += fmt::format(" | #{} at {:.3f} s", i, clocks[i].load(std::memory_order_relaxed));
    if (options.progress == Progress::status_line) {
      std::fprintf(stderr, "\r%-100s", line.c_str());
    } else {
      // A line when a point ends, else every kProgressLogSeconds.
      const auto now = std::chrono::steady_clock::now();
      if (!point_ended && now - last_line < std::chrono::seconds(kProgressLogSeconds))
        return;
      last_line = now;
      std::fprintf(stderr, "progress: %s\n", line.c_str());
    }
    std::fflush(stderr);
  };
  while ((next < study.size() && failed_code == 0) || !running.empty()) {
    while (running.size() < jobs && next < study.size() && failed_code == 0) {
      std::fflush(nullptr);
      stop_if_interrupted(); // no new point once a signal is being handled
      const pid_t parent = ::getpid();
      // The point writes into <its folder>.tmp-<pid> and a signal's SIGTERM ends it by the default action, with
      // no cleanup of its own: the parent's handler removes that folder once the point is gone (issue 67 item 7).
      // The cleanup lock is held from before fork() until the point and its folder are registered, so a signal
      // handled in between waits for them and removes that folder too (a loaded machine once left it behind).
      auto lock = cleanup_lock();
      const pid_t pid = ::fork();
      if (pid < 0)
        throw std::runtime_error("fork failed");
      if (pid == 0) {
        child_after_fork(parent, SIGKILL); // dies with the parent, even a parent killed with SIGKILL; frees the lock
        lock.release();                    // the child's copy of the registry was made anew, its lock free
        child_main(study, next, options, partial.folder(next), dir.title(), clocks[next]);
      }
      pause_for_test();
      register_temp(temp_root_of(partial.folder(next), pid));
      register_child(pid); // a signal stops it
      lock.unlock();
      running[pid] = next++;
      skip_done();
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, options.progress != Progress::none ? WNOHANG : 0);
    if (pid == 0) {
      status_line(false);
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      continue;
    }
    stop_if_interrupted(); // the handler stops the points and removes the temporary folder
    if (pid < 0)
      throw std::runtime_error("waitpid failed");
    unregister_child(pid);
    const std::size_t i = running.at(pid);
    running.erase(pid);
    { // A point that failed or was stopped leaves its temporary folder: it goes now, not at the next run.
      const auto lock = cleanup_lock();
      const std::filesystem::path temp = temp_root_of(partial.folder(i), pid);
      std::error_code ec;
      std::filesystem::remove_all(temp, ec);
      unregister_temp(temp);
    }
    ++done;
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    if (code != 0 && failed_code == 0) {
      failed_code = code;
      failed_point = i;
      for (const auto& [other, j] : running) // the study fails: stop the other points
        ::kill(other, SIGTERM);
    }
    status_line(true);
  }
  if (options.progress == Progress::status_line)
    std::fprintf(stderr, "\n");
  if (failed_code != 0) {
    const std::string what =
        fmt::format("point {} ({}) failed; its error is above", failed_point, study.label(failed_point));
    // Bad input and a deadlock fail the same way every time with these parameters: nothing is kept to resume from
    // (a run failure, say out of memory, keeps the finished points for a later run of the same study).
    if (failed_code == kExitDeadlock || failed_code == kExitScenario)
      partial.remove();
    if (failed_code == kExitDeadlock)
      throw DeadlockError(what + "\n");
    if (failed_code == kExitScenario)
      throw ScenarioError("(sweep point)", study.label(failed_point), "a valid scenario; " + what);
    throw std::runtime_error(what);
  }
  partial.move_into(dir);
  try {
    merge_points(study, dir.path("."), dir);
    write_run_info(dir, study.overrides(),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count());
    dir.commit();
  } catch (...) { // the study's own files failed (a full disk while plotting): its points are not lost with them
    partial.move_back(dir);
    throw;
  }
  partial.remove();
  return dir.final_dir();
}

std::string point_title(const std::string& study_title, const Study& study, std::size_t i)
{
  return study_title + ": " + study.label(i);
}

} // namespace bcssim::sim
