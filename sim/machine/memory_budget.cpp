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
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_machine_memory_budget,
                             "sim.machine.memory_budget: Memory a machine needs, checked before it is built");

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
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t used = address_space_in_use();
    left = std::min<std::uint64_t>(left, as.rlim_cur > used ? as.rlim_cur - used : 0);
  }
  const auto max = read_number("/sys/fs/cgroup/memory.max");
  const auto current = read_number("/sys/fs/cgroup/memory.current");
  if (max && current)
    left = std::min(left, *max > *current ? *max - *current : 0);
  if (const auto available = meminfo("MemAvailable"))
    left = std::min(left, *available + meminfo("SwapFree").value_or(0));
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
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t used = address_space_in_use();
    const std::uint64_t left = as.rlim_cur > used ? as.rlim_cur - used : 0;
    if (need.address_space + need.resident > left)
      fail("of address space", need.address_space + need.resident,
           fmt::format("the address-space limit (ulimit -v) of {}", memory_text(as.rlim_cur)), left);
  }
  const auto max = read_number("/sys/fs/cgroup/memory.max");
  const auto current = read_number("/sys/fs/cgroup/memory.current");
  if (max && current) {
    const std::uint64_t left = *max > *current ? *max - *current : 0;
    if (need.resident > left)
      fail("resident", need.resident, fmt::format("the cgroup's memory.max of {}", memory_text(*max)), left);
  }
  const auto available = meminfo("MemAvailable");
  const auto swap = meminfo("SwapFree");
  if (available && need.resident > *available + swap.value_or(0))
    fail("resident", need.resident, "the host's free memory (MemAvailable + SwapFree)", *available + swap.value_or(0));
}

} // namespace bcssim::sim
