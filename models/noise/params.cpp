// Sources: 003 = Kumar & Kalé (docs/references.md).
#include "models/noise/params.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace bcssim::noise {
namespace {

using base::Quantity;

base::ParamGroup<NoiseSpec> declare(const std::string& where, const std::string& what, const char* duration,
                                    const std::string& duration_source)
{
  const std::string p = "noise." + where;
  base::ParamGroup<NoiseSpec> g(p);
  g.quantity("period", &NoiseSpec::period, Quantity::time, "0s", 0, 1e6,
             "Time between two detours on each node's " + what + "; 0 = no noise there.", "scenario choice");
  g.quantity("duration", &NoiseSpec::duration, Quantity::time, duration, 0, 1e6,
             "How long each detour takes the " + what + " away.", duration_source);
  g.quantity("jitter", &NoiseSpec::jitter, Quantity::time, "0s", 0, 1e6,
             "Each detour starts up to this late, uniformly, drawn per node and detour from the seed "
             "(duration + jitter < period).",
             "scenario choice");
  g.choice<bool>("phase", &NoiseSpec::aligned, "random", {{"random", false}, {"aligned", true}},
                 "'random' = each node's first detour at a phase drawn once per node, uniform in [0, period), "
                 "from the seed; 'aligned' = every node detours at the same instants (coscheduled noise), "
                 "jitter included.",
                 "scenario choice");
  g.real("share", &NoiseSpec::share, 1, 1e-9, 1,
         "Fraction of the " + what + "'s speed a detour takes (1 = all of it; every PE of a node slows together).",
         "scenario choice");
  g.rule([p](const NoiseSpec& s) { return s.broken_rule(p); });
  return g;
}

} // namespace

const base::ParamGroup<NoiseSpec>& noise_params(const std::string& where)
{
  static const base::ParamGroup<NoiseSpec> cpu =
      declare("cpu", "CPU (every PE of the node)", "10ms", "003 §5.3.2: a daemon runs for one 10 ms OS quantum");
  static const base::ParamGroup<NoiseSpec> nic = declare(
      "nic", "NIC thread processor", "10us", "assumed: no source measures interference on the Elan3 thread processor");
  if (where == "cpu")
    return cpu;
  if (where == "nic")
    return nic;
  throw std::invalid_argument("noise_params: no resource '" + where + "' (cpu or nic)");
}

} // namespace bcssim::noise
