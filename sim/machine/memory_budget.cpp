#include "sim/machine/memory_budget.hpp"

#include "sim/machine/actor_stacks.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/output/signals.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <sys/resource.h>
#include <unistd.h>

namespace bcssim::sim {
namespace {

std::optional<std::uint64_t> read_number(const std::string& file)
{
  std::ifstream in(file);
  std::uint64_t v = 0;
  if (in >> v)
    return v;
  return std::nullopt; // missing, or "max"
}

// A field of /proc/meminfo in bytes.
std::optional<std::uint64_t> meminfo(const std::string& field)
{
  std::ifstream in("/proc/meminfo");
  std::string name;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> name >> kib) {
    std::getline(in, unit);
    if (name == field + ":")
      return kib * 1024;
  }
  return std::nullopt;
}

std::uint64_t address_space_in_use()
{
  std::ifstream in("/proc/self/statm");
  std::uint64_t pages = 0;
  in >> pages;
  return pages * std::uint64_t(::sysconf(_SC_PAGESIZE));
}

// What one limit leaves this process, and the limit itself.
struct Left {
  std::uint64_t limit = 0;
  std::uint64_t left = 0;
};

// The address-space limit (ulimit -v), if set.
std::optional<Left> address_space_left()
{
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) != 0 || as.rlim_cur == RLIM_INFINITY)
    return std::nullopt;
  const std::uint64_t used = address_space_in_use();
  return Left{as.rlim_cur, as.rlim_cur > used ? as.rlim_cur - used : 0};
}

// The cgroup's memory.max, if set.
std::optional<Left> cgroup_left()
{
  const auto max = read_number("/sys/fs/cgroup/memory.max");
  const auto current = read_number("/sys/fs/cgroup/memory.current");
  if (!max || !current)
    return std::nullopt;
  return Left{*max, *max > *current ? *max - *current : 0};
}

// The host's MemAvailable + SwapFree.
std::optional<std::uint64_t> host_left()
{
  const auto available = meminfo("MemAvailable");
  if (!available)
    return std::nullopt;
  return *available + meminfo("SwapFree").value_or(0);
}

} // namespace

std::string memory_text(std::uint64_t bytes)
{
  constexpr double kMiB = 1024.0 * 1024, kGiB = 1024 * kMiB;
  return double(bytes) >= kGiB ? fmt::format("{:.1f} GiB", double(bytes) / kGiB)
                               : fmt::format("{:.0f} MiB", std::max(1.0, double(bytes) / kMiB));
}

MemoryNeed memory_need(const Scenario& sc, std::uint64_t ranks)
{
  const std::uint64_t nodes = machine_size(sc).nodes;
  MemoryNeed need;
  need.actors = 4 * nodes + ranks;
  need.address_space = need.actors * std::uint64_t(kActorStackKiB) * 1024;
  need.resident = 64 * 1024 * nodes;
  return need;
}

std::uint64_t memory_left()
{
  std::uint64_t left = UINT64_MAX;
  if (const auto as = address_space_left())
    left = std::min(left, as->left);
  if (const auto cgroup = cgroup_left())
    left = std::min(left, cgroup->left);
  if (const auto host = host_left())
    left = std::min(left, *host);
  return left;
}

void check_memory(const Scenario& sc, std::uint64_t ranks)
{
  const MemoryNeed need = memory_need(sc, ranks);
  const MachineSize size = machine_size(sc);
  const std::string machine =
      fmt::format("a machine of {} nodes ({} x {} PEs)", size.nodes, size.nodes, size.pes_per_node);
  auto fail = [&](const std::string& what, std::uint64_t needed, const std::string& limit, std::uint64_t left) {
    throw std::runtime_error(fmt::format(
        "not enough memory for {}: it needs at least {} {} ({} simulated actors or more, {} KiB of stack each), "
        "and {} leaves {}; simulate fewer nodes or raise the limit",
        machine, memory_text(needed), what, need.actors, kActorStackKiB, limit, memory_text(left)));
  };
  set_abort_note(fmt::format("{} needs at least {} of address space and {} resident ({} actors or more)", machine,
                             memory_text(need.address_space + need.resident), memory_text(need.resident), need.actors));
  if (const auto as = address_space_left(); as && need.address_space + need.resident > as->left)
    fail("of address space", need.address_space + need.resident,
         fmt::format("the address-space limit (ulimit -v) of {}", memory_text(as->limit)), as->left);
  if (const auto cgroup = cgroup_left(); cgroup && need.resident > cgroup->left)
    fail("resident", need.resident, fmt::format("the cgroup's memory.max of {}", memory_text(cgroup->limit)),
         cgroup->left);
  if (const auto host = host_left(); host && need.resident > *host)
    fail("resident", need.resident, "the host's free memory (MemAvailable + SwapFree)", *host);
}

} // namespace bcssim::sim
