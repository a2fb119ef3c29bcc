// NM, the Node Manager (000 §4.1, 001 Figure 1): at each slice boundary it restarts the local processes whose
// blocking call completed during the previous slice (so a blocking call posted in slice i resumes at the start
// of slice i+2). The restart is one notification across PCI; each process then sees it after host_wake.
#include "base/event_stream.hpp"
#include "bcs/runtime/runtime.hpp"

#include <simgrid/s4u/Comm.hpp>

namespace bcssim::bcs::runtime {

void Runtime::node_manager(unsigned node)
{
  auto& waiting = state_[node].suspended;
  std::vector<Suspended> restart;
  std::vector<Suspended> still;
  for (auto& s : waiting)
    (s.ready() ? restart : still).push_back(std::move(s));
  waiting = std::move(still);
  if (restart.empty())
    return;
  const auto& platform = core_.machine().platform;
  simgrid::s4u::Comm::sendto(platform.nic(node), platform.cpu(node), 8.0);
  base::emit("bcs.nm.restart", restart.size());
  for (auto& s : restart)
    s.resume->release();
}

} // namespace bcssim::bcs::runtime
