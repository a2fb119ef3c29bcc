#pragma once
#include "models/elan3/thread_steps.hpp"
// The three BCS core primitives (002 §3.4, 000 §3): everything the BCS-MPI runtime does on the network goes
// through them.
//   XFER-AND-SIGNAL   put a block to the same address on a set of nodes; optionally signal a local event when
//                     every destination has it and a remote event on each destination. Non-blocking, atomic:
//                     all destinations or none.
//   TEST-EVENT        poll a local event, or block until it fires.
//   COMPARE-AND-WRITE compare a global word on a set of nodes with a local value (>=, <, =, !=); true iff it
//                     holds on all; then optionally write a global word on all of them. Blocking, atomic.
// Two implementations: qsnet_hw (hardware multicast and global query) and software_tree (a k-ary tree of
// point-to-point messages: BCS on a network without hardware collectives).
#include "bcs/core/node_set.hpp"
#include "models/elan3/dma.hpp"
#include "models/elan3/nic_memory.hpp"
#include "models/elan3/thread_processor.hpp"
#include "models/qsnet/global_query.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace bcssim::bcs::core {

enum class Compare { ge, lt, eq, ne };
bool holds(std::int64_t lhs, Compare op, std::int64_t rhs);
std::string to_string(Compare op);

struct XferAndSignal {
  unsigned src = 0;
  elan3::Memory src_memory = elan3::Memory::elan;
  NodeSet dst = NodeSet::range(0, 0);
  elan3::Memory dst_memory = elan3::Memory::elan;
  std::uint64_t bytes = 0;
  std::optional<elan3::EventId> local_event;  // set on src once every destination has the data
  std::optional<elan3::EventId> remote_event; // set on each destination when its data has arrived
  /// Runs on each destination when its data lands (e.g. stores a value in NIC memory); may be empty.
  std::function<void(unsigned node)> deliver;
};

struct CompareAndWrite {
  unsigned src = 0;
  NodeSet nodes = NodeSet::range(0, 0);
  elan3::WordId word = 0;
  Compare op = Compare::ge;
  std::int64_t value = 0;
  std::optional<elan3::WordId> write_word; // written on every node iff the comparison holds on all
  std::int64_t write_value = 0;
};

/// What the primitives run on.
struct Machine {
  const qsnet::Platform& platform;
  elan3::DmaEngine& dma;
  elan3::NicMemory& memory;
  const qsnet::GlobalQuery& query;
  elan3::ThreadCosts costs;
};

class CorePrimitives {
public:
  explicit CorePrimitives(Machine& machine) : machine_(machine) {}
  virtual ~CorePrimitives() = default;

  virtual std::string name() const = 0;
  /// True when COMPARE-AND-WRITE and multi-node XFER-AND-SIGNAL use network hardware.
  virtual bool hardware_collectives() const = 0;

  /// Called by a NIC thread of `x.src` (an actor on its NIC host). Returns once the transfer is issued.
  virtual void xfer_and_signal(const XferAndSignal& x) = 0;
  /// Called by a NIC thread of `c.src`; blocks until the answer (and the write) are complete.
  virtual bool compare_and_write(const CompareAndWrite& c) = 0;
  /// The same two without blocking, for a thread whose steps are computed (models/elan3/thread_steps.hpp;
  /// bcs/runtime/computed_ss.hpp): each operation on `steps`, each wait a timer, the thread's events emitted as
  /// `steps`' thread; `issued()` where xfer_and_signal returns, `answered(all)` where compare_and_write does.
  /// False (nothing done) where this implementation has no such form for `x` or `c`.
  virtual bool xfer_and_signal_computed(const XferAndSignal& /*x*/, const elan3::ThreadSteps& /*steps*/,
                                        std::function<void()> /*issued*/)
  {
    return false;
  }
  virtual bool compare_and_write_computed(const CompareAndWrite& /*c*/, const elan3::ThreadSteps& /*steps*/,
                                          std::function<void(bool)> /*answered*/)
  {
    return false;
  }
  /// What compare_and_write_computed's steps take, for a model that works out a run of failing ones without
  /// stepping through them (bcs/runtime/lazy_polls.hpp): its descriptor's cycles on the source NIC's core, then
  /// `compare` s, the query's start (query.start), `way` s to the nodes where the words are tested, `way` s back to
  /// its answer (query.true or query.false; a write takes one more way). nullopt where it has no computed form.
  struct ComputedTimes {
    double descriptor_cycles = 0;
    double compare = 0;
    double way = 0;
  };
  virtual std::optional<ComputedTimes> compare_and_write_times(const CompareAndWrite& /*c*/) const
  {
    return std::nullopt;
  }
  /// TEST-EVENT on `node`'s event: non-blocking poll, or wait until it fires. Consumes one firing.
  bool test_event(unsigned node, elan3::EventId event, bool block);

  Machine& machine() { return machine_; }

protected:
  /// The data of `x` has landed on `node`: store it and set the remote event there.
  void land(const XferAndSignal& x, unsigned node);
  /// Every destination of `x` has the data: set the local event on its source.
  void signal_source(const XferAndSignal& x);

  Machine& machine_;
};

} // namespace bcssim::bcs::core
