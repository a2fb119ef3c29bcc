#include "sim/machine/child_run.hpp"

#include "sim/output/signals.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace bcssim::sim {

std::string run_in_child(const std::function<std::string()>& work, const std::string& what)
{
  int fds[2];
  if (::pipe(fds) != 0)
    throw std::runtime_error(what + ": pipe failed");
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0)
    throw std::runtime_error(what + ": fork failed");
  if (pid == 0) {
    ::close(fds[0]);
    child_after_fork(parent, SIGKILL);
    int code = 0;
    try {
      const std::string out = work();
      for (std::size_t done = 0; done < out.size();) {
        const ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
        if (n <= 0)
          std::_Exit(3);
        done += std::size_t(n);
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bcssim: %s: %s\n", what.c_str(), e.what());
      code = 3;
    }
    ::close(fds[1]);
    std::_Exit(code);
  }
  ::close(fds[1]);
  register_child(pid);
  std::string text;
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n > 0)
      text.append(chunk, std::size_t(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  unregister_child(pid);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error(what + " failed (its error is above)");
  return text;
}

} // namespace bcssim::sim
