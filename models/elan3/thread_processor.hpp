#pragma once
// The Elan3 thread processor (002 §2.2.1): a 32-bit RISC core at 100 MHz running the NIC threads. Threads are
// actors on the NIC host; their work is so many cycles of an operation (1 cycle = 1 flop of the NIC host). How
// the threads of one NIC share the core is platform.nic.thread_processor:
//   one_at_a_time  (default) the core runs one operation at a time, in order of arrival, as 002 §2.2.1 has it
//                  (a processor-scheduling thread schedules and deschedules the threads on the one core);
//                  operations that arrive at the same instant are ordered by their thread (actor name, then
//                  creation order), never by the order SimGrid happened to run the threads in. Kernel timers, no
//                  SimGrid execution unless NIC noise varies the core's speed: 1.5-1.8 times faster for BCS-MPI
//                  (bench/README.md).
//   shared         (what-if; the model of releases before the parameter) every operation in progress gets an
//                  equal share: a SimGrid execution.
// An operation alone on the core ends at the same instant under both.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace simgrid::s4u {
class Host;
}

namespace bcssim::elan3 {

/// Defaults and sources: elan3::thread_cost_params() (models/elan3/params.cpp).
struct ThreadCosts {
  double event = 0;      // cycles to set or test an event in NIC memory
  double descriptor = 0; // cycles to build and issue a DMA descriptor or a network transaction
  double compare = 0;    // cycles for one comparison of a word (matching, Compare-And-Write evaluation)
};

enum class ThreadScheduling { shared, one_at_a_time };

/// platform.nic.thread_processor (elan3::thread_processor_params()).
struct ThreadProcessorSpec {
  ThreadScheduling scheduling = ThreadScheduling::one_at_a_time;
};

/// Makes `nic`'s core run one operation at a time. `speed_varies`: the NIC has a speed profile (NIC noise), so
/// each operation runs as an execution, alone on the core, instead of ending at a date computed at queueing.
void run_one_at_a_time(simgrid::s4u::Host& nic, bool speed_varies);

/// When `nic`'s core, one-at-a-time at constant speed, is free of every operation it has queued: what a model that
/// computes the core's next operations instead of acting them out starts from (bcs/runtime/idle_slices.hpp).
/// nullopt for any other core, and while operations that arrived at this instant wait to be queued.
std::optional<double> core_free_at(simgrid::s4u::Host& nic);

/// Runs `cycles` of work on the calling actor's host (which must be a NIC). No-op for 0 cycles.
void run_cycles(double cycles);

/// `cycles` of the calling thread's that hold the NIC's core after its other operations of this instant, without
/// blocking it: work of a thread the message-level tier no longer runs as an actor. One_at_a_time at constant speed
/// only; false (nothing done) otherwise.
bool occupy_cycles(double cycles);

/// Whether `nic`'s core runs one operation at a time at constant speed: the only core queue_cycles serves.
bool queues_without_actor(simgrid::s4u::Host& nic);

/// `cycles` on `nic`'s core on behalf of a thread that is not acting them out (bcs/runtime/computed_sr.hpp):
/// queued among this instant's arrivals as an operation of an actor named `thread` with pid `key` would be
/// (occupy_cycles's operations take the largest key), then `then()` is called from a kernel timer at its end (may
/// be empty), unless `alive` is given and false by then. `thread` must live until the end of the current instant
/// (it is not copied). One_at_a_time at constant speed only: false (nothing done) otherwise.
bool queue_cycles(simgrid::s4u::Host& nic, const std::string& thread, long key, double cycles,
                  std::function<void()> then, std::shared_ptr<const bool> alive = {});

/// `before()` is called at every operation's arrival on `nic`'s core, before it joins the core's line (empty:
/// none): a model that works out a thread's recent operations only when it has to (bcs/runtime/lazy_polls.hpp)
/// queues them then, ahead of the newcomer. One watcher per core.
void watch_arrivals(simgrid::s4u::Host& nic, std::function<void()> before);

/// An operation of `cycles` that arrived on `nic`'s core at `at` (not later than now, and not earlier than any
/// other operation queued on it), queued now as it would have been then: its end. An arrival at this very instant
/// is queued before the instant's other arrivals. One_at_a_time at constant speed only (else nullopt).
std::optional<double> queue_past(simgrid::s4u::Host& nic, double at, double cycles);

} // namespace bcssim::elan3
