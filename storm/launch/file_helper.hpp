#pragma once
// The host's lightweight process that performs file accesses (and services TLB misses) on behalf of the NIC
// threads (002 §4.2.3, §4.3.1.2): a NIC thread's request crosses PCI to wake it, it does the work on one of the
// node's PEs, in request order, and writes its completion back to the NIC. Being an ordinary host process, it
// competes for the PEs with whatever else runs there.
#include "models/elan3/host_interface.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <deque>

namespace bcssim::storm::launch {

class FileHelper {
public:
  FileHelper(const elan3::HostInterface& host, simgrid::s4u::Host* cpu, unsigned node);
  FileHelper(const FileHelper&) = delete;
  FileHelper& operator=(const FileHelper&) = delete;

  /// Called by a NIC thread of this node: blocks it until the helper has done `seconds` of PE work for it (plus the
  /// PCI crossings both ways). Requests are served one at a time, in the order they were made; those made at one
  /// instant by `key` (e.g. a job number), never by the order SimGrid ran their threads.
  void run(double seconds, std::uint64_t key = 0);
  /// Every PE of the node is taken by a process that never blocks: a woken request then waits for the next
  /// boundary of the OS's time slices (phase + k x quantum) before the helper gets a PE (002 §4.3.1.2).
  void set_busy_node(double quantum, double phase);
  /// Ends the helper's actor (it is a daemon otherwise).
  void stop();

private:
  struct Request {
    double made;
    std::uint64_t key;
    double seconds;
    simgrid::s4u::Mailbox* reply; // the requesting thread waits there for the completion
  };
  void loop();

  const elan3::HostInterface& host_;
  simgrid::s4u::Host* cpu_;
  unsigned node_;
  double quantum_ = 0, phase_ = 0;
  std::deque<Request> queue_;
  simgrid::s4u::SemaphorePtr pending_;
  simgrid::s4u::ActorPtr actor_;
  // The wake-up crosses PCI as a message to the helper's mailbox, whose permanent receiver is the helper, so it
  // travels at once even while the helper is busy (the kernel queues the request). Messages between actors rather
  // than SimGrid's detached host-to-host sendto: 3.32 removes a finished detached comm from a list of all of them
  // in flight, which is quadratic when thousands of nodes ask their helpers at one instant.
  simgrid::s4u::Mailbox* inbox_;
};

} // namespace bcssim::storm::launch
