#include "storm/launch/binary_transfer.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <stdexcept>

namespace bcssim::storm::launch {
namespace sg4 = simgrid::s4u;

std::string to_string(Stage::What w)
{
  switch (w) {
    case Stage::What::read:
      return "read";
    case Stage::What::tlb:
      return "tlb";
    case Stage::What::send:
      return "send";
    case Stage::What::write:
      return "write";
  }
  return "?";
}

namespace {
double now() { return sg4::Engine::get_clock(); }
} // namespace

BinaryTransfer::BinaryTransfer(bcs::core::CorePrimitives& primitives, std::vector<FileHelper*> helpers,
                               const LaunchSpec& spec, unsigned source, unsigned first, unsigned last,
                               std::vector<char> keeps, std::uint64_t key)
    : core_(primitives), helpers_(std::move(helpers)), spec_(spec), source_(source), first_(first), last_(last),
      keeps_(std::move(keeps)), key_(key)
{
  if (keeps_.empty())
    keeps_.assign(last - first + 1, 1);
  if (keeps_.size() != last - first + 1)
    throw std::invalid_argument("BinaryTransfer: one keep flag per node of the range");
  if (first > last || (source >= first && source <= last))
    throw std::invalid_argument("BinaryTransfer: the receivers must be a range without the source");
  if (spec.chunk_bytes == 0 || spec.slots == 0)
    throw std::invalid_argument("BinaryTransfer: chunk size and slots must be positive");
  chunks_ = unsigned((spec.binary_bytes + spec.chunk_bytes - 1) / spec.chunk_bytes);
  elan3::NicMemory& memory = core_.machine().memory;
  announced_ = memory.new_event();
  arrived_ = memory.new_event();
  sent_ = memory.new_event();
  written_ = memory.new_word(0);
  record_.written.assign(last - first + 1, -1);
}

std::uint64_t BinaryTransfer::chunk_bytes(unsigned c) const
{
  return std::min<std::uint64_t>(spec_.chunk_bytes, spec_.binary_bytes - std::uint64_t(c) * spec_.chunk_bytes);
}

void BinaryTransfer::start(std::function<void()> done)
{
  done_ = std::move(done);
  const qsnet::Platform& platform = core_.machine().platform;
  sg4::Actor::create("storm.bins", platform.nic(source_), [this] { sender(); });
  for (unsigned n = first_; n <= last_; ++n)
    sg4::Actor::create(keeps_[n - first_] ? "storm.binr" : "storm.bind", platform.nic(n), [this, n] { receiver(n); });
}

void BinaryTransfer::await_written(std::int64_t count)
{
  bcs::core::CompareAndWrite query;
  query.src = source_;
  query.nodes = bcs::core::NodeSet::range(first_, last_);
  query.word = written_;
  query.op = bcs::core::Compare::ge;
  query.value = count;
  while (!core_.compare_and_write(query))
    sg4::this_actor::sleep_for(spec_.poll_interval);
}

void BinaryTransfer::sender()
{
  record_.started = now();
  bcs::core::XferAndSignal descriptor;
  descriptor.src = source_;
  descriptor.dst = bcs::core::NodeSet::range(first_, last_);
  descriptor.bytes = spec_.descriptor_bytes;
  descriptor.remote_event = announced_;
  core_.xfer_and_signal(descriptor);
  FileHelper& helper = *helpers_.at(source_);
  helper.run(spec_.open_cost, key_);
  for (unsigned c = 0; c < chunks_; ++c) {
    const std::uint64_t bytes = chunk_bytes(c);
    double t = now();
    helper.run(double(bytes) / spec_.read_rate, key_); // into the buffer chunk c-2 left: its send is complete
    record_.stages.push_back(Stage{Stage::What::read, c, source_, t, now()});
    if (c > 0) // await sent: the previous chunk's multicast is acknowledged
      core_.test_event(source_, sent_, true);
    if (c >= spec_.slots) // await space
      await_written(std::int64_t(c - spec_.slots + 1));
    t = now();
    helper.run(double(bytes) / spec_.helper_rate, key_);
    record_.stages.push_back(Stage{Stage::What::tlb, c, source_, t, now()});
    bcs::core::XferAndSignal chunk;
    chunk.src = source_;
    chunk.src_memory = elan3::Memory::main;
    chunk.dst = bcs::core::NodeSet::range(first_, last_);
    chunk.dst_memory = elan3::Memory::main;
    chunk.bytes = bytes;
    chunk.local_event = sent_;
    chunk.remote_event = arrived_;
    const double issued = now();
    // Delivery is atomic: the data lands on every receiver at one instant, the end of the multicast.
    chunk.deliver = [this, c, issued](unsigned node) {
      if (node == last_)
        record_.stages.push_back(Stage{Stage::What::send, c, source_, issued, now()});
    };
    base::emit("storm.launch.chunk", bytes);
    core_.xfer_and_signal(chunk);
  }
  if (chunks_ > 0)
    core_.test_event(source_, sent_, true);
  await_written(std::int64_t(chunks_));
  record_.done = now();
  done_();
}

void BinaryTransfer::receiver(unsigned node)
{
  const bool keeps = keeps_[node - first_] != 0;
  core_.test_event(node, announced_, true);
  FileHelper& helper = *helpers_.at(node);
  if (keeps)
    helper.run(spec_.open_cost, key_);
  for (unsigned c = 0; c < chunks_; ++c) {
    core_.test_event(node, arrived_, true);
    if (keeps) {
      const double t = now();
      helper.run(double(chunk_bytes(c)) / spec_.write_rate, key_);
      record_.stages.push_back(Stage{Stage::What::write, c, node, t, now()});
    }
    core_.machine().memory.word(node, written_) = std::int64_t(c) + 1; // the slot is free again
  }
  if (keeps)
    record_.written.at(node - first_) = now();
}

} // namespace bcssim::storm::launch
