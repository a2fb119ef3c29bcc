// One style across the plots (issue 21 part 7): a series keeps its colour in every plot, and no two series of one
// plot look alike.
#include "sim/output/plot.hpp"

#include <doctest/doctest.h>

using namespace bcssim::sim;

TEST_CASE("series_style: an MPI, an algorithm or an implementation has one colour everywhere; main memory is dashed")
{
  CHECK(series_style("quadrics", 5) == "lc rgb '#1f77b4'");
  CHECK(series_style("bcs", 1) == "lc rgb '#d62728'");
  CHECK(series_style("sb mpl=2", 1) == series_style("sb", 3));
  CHECK(series_style("elan-main:main", 1) == "lc rgb '#9467bd' dt 2");
  CHECK(series_style("elan-main:elan", 1) == "lc rgb '#9467bd'");
  CHECK(series_style("something else", 4) == "lc 4");
}

TEST_CASE("series_styles: series that would look alike fall back to gnuplot's cycle, all of them")
{
  // Two quanta studies on two presets both start with "gs": same colour, so the plot numbers them instead.
  CHECK(series_styles({"gs preset=crescendo", "gs preset=accelerando"}) == std::vector<std::string>{"lc 1", "lc 2"});
  // Distinct words keep their fixed colours; a memory pair told apart by its dash is not a clash.
  CHECK(series_styles({"fcfs", "gs", "sb", "fcs"}) ==
        std::vector<std::string>{"lc rgb '#7f7f7f'", "lc rgb '#1f77b4'", "lc rgb '#ff7f0e'", "lc rgb '#2ca02c'"});
  CHECK(series_styles({"elan-main:elan", "elan-main:main"}) ==
        std::vector<std::string>{"lc rgb '#9467bd'", "lc rgb '#9467bd' dt 2"});
}
