#pragma once
// What the BCS-MPI simulation tests share: the default 500 us slice, the clock, the slice of an instant, and a
// 32-node Crescendo running "mpi": "bcs" (to merge into test::Baseline's scenario).
#include "mpi_harness.hpp"
#include "world_harness.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <cmath>
#include <cstdint>

namespace bcssim::test {

inline constexpr double slice = 500e-6;
inline std::int64_t slice_of(double t) { return std::int64_t(std::floor(t / slice + 1e-9)); }
inline const nlohmann::json on_bcs = {{"mpi", "bcs"}, {"platform", {{"preset", "crescendo"}, {"nodes", 32}}}};

} // namespace bcssim::test
