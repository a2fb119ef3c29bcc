// Reductions on real data and job placement.
#include "mpi/placement.hpp"
#include "mpi/reduce_op.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

#include <cstdint>
#include <vector>

using namespace bcssim::mpi;

TEST_CASE("reductions compute real sums, minima and maxima of int and double")
{
  std::vector<std::int32_t> a{1, -5, 7}, b{10, 20, -30};
  reduce(Op::sum, Datatype::int32, a.data(), b.data(), 3);
  CHECK(b == std::vector<std::int32_t>{11, 15, -23});
  std::vector<double> x{1.5, -2.0}, y{0.25, 3.0};
  reduce(Op::min, Datatype::float64, x.data(), y.data(), 2);
  CHECK(y == std::vector<double>{0.25, -2.0});
  std::vector<std::int64_t> p{1LL << 40, 3}, q{5, 4};
  reduce(Op::max, Datatype::int64, p.data(), q.data(), 2);
  CHECK(q == std::vector<std::int64_t>{1LL << 40, 4});
  reduce(Op::sum, Datatype::int32, nullptr, b.data(), 3); // size-only payload: nothing computed
  CHECK(b == std::vector<std::int32_t>{11, 15, -23});
  CHECK(size_of(Datatype::float64) == 8);
  CHECK(size_of(Datatype::int32) == 4);
}

TEST_CASE("block placement fills a node's PEs first; cyclic deals ranks over nodes")
{
  const Placement block(7, 2, 4, 2, PlacementPolicy::block);
  CHECK(block.of(0).node == 2);
  CHECK(block.of(1).node == 2);
  CHECK(block.of(1).pe == 1);
  CHECK(block.of(6).node == 5);
  CHECK(block.ranks_on(3) == std::vector<unsigned>{2, 3});
  CHECK(block.nodes() == std::vector<unsigned>{2, 3, 4, 5});
  const Placement cyclic(7, 0, 4, 2, PlacementPolicy::cyclic);
  CHECK(cyclic.of(5).node == 1);
  CHECK(cyclic.of(5).pe == 1);
  CHECK(cyclic.ranks_on(0) == std::vector<unsigned>{0, 4});
  CHECK_THROWS_AS(Placement(9, 0, 4, 2, PlacementPolicy::block), std::invalid_argument);
}
