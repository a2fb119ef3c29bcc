#include "models/elan3/event.hpp"

namespace bcssim::elan3 {

Event::Event() : count_(simgrid::s4u::Semaphore::create(0)) {}

void Event::set()
{
  ++fired_;
  count_->release();
}

bool Event::poll()
{
  if (count_->would_block())
    return false;
  count_->acquire();
  return true;
}

void Event::wait() { count_->acquire(); }

int Event::pending() const { return count_->get_capacity(); }

} // namespace bcssim::elan3
