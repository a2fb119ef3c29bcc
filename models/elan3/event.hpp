#pragma once
// An Elan3 event (002 §2.2.1, §3.4): a word in NIC memory that a thread or a DMA completion sets and a thread
// tests or waits on. It counts: every set is seen by exactly one wait or successful poll, so a remote event
// fires exactly once per put that names it.
#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>

namespace bcssim::elan3 {

class Event {
public:
  Event();

  void set();
  /// Non-blocking TEST-EVENT: consumes one firing if there is one.
  bool poll();
  /// Blocking TEST-EVENT: waits for a firing and consumes it.
  void wait();
  /// Firings not yet consumed.
  int pending() const;
  /// Firings since creation.
  std::uint64_t fired() const { return fired_; }

private:
  simgrid::s4u::SemaphorePtr count_;
  std::uint64_t fired_ = 0;
};

} // namespace bcssim::elan3
