#pragma once
// The message-level tier's Strobe Receiver computed instead of acted out (issue 65 goal 2, the slice solver's
// first part; docs/model.md, "BCS-MPI's tier"). Under `platform.fidelity = message` the SR does the Buffer
// Sender's, Buffer Receiver's and DMA Helper's work itself (strobe_receiver.cpp); each of its steps is an operation
// on its NIC's one-at-a-time core, a wait for an instant, or a pooled DMA actor's get. Here those steps run as
// continuations (models/elan3/thread_steps.hpp): each operation queued where the SR's actor would have queued it, the next step
// called from the timer at its end. The SR's actor still exists, with the same name and pid, and runs only what
// blocks on something else than its core or a timer: a Node Manager's termination report at the slice strobe (a
// Compare-And-Write), a collective master's query in the MSM (a restart's notification, one packet across PCI, is a
// timer). The work and the order are
// strobe_receiver.cpp's, buffer_sender.cpp's, buffer_receiver.cpp's and dma_helper.cpp's own (their computed
// overloads share every rule with the acted-out code); tests/e2e/test_cli_message_tier.cpp checks both ways.
//
// Applies (ComputedSr::applies) under the message-level tier with QsNet's hardware primitives, a constant-speed
// one-at-a-time core (no NIC noise), no EMDS and no --trace; bcs.runtime.nic_threads = acted turns it off.
#include "models/elan3/thread_steps.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <functional>
#include <memory>

namespace bcssim::bcs::runtime {

struct Context;

class ComputedSr {
public:
  ComputedSr(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}

  /// Whether node `node`'s SR is computed in this run.
  static bool applies(Context& ctx, unsigned node);

  /// The SR's actor: its first Test-Event, then what the computed steps hand it (never returns).
  void run_actor();
  /// A microstrobe landed on this node and its SR has work (StrobeReceiver::land).
  void strobe();

private:
  void test();                     // the SR's Test-Event of the strobe (its operation), then waiting()
  void waiting();                  // in the Test-Event: woken by strobe(), or at once if one landed meanwhile
  void wake();                     // the strobe's event operation, then step()
  void step();                     // StrobeReceiver::act, computed
  void work(std::int64_t phase);   // its part after the slice strobe's Node Manager
  void finish(std::int64_t phase); // StrobeReceiver::finish, then the next Test-Event
  /// Runs `work` on the SR's actor, which then pays the next Test-Event and hands back.
  void in_actor(std::function<void()> work);

  Context& ctx_;
  unsigned node_;
  std::unique_ptr<elan3::ThreadSteps> steps_; // made when the actor starts (its pid)
  bool waiting_ = false;                      // in the Test-Event, its operation paid
  bool landed_ = false;                       // a strobe landed before the SR waited for it
  simgrid::s4u::SemaphorePtr handed_;         // the actor's: released when work is handed to it
  std::function<void()> work_;
};

} // namespace bcssim::bcs::runtime
