#include "models/elan3/nic_memory.hpp"

namespace bcssim::elan3 {

EventId NicMemory::new_event()
{
  std::vector<std::unique_ptr<Event>> per_node;
  per_node.reserve(nodes_);
  for (unsigned p = 0; p < nodes_; ++p)
    per_node.push_back(std::make_unique<Event>());
  events_.push_back(std::move(per_node));
  return EventId(events_.size() - 1);
}

WordId NicMemory::new_word(std::int64_t initial)
{
  words_.emplace_back(nodes_, initial);
  return WordId(words_.size() - 1);
}

} // namespace bcssim::elan3
