// libFuzzer target: the replay's check of messages no receive takes (apps/replay/message_ledger.hpp; issue 67 items
// 3 and 8), which runs as ranks send, receive and finalize, where a wildcard receive left the trace's static check
// nothing to pair. A simulation per input is too slow to fuzz (SimGrid allows one engine per process), so the
// input drives the ledger directly: its first byte the ranks (2 to 8), then 4 bytes an operation (a send of a rank
// to another with a tag and a size, a receive completing with the oldest message of a sender and tag, a rank
// finalizing). A plain model of MPI's rule is the oracle: a send to a rank that has finalized, and a rank that
// finalizes with a message to it outstanding, are each base::ParamRuleError naming that message's line (the oldest
// by sender, then line); anything else passes. A disagreement, or another exception, is a finding.
#include "apps/replay/message_ledger.hpp"
#include "base/params.hpp"
#include "tests/fuzz/fuzz_common.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {
using bcssim::apps::replay::Layout;
using bcssim::apps::replay::MessageLedger;

struct Message {
  int src, dst, tag;
  std::uint64_t bytes, line;
};

// What the ledger must say about `m`: its line and its sender, tag and size.
void expect_named(const std::string& what, const Message& m)
{
  for (const std::string& part : {fmt::format("trace.txt:{}", m.line),
                                  fmt::format("rank {}'s message to it (tag {}, {} bytes)", m.src, m.tag, m.bytes)})
    if (what.find(part) == std::string::npos)
      bcssim::fuzz::finding("the ledger's error does not name \"" + part + "\": " + what);
}

// Runs `op` on the ledger, which must throw exactly when `expected` names a message, naming it.
template <class Op> bool agrees(Op&& op, const std::optional<Message>& expected)
{
  try {
    op();
  } catch (const bcssim::base::ParamRuleError& e) {
    if (!expected)
      bcssim::fuzz::finding(std::string("the ledger refused what MPI allows: ") + e.what());
    expect_named(e.what(), *expected);
    return false; // the replay stops at its first error
  }
  if (expected)
    bcssim::fuzz::finding(fmt::format("the ledger let pass rank {}'s message to rank {} at line {}, which no receive "
                                      "takes",
                                      expected->src, expected->dst, expected->line));
  return true;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size < 1)
    return 0;
  auto layout = std::make_shared<Layout>();
  layout->shared_file = "trace.txt";
  layout->ranks = 2 + data[0] % 7;
  const int ranks = layout->ranks;
  bcssim::fuzz::expect_bad_input_only<bcssim::base::ParamRuleError>([&] {
    MessageLedger ledger(layout);
    std::vector<Message> outstanding; // in the order sent
    std::vector<bool> finalized(std::size_t(ranks), false);
    for (std::size_t at = 1; at + 4 <= size; at += 4) {
      const std::uint8_t* op = data + at;
      const int a = op[1] % ranks, b = op[2] % ranks, tag = op[3] % 3;
      const std::uint64_t line = at / 4 + 3;
      switch (op[0] % 3) {
        case 0: { // rank a sends to rank b
          if (a == b || finalized[std::size_t(a)])
            break; // a rank sends to another, and only before it finalizes
          const Message m{a, b, tag, std::uint64_t(op[0]) * 1000, line};
          const bool refused = finalized[std::size_t(b)];
          if (!agrees([&] { ledger.sent(a, b, tag, m.bytes, line); },
                      refused ? std::optional<Message>(m) : std::nullopt))
            return;
          outstanding.push_back(m);
          break;
        }
        case 1: { // a receive of rank b completes with the oldest message of rank a and tag
          for (auto it = outstanding.begin(); it != outstanding.end(); ++it)
            if (it->src == a && it->dst == b && it->tag == tag && !finalized[std::size_t(b)]) {
              outstanding.erase(it);
              ledger.received(a, b, tag);
              break;
            }
          break;
        }
        default: { // rank a finalizes
          if (finalized[std::size_t(a)])
            break;
          finalized[std::size_t(a)] = true;
          std::optional<Message> oldest;
          for (const Message& m : outstanding)
            if (m.dst == a && (!oldest || m.src < oldest->src || (m.src == oldest->src && m.line < oldest->line)))
              oldest = m;
          if (!agrees([&] { ledger.finalized(a); }, oldest))
            return;
        }
      }
    }
  });
  return 0;
}
