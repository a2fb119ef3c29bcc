#pragma once
// The implementations of the core primitives (002 §3.4), one entry each: bcs.core.impl's choices and their docs,
// the words of the microbenchmark's collective_impls, their series' colours in every plot. Adding one is its class
// beside these (a CorePrimitives whose name() is the entry's name) and its entry in implementations.cpp.
#include <string>
#include <vector>

namespace bcssim::bcs::core {

struct Implementation {
  std::string name;   // bcs.core.impl's value, and what CorePrimitives::name() returns
  std::string doc;    // what it runs on, for the catalogue
  std::string colour; // its series in every plot ("#rrggbb")
};

/// Every implementation, the machine's default first.
const std::vector<Implementation>& implementations();
/// Their names, in order.
std::vector<std::string> implementation_names();

} // namespace bcssim::bcs::core
