// The registered applications: one line each.
#include "apps/app.hpp"
#include "apps/sage_proxy/app.hpp"
#include "apps/sweep3d_proxy/app.hpp"
#include "apps/synthetic/app.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace bcssim::apps {

const std::vector<App>& registry()
{
  static const std::vector<App> all = {
      synthetic::app(), // the bulk-synchronous loop (002 §1.4)
      sweep3d::app(),   // the SWEEP3D wavefront proxy (000 §6.3)
      sage::app(),      // the SAGE hydrocode proxy (000 §6.2)
  };
  return all;
}

const App& find(const std::string& name)
{
  for (const App& a : registry())
    if (a.name == name)
      return a;
  throw std::invalid_argument(fmt::format("no application '{}'; known: {}", name, fmt::join(names(), ", ")));
}

std::vector<std::string> names()
{
  std::vector<std::string> out;
  for (const App& a : registry())
    out.push_back(a.name);
  return out;
}

} // namespace bcssim::apps
