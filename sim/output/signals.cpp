#include "sim/output/signals.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <set>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace bcssim::sim {
namespace {

struct Registry {
  std::mutex mutex;      // the cleanup lock
  std::mutex children_m; // guards children (never held while waiting)
  std::set<std::filesystem::path> temps;
  std::set<pid_t> children;
  std::atomic<bool> interrupted{false};
};

Registry*& registry_slot()
{
  static Registry* r = new Registry; // never destroyed: the handler may run while main() returns
  return r;
}

Registry& registry() { return *registry_slot(); }

sigset_t handled()
{
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

const char* name_of(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP"; }

// Sends `sig` to every registered child; true if any is still running.
bool signal_children(int sig)
{
  std::lock_guard<std::mutex> guard(registry().children_m);
  bool any = false;
  for (const pid_t pid : registry().children)
    if (::kill(pid, sig) == 0)
      any = true;
  return any;
}

// Reaps the children that have exited (another thread may have reaped some: ECHILD means gone too).
bool children_left()
{
  std::lock_guard<std::mutex> guard(registry().children_m);
  for (auto it = registry().children.begin(); it != registry().children.end();) {
    const pid_t r = ::waitpid(*it, nullptr, WNOHANG);
    if (r == *it || (r < 0 && errno == ECHILD))
      it = registry().children.erase(it);
    else
      ++it;
  }
  return !registry().children.empty();
}

[[noreturn]] void handle(int sig)
{
  Registry& r = registry();
  r.interrupted = true;
  std::unique_lock<std::mutex> hold(r.mutex); // no swap or removal under way; none starts after this
  std::fprintf(stderr, "\nbcssim: %s: stopping\n", name_of(sig));
  signal_children(SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  while (children_left() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (children_left()) {
    signal_children(SIGKILL);
    while (children_left())
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (const auto& folder : r.temps) {
    std::error_code ec;
    for (int attempt = 0; attempt < 20; ++attempt) { // a file may appear while it goes: try again
      ec.clear();
      std::filesystem::remove_all(folder, ec);
      if (!ec && !std::filesystem::exists(folder, ec))
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (std::filesystem::exists(folder, ec))
      std::fprintf(stderr, "bcssim: could not remove %s\n", folder.c_str());
  }
  std::fflush(stderr);
  ::_exit(128 + sig);
}

// Removes a folder tree without allocating memory (getdents64 into a stack buffer, unlinkat): it runs after
// SimGrid aborted on a failed allocation, where the heap may give nothing more (std::filesystem::remove_all
// then left the folder half removed).
void remove_tree_noalloc(int parent, const char* name)
{
  const int fd = ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    ::unlinkat(parent, name, 0); // a file (or a symlink): remove it
    return;
  }
  alignas(8) char buf[4096];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, fd, buf, sizeof buf);
    if (n <= 0)
      break;
    for (long at = 0; at < n;) {
      struct Entry {
        std::uint64_t ino;
        std::int64_t off;
        unsigned short reclen;
        unsigned char type;
        char name[1];
      };
      const auto* e = reinterpret_cast<const Entry*>(buf + at);
      at += e->reclen;
      if (std::strcmp(e->name, ".") == 0 || std::strcmp(e->name, "..") == 0)
        continue;
      // A file system without d_type says DT_UNKNOWN: a directory's unlink fails with EISDIR, then recurse.
      if (e->type == DT_DIR || (::unlinkat(fd, e->name, 0) != 0 && errno == EISDIR))
        remove_tree_noalloc(fd, e->name);
    }
  }
  ::close(fd);
  ::unlinkat(parent, name, AT_REMOVEDIR);
}

std::string& abort_note()
{
  static std::string* note = new std::string;
  return *note;
}

// SimGrid ends the process with abort() when it cannot go on (xbt_die: e.g. a failed calloc of an actor stack
// under a memory limit): remove the temporary folders and exit 1, a failed run, instead of 134 with debris.
void on_abort(int)
{
  Registry& r = registry();
  if (r.mutex.try_lock()) // else a swap or a removal is under way: leave it
    for (const auto& folder : r.temps)
      remove_tree_noalloc(AT_FDCWD, folder.c_str());
  static const char note[] =
      "bcssim: the run failed inside SimGrid (its message is above); temporary folders removed\n";
  [[maybe_unused]] auto written = ::write(2, note, sizeof note - 1);
  written = ::write(2, abort_note().data(), abort_note().size());
  ::_exit(1);
}

} // namespace

void install_interrupt_cleanup()
{
  static bool installed = false;
  if (installed)
    return;
  installed = true;
  registry();
  const sigset_t set = handled();
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::signal(SIGABRT, on_abort);
  std::thread([set] {
    int sig = 0;
    while (::sigwait(&set, &sig) != 0) {
    }
    handle(sig);
  }).detach();
}

std::unique_lock<std::mutex> cleanup_lock() { return std::unique_lock<std::mutex>(registry().mutex); }

void register_temp(const std::filesystem::path& folder) { registry().temps.insert(folder); }
void unregister_temp(const std::filesystem::path& folder) { registry().temps.erase(folder); }

void register_child(pid_t pid)
{
  std::lock_guard<std::mutex> guard(registry().children_m);
  registry().children.insert(pid);
}

void unregister_child(pid_t pid)
{
  std::lock_guard<std::mutex> guard(registry().children_m);
  registry().children.erase(pid);
}

bool interrupted() { return registry().interrupted.load(); }

void set_abort_note(const std::string& note) { abort_note() = note.empty() ? note : "bcssim: " + note + "\n"; }

void stop_if_interrupted()
{
  if (interrupted())
    std::lock_guard<std::mutex> forever(registry().mutex); // held by the handler until it exits
}

void child_after_fork(pid_t parent, int death_signal)
{
  // The child has one thread, a copy of the one that forked: the parent's registry is not the child's (its
  // folders and children are the parent's to clean up), and its locks may have been copied held (a study holds
  // the cleanup lock across fork()). A new, empty registry; the copied one is left as it is, never used again.
  static Registry* copied = registry_slot(); // still referenced: no leak reported at the child's exit
  (void)copied;
  registry_slot() = new Registry;
  ::prctl(PR_SET_PDEATHSIG, death_signal);
  if (::getppid() != parent) // the parent died before prctl took effect
    ::_exit(128 + death_signal);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGABRT}) // the parent's handlers clean the parent's folders
    std::signal(sig, SIG_DFL);
  const sigset_t set = handled();
  ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

} // namespace bcssim::sim
