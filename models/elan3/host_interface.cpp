#include "models/elan3/host_interface.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>

namespace bcssim::elan3 {

void HostInterface::post_descriptor(unsigned node) const
{
  base::emit("host.post", spec_.descriptor_bytes);
  simgrid::s4u::this_actor::sleep_for(spec_.post_cost);
  platform_.transfer(platform_.cpu(node), platform_.nic(node), double(spec_.descriptor_bytes));
}

double HostInterface::post_seconds(unsigned node) const
{
  if (post_seconds_.empty())
    post_seconds_.assign(platform_.nodes(), -1);
  double& seconds = post_seconds_.at(node);
  if (seconds < 0)
    seconds = spec_.post_cost +
              platform_.unloaded_seconds(platform_.cpu(node), platform_.nic(node), double(spec_.descriptor_bytes));
  return seconds;
}

void HostInterface::note_post() const { base::emit("host.post", spec_.descriptor_bytes); }

void HostInterface::notify_host(unsigned node) const
{
  platform_.transfer(platform_.nic(node), platform_.cpu(node), 8.0);
  simgrid::s4u::this_actor::sleep_for(spec_.wake_cost);
  base::emit("host.wake", 8);
}

void HostInterface::read_clock(unsigned node) const
{
  platform_.transfer(platform_.nic(node), platform_.cpu(node), 8.0);
}

} // namespace bcssim::elan3
