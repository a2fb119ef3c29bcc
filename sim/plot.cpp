#include "sim/plot.hpp"

#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

namespace bcssim::sim {

bool render_gnuplot(const std::filesystem::path& dir, const std::string& script)
{
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0)
    return false;
  if (pid == 0) {
    if (::chdir(dir.c_str()) != 0)
      ::_exit(126);
    ::execlp("gnuplot", "gnuplot", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return true;
  std::fprintf(stderr, "warning: gnuplot %s in %s failed (exit %d); the .gp and .csv files are kept\n",
               script.c_str(), dir.c_str(), WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return false;
}

} // namespace bcssim::sim
