// "Did you mean ...?" (sim/config/suggest): the closest candidate within a third of the word's length.
#include "sim/config/suggest.hpp"

#include <doctest/doctest.h>

using bcssim::sim::closest;
using bcssim::sim::did_you_mean;

TEST_CASE("suggestions: typos, swaps and missing letters find their word; unrelated words find none")
{
  const std::vector<std::string> subcommands = {"run", "sweep", "merge", "verify", "validate", "params", "docs"};
  CHECK(closest("runn", subcommands) == "run");
  CHECK(closest("pramas", subcommands) == "params"); // two swaps... within 2 of 6 letters
  CHECK(closest("valdiate", subcommands) == "validate");
  CHECK(closest("xyzzyq", subcommands).empty());
  CHECK(closest("", subcommands).empty());
  CHECK(closest(std::string(1000, 'a'), subcommands).empty());
  CHECK(did_you_mean("platfrom", {"platform", "preset"}) == " (did you mean 'platform'?)");
  CHECK(did_you_mean("zzz", {"platform"}).empty());
}

TEST_CASE("suggestions: letter case does not count; the sources' words for a choice find it when it is there")
{
  const std::vector<std::string> presets = {"crescendo", "wolverine", "accelerando", "asci-q"};
  CHECK(closest("ASCI-Q", presets) == "asci-q");
  CHECK(closest("Crescendo", presets) == "crescendo");
  CHECK(closest("ASCIQ", presets) == "asci-q");
  const std::vector<std::string> algorithms = {"fcfs", "gs", "sb", "fcs", "bcs", "pbcs"};
  CHECK(closest("gang", algorithms) == "gs");
  CHECK(closest("Gang", algorithms) == "gs");
  CHECK(closest("spin-block", algorithms) == "sb");
  CHECK(closest("gang", presets).empty()); // a synonym only where its choice is a candidate
}
