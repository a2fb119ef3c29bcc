// The registered applications: one line each.
#include "apps/app.hpp"
#include "apps/replay/app.hpp"
#include "apps/sage_proxy/app.hpp"
#include "apps/sweep3d_proxy/app.hpp"
#include "apps/synthetic/app.hpp"

#include "base/registry.hpp"

namespace bcssim::apps {

const std::vector<App>& registry()
{
  static const std::vector<App> all = {
      synthetic::app(), // the bulk-synchronous loop (002 §1.4)
      sweep3d::app(),   // the SWEEP3D wavefront proxy (000 §6.3)
      sage::app(),      // the SAGE hydrocode proxy (000 §6.2)
      replay::app(),    // a SimGrid time-independent trace of any MPI program (issue 24)
  };
  return all;
}

const App& find(const std::string& name) { return base::find_named(registry(), name, "application"); }

std::vector<std::string> names() { return base::names_of(registry()); }

} // namespace bcssim::apps
