#include "recorder/recording.hpp"

#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <string>

namespace bcssim::recorder {
namespace {
constexpr std::size_t kBuffer = std::size_t(1) << 20; // lines are buffered: a call costs a formatted write
}

Recording& Recording::get()
{
  static Recording recording;
  return recording;
}

double Recording::now() const
{
  timespec t{};
  clock_gettime(clock_, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

void Recording::start(int threads)
{
  const char* dir = std::getenv("BCSSIM_RECORD_DIR");
  if (dir == nullptr || *dir == '\0' || out_ != nullptr)
    return;
  if (const char* speed = std::getenv("BCSSIM_RECORD_HOST_SPEED"))
    speed_ = std::strtod(speed, nullptr);
  if (const char* clock = std::getenv("BCSSIM_RECORD_CLOCK"); clock != nullptr && std::strcmp(clock, "wall") == 0)
    clock_ = CLOCK_MONOTONIC;
  int size = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::string path = std::string(dir) + "/rank-" + std::to_string(rank_) + ".txt";
  out_ = std::fopen(path.c_str(), "w");
  if (out_ == nullptr) {
    std::fprintf(stderr, "bcssim record: rank %d cannot write %s: %s\n", rank_, path.c_str(), std::strerror(errno));
    return;
  }
  std::setvbuf(out_, nullptr, _IOFBF, kBuffer);
  std::fprintf(out_, "# bcssim record: rank %d of %d, %s clock, %.17g flops per second\n", rank_, size,
               clock_ == CLOCK_MONOTONIC ? "wall" : "cpu", speed_);
  if (threads > MPI_THREAD_FUNNELED) // other threads' calls would be recorded as this rank's, in their order
    unsupported("MPI_Init_thread with a thread level above MPI_THREAD_FUNNELED");
  line("init");
  last_ = now();
}

void Recording::finish()
{
  if (out_ == nullptr)
    return;
  computed();
  line("finalize");
  for (const auto& [what, count] : unsupported_)
    std::fprintf(out_, "# unsupported %ld %s\n", count, what.c_str());
  if (std::fclose(out_) != 0)
    std::fprintf(stderr, "bcssim record: rank %d: its trace file could not be written whole\n", rank_);
  out_ = nullptr;
}

void Recording::computed() { carried_ += (now() - last_) * speed_; }

void Recording::returned() { last_ = now(); }

void Recording::line(const char* format, ...)
{
  // The computation since the last recorded line, as one burst however many unrecorded calls split it; whole
  // flops, the fraction carried to the next burst so that no time is lost to rounding.
  if (const double flops = std::floor(carried_); flops >= 1) {
    std::fprintf(out_, "%d compute %.0f\n", rank_, flops);
    carried_ -= flops;
  }
  std::fprintf(out_, "%d ", rank_);
  va_list args;
  va_start(args, format);
  std::vfprintf(out_, format, args);
  va_end(args);
  std::fputc('\n', out_);
}

bool Recording::world(MPI_Comm comm, const char* call)
{
  if (comm == MPI_COMM_WORLD)
    return true;
  int result = MPI_UNEQUAL;
  if (comm != MPI_COMM_NULL)
    PMPI_Comm_compare(comm, MPI_COMM_WORLD, &result);
  if (result == MPI_IDENT || result == MPI_CONGRUENT)
    return true;
  unsupported(std::string(call) + " on a communicator other than MPI_COMM_WORLD");
  return false;
}

void Recording::unsupported(const std::string& what) { ++unsupported_[what]; }

std::uint64_t Recording::bytes(int count, MPI_Datatype type)
{
  int size = 0;
  PMPI_Type_size(type, &size);
  return count > 0 && size > 0 ? std::uint64_t(count) * std::uint64_t(size) : 0;
}

bool Recording::take(MPI_Request request, Channel& channel)
{
  const auto it = pending_.lower_bound(request); // the first of its equal keys: the earliest posted
  if (it == pending_.end() || it->first != request)
    return false;
  channel = it->second;
  pending_.erase(it);
  return true;
}

void Recording::waited(const Channel& channel, const MPI_Status& status)
{
  Channel c = channel;
  if (c.sender == MPI_ANY_SOURCE)
    c.sender = status.MPI_SOURCE;
  if (c.tag == MPI_ANY_TAG)
    c.tag = status.MPI_TAG;
  line("wait %d %d %d", c.sender, c.receiver, c.tag);
}

} // namespace bcssim::recorder
