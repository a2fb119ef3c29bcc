#pragma once
// The message-level tier of Tports (platform.fidelity = message, docs/model.md): a message is one transfer from
// the sender's memory to the receiver's over the same route and links, and every stage it no longer acts out (the
// descriptor's post and PCI transfer, the DMA start-up, the NIC thread's matching cycles, the NIC's write into
// host memory, the rendezvous' envelope and get request) is folded into delays that depend on the message's size.
// Those delays are never entered by hand: sim/machine/message_tier.cpp measures them on the stage-level model's
// own microbenchmarks, as the difference between the stage-level time and this tier's time with every delay at
// zero, at sizes that bracket every regime (PIO, eager DMA, rendezvous).
#include <cstdint>
#include <utility>
#include <vector>

namespace bcssim::elan3::tports {

/// A delay as a function of the message's size: piecewise linear through measured points (bytes, seconds),
/// extended past the last two with their slope, never below 0. Empty: 0 everywhere.
class FoldedCurve {
public:
  FoldedCurve() = default;
  /// `points` in increasing bytes, at most one per size.
  explicit FoldedCurve(std::vector<std::pair<double, double>> points);
  double at(std::uint64_t bytes) const;
  const std::vector<std::pair<double, double>>& points() const { return points_; }

private:
  std::vector<std::pair<double, double>> points_;
};

/// Where the two ends of a message are.
enum class Locality { between_nodes = 0, within_node = 1 };

/// The folded delays of one machine, by locality. Each is what the stage-level model takes beyond this tier.
struct FoldedCosts {
  struct Curves {
    FoldedCurve eager_posted;        // eager: from the data's landing until the (already posted) receive completes
    FoldedCurve eager_late;          // eager, already arrived: from the receive's post until it completes
    FoldedCurve rendezvous_envelope; // rendezvous: from the send until its envelope can match at the destination
    FoldedCurve rendezvous_data;     // rendezvous: from the data's landing until the receive completes
    FoldedCurve send_done;           // from the data's landing until the send completes (not a PIO send)
  };
  Curves curves[2]; // by Locality
  const Curves& of(Locality l) const { return curves[static_cast<int>(l)]; }
};

} // namespace bcssim::elan3::tports
