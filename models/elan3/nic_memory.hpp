#pragma once
// NIC-resident "global memory" (002 §3.4): an event or a word allocated once exists at the same address on every
// node, so a multicast can signal "the same" event everywhere and a global query can test "the same" word.
// Ids are dense and handed out in allocation order (deterministic).
#include "models/elan3/event.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace bcssim::elan3 {

using EventId = std::uint32_t;
using WordId = std::uint32_t;

class NicMemory {
public:
  explicit NicMemory(unsigned nodes) : nodes_(nodes) {}

  EventId new_event();
  WordId new_word(std::int64_t initial = 0);

  Event& event(unsigned node, EventId id) { return *events_.at(id).at(node); }
  std::int64_t& word(unsigned node, WordId id) { return words_.at(id).at(node); }

private:
  unsigned nodes_;
  std::vector<std::vector<std::unique_ptr<Event>>> events_; // [event][node]
  std::vector<std::vector<std::int64_t>> words_;            // [word][node]
};

} // namespace bcssim::elan3
