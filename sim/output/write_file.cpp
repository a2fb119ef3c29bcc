#include "sim/output/write_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <sys/statvfs.h>
#include <unistd.h>

namespace bcssim::sim {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, int error)
{
  throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(error));
}

// ": No space left on device" when the file system of `path` has less than 1 MiB left, else "".
std::string full_disk_note(const fs::path& path)
{
  struct statvfs st {};
  if (::statvfs(path.parent_path().empty() ? "." : path.parent_path().c_str(), &st) != 0)
    return "";
  const double left = double(st.f_bavail) * double(st.f_frsize);
  return left < 1048576.0 ? std::string(": ") + std::strerror(ENOSPC) : "";
}

// The last `n` bytes of `path` (fewer when it is shorter).
std::string tail(const fs::path& path, std::size_t n)
{
  std::ifstream in(path, std::ios::binary);
  in.seekg(0, std::ios::end);
  const auto size = std::streamoff(in.tellg());
  if (size <= 0)
    return "";
  const auto from = size > std::streamoff(n) ? size - std::streamoff(n) : 0;
  in.seekg(from);
  std::string text(std::size_t(size - from), '\0');
  in.read(text.data(), std::streamsize(text.size()));
  return text;
}

} // namespace

void write_file(const fs::path& path, std::string_view content)
{
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    fail(path, errno);
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      ::close(fd);
      fail(path, error);
    }
    done += std::size_t(n);
  }
  if (::close(fd) != 0) // a network file system may report the full disk only here
    fail(path, errno);
}

void check_image_complete(const fs::path& path)
{
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec)
    throw std::runtime_error("cannot write " + path.string() + ": gnuplot did not write it (" + ec.message() + ")" +
                             full_disk_note(path));
  const std::string ext = path.extension().string();
  bool whole = size > 0;
  if (whole && ext == ".svg") {
    std::string end = tail(path, 64);
    while (!end.empty() && (end.back() == '\n' || end.back() == '\r' || end.back() == ' '))
      end.pop_back();
    whole = end.size() >= 6 && end.compare(end.size() - 6, 6, "</svg>") == 0;
  } else if (whole && ext == ".png") {
    static const char iend[] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', '\xae', '\x42', '\x60', '\x82'};
    whole = tail(path, sizeof iend) == std::string(iend, sizeof iend);
  }
  if (!whole)
    throw std::runtime_error("cannot write " + path.string() + ": gnuplot left it " +
                             (size == 0 ? "empty" : "incomplete (" + std::to_string(size) + " B)") +
                             full_disk_note(path));
}

void flush_stdout()
{
  std::cout.flush();
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
    const std::string reason = errno != 0 ? std::strerror(errno) : "a write to it failed";
    std::clearerr(stdout);
    std::cout.clear();
    throw std::runtime_error("cannot write standard output: " + reason);
  }
}

} // namespace bcssim::sim
