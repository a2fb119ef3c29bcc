#pragma once
// STORM's I/O-bypass binary transfer (002 §4.2.3, §4.3.2.1, Figs. 4.2, 4.3, 4.9), on the three core primitives:
//   sender  (a thread of the management node's NIC): multicast the file descriptor; then per chunk, read it into
//           one of two main-memory buffers (its file helper), await the previous chunk's "sent" event, await space
//           (a global query: every receiver has written chunk c - slots), have the helper service the chunk's TLB
//           misses, and multicast it main memory to main memory (XFER-AND-SIGNAL, non-blocking). Reading chunk c+1
//           overlaps sending chunk c. At the end, a global query waits until every receiver has written them all.
//   receiver (a thread of each other node's NIC): await the descriptor, open the file; per chunk, await its
//           arrival event, have the file helper write it to the RAM disk, and count it in a global word.
// Every instant is recorded, so a test can check the pipeline exactly.
#include "bcs/core/primitives.hpp"
#include "storm/launch/file_helper.hpp"
#include "storm/launch/launch_spec.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bcssim::storm::launch {

/// One step of one chunk on one node.
struct Stage {
  enum class What { read, tlb, send, write };
  What what;
  unsigned chunk;
  unsigned node;
  double start;
  double end;
};
std::string to_string(Stage::What w);

struct TransferRecord {
  std::vector<Stage> stages;   // in the order they ended
  double started = -1;         // the sender thread began
  double done = -1;            // the sender learned that every receiver has written every chunk
  std::vector<double> written; // per node of the range: when it wrote its last chunk (-1: it discards them)
};

class BinaryTransfer {
public:
  /// The binary goes from `source`'s RAM disk to the nodes of [first, last] (contiguous, not holding `source`).
  /// `helpers` is indexed by node and must hold the source and every receiver. `keeps` (one per node of the range;
  /// empty: all) says which nodes store it: the others, not part of the job, discard each chunk as it arrives
  /// (STORM multicasts to a whole range and lets the nodes that do not need a message drop it, §4.2.1 note 2).
  /// `key` orders this transfer's file requests against other transfers' at the same helper and instant.
  BinaryTransfer(bcs::core::CorePrimitives& primitives, std::vector<FileHelper*> helpers, const LaunchSpec& spec,
                 unsigned source, unsigned first, unsigned last, std::vector<char> keeps = {}, std::uint64_t key = 0);

  /// Creates the sender and receiver threads; `done` runs on the sender's thread once every chunk is written.
  void start(std::function<void()> done);
  unsigned chunks() const { return chunks_; }
  std::uint64_t chunk_bytes(unsigned c) const;
  const TransferRecord& record() const { return record_; }

private:
  void sender();
  void receiver(unsigned node);
  /// A global query on the receivers, repeated until every one has written at least `count` chunks.
  void await_written(std::int64_t count);

  bcs::core::CorePrimitives& core_;
  std::vector<FileHelper*> helpers_;
  LaunchSpec spec_;
  unsigned source_, first_, last_;
  std::vector<char> keeps_;
  std::uint64_t key_;
  unsigned chunks_;
  elan3::EventId announced_, arrived_, sent_;
  elan3::WordId written_;
  std::function<void()> done_;
  TransferRecord record_;
};

} // namespace bcssim::storm::launch
