// Catalogue entries of OS noise (models/noise): seeded periodic detours on every node's CPU host and,
// optionally, on its NIC's thread processor.
#include "sim/config/param_builders.hpp"

namespace bcssim::sim {
namespace {

void declare_resource(std::vector<ParamSpec>& c, const std::string& where, const std::string& what,
                      const char* duration, const std::string& duration_source)
{
  const std::string p = "noise." + where + ".";
  c.push_back(quantity(p + "period", Quantity::time, "0s", 0, 1e6,
                       "Time between two detours on each node's " + what + "; 0 = no noise there.",
                       "scenario choice"));
  c.push_back(quantity(p + "duration", Quantity::time, duration, 0, 1e6,
                       "How long each detour takes the " + what + " away.", duration_source));
  c.push_back(quantity(p + "jitter", Quantity::time, "0s", 0, 1e6,
                       "Each detour starts up to this late, uniformly, drawn per node and detour from the seed "
                       "(duration + jitter <= period).",
                       "scenario choice"));
  c.push_back(choice(p + "phase", "random", {"random", "aligned"},
                     "'random' = each node's first detour at a phase drawn once per node, uniform in [0, period), "
                     "from the seed; 'aligned' = every node detours at the same instants (coscheduled noise), "
                     "jitter included.",
                     "scenario choice"));
  c.push_back(real(p + "share", 1, 1e-9, 1,
                   "Fraction of the " + what + "'s speed a detour takes (1 = all of it; every PE of a node "
                   "slows together).",
                   "scenario choice"));
}

} // namespace

void declare_noise(std::vector<ParamSpec>& c)
{
  c.push_back(choice("noise.preset", "none", {"none", "daemon"},
                     "Noise preset, applied before the scenario's own noise.* values: 'none' = no noise; "
                     "'daemon' = a system daemon taking one 10 ms OS quantum on each node's CPU once per second, "
                     "at a random phase per node (noise.cpu.period = 1s, noise.cpu.duration = 10ms).",
                     "003 §5.3.2 (a daemon scheduled for one 10 ms quantum); the once-per-second rate is assumed"));
  declare_resource(c, "cpu", "CPU (every PE of the node)", "10ms",
                   "003 §5.3.2: a daemon runs for one 10 ms OS quantum");
  declare_resource(c, "nic", "NIC thread processor", "10us",
                   "assumed: no source measures interference on the Elan3 thread processor");
}

} // namespace bcssim::sim
