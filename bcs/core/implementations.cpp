#include "bcs/core/implementations.hpp"

#include "base/registry.hpp"

namespace bcssim::bcs::core {

const std::vector<Implementation>& implementations()
{
  static const std::vector<Implementation> all = {
      {"qsnet_hw", "QsNet hardware multicast and global query (qsnet_hw.hpp)", "#1f77b4"},
      {"software_tree", "a k-ary tree of point-to-point messages, no hardware collectives (software_tree.hpp)",
       "#ff7f0e"},
  };
  return all;
}

std::vector<std::string> implementation_names() { return base::names_of(implementations()); }

} // namespace bcssim::bcs::core
