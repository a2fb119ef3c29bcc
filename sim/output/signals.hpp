#pragma once
// SIGINT, SIGTERM and SIGHUP stop bcssim cleanly, within a second: a thread waits for them (they are blocked in
// every other thread), sends SIGTERM to the child processes it knows (sweep points, verify runs, gnuplot),
// SIGKILL to those still there after half a second, removes the temporary folders it knows (its own, and those a
// study's points were writing: the points die by the default action, sim/study/study_run.cpp), and exits with
// 128 + the signal (130, 143, 129). An abort() (SimGrid's xbt_die) removes the temporary folders and exits 1.
// Children die with their parent even when it is killed outright
// (PR_SET_PDEATHSIG), so a `kill -9` of a sweep leaves no orphan writing into its temporary folder (that folder
// is then removed by the next run into the same place, sim/results_marker.hpp).
#include <filesystem>
#include <mutex>
#include <string>
#include <sys/types.h>

namespace bcssim::sim {

/// Blocks the signals in this thread (and so in threads started later) and starts the thread that handles
/// them. Call it before any other thread starts. Without it, the registrations below are only bookkeeping.
void install_interrupt_cleanup();

/// Held while a temporary folder is swapped into place or removed; the handler takes it for good.
std::unique_lock<std::mutex> cleanup_lock();
/// Temporary folders to remove on a signal (call with cleanup_lock() held).
void register_temp(const std::filesystem::path& folder);
void unregister_temp(const std::filesystem::path& folder);
/// Child processes to stop on a signal.
void register_child(pid_t pid);
void unregister_child(pid_t pid);
/// True once a signal is being handled (the process is about to exit).
bool interrupted();
/// Once a signal is being handled, blocks until the handler ends the process; else returns at once.
void stop_if_interrupted();

/// What an abort() adds to its message (e.g. the machine's size and memory need); set before the risky part.
void set_abort_note(const std::string& note);

/// In a child just forked from `parent`: the default dispositions and an empty signal mask back, `death_signal`
/// when the parent dies; exits at once if the parent is already gone.
void child_after_fork(pid_t parent, int death_signal);

} // namespace bcssim::sim
