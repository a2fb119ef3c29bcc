#pragma once
// One PE of the machine, as the scheduling decisions name it: (node, index on the node), ordered node by node.
namespace bcssim::storm {

struct PeId {
  unsigned node = 0;
  unsigned pe = 0;
  friend bool operator<(const PeId& a, const PeId& b) { return a.node != b.node ? a.node < b.node : a.pe < b.pe; }
  friend bool operator==(const PeId& a, const PeId& b) { return a.node == b.node && a.pe == b.pe; }
};

} // namespace bcssim::storm
