#pragma once
// A destination set of a core primitive: sorted, duplicate-free node numbers. Contiguous sets can use QsNet's
// hardware multicast and global query (002 §2.4.2.1); others fall back to a software tree.
#include <string>
#include <vector>

namespace bcssim::bcs::core {

class NodeSet {
public:
  static NodeSet range(unsigned first, unsigned last);
  /// Sorts and removes duplicates; throws std::invalid_argument when empty.
  static NodeSet of(std::vector<unsigned> nodes);

  const std::vector<unsigned>& nodes() const { return nodes_; }
  unsigned size() const { return unsigned(nodes_.size()); }
  unsigned first() const { return nodes_.front(); }
  unsigned last() const { return nodes_.back(); }
  bool contiguous() const { return last() - first() + 1 == size(); }
  bool contains(unsigned node) const;
  std::string describe() const;

private:
  std::vector<unsigned> nodes_;
};

} // namespace bcssim::bcs::core
