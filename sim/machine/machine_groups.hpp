#pragma once
// The machine's parameter groups, as their modules register them: `bcs_param_group(<header> <expression>)` in a
// module's own CMakeLists.txt (the top CMakeLists.txt defines it). sim/CMakeLists.txt writes the registrations, in
// the order CMake met them, into generated/machine_groups.cpp of the build folder, which defines machine_groups():
// no hand-kept list, and no static objects whose linking or construction order would decide the catalogue.
#include "base/params.hpp"
#include "sim/config/scenario.hpp"

#include <functional>
#include <vector>

namespace bcssim::sim {

/// One registered group: its declarations, and its rules checked on a resolved scenario (by building its spec).
struct MachineGroup {
  std::function<std::vector<base::ParamDecl>()> declare;
  std::function<void(const Scenario&)> check;
};

template <class Spec> MachineGroup machine_group(const base::ParamGroup<Spec>& g)
{
  return {[&g] { return base::declarations(g); }, [&g](const Scenario& sc) { (void)sc.spec(g); }};
}

/// Every registered group, in registration order (the catalogue's, docs/parameters.md).
const std::vector<MachineGroup>& machine_groups();

} // namespace bcssim::sim
