// The MDS's bookkeeping (bcs/mds): the MMDS's summary and its computation-granularity and communication-overhead
// intervals (000 §5.1.1, Figure 5.1), distributions by resolution.
#include "bcs/mds/emds.hpp"
#include "bcs/mds/mmds.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace bcssim::bcs::mds;

TEST_CASE("MMDS: blocking calls split the run into computation and communication intervals that sum to it")
{
  MmdsSpec spec;
  spec.enabled = true;
  spec.resolution = 1.0;
  spec.size_resolution = 1024;
  spec.primitives = {"MPI_Isend"};
  Mmds m(spec);
  m.start(0);
  m.enter(1, true);                   // MPI_Recv at t = 1 ...
  m.leave("MPI_Recv", 1, 3, 8, true); // ... returns at 3
  m.enter(4, false);
  m.leave("MPI_Isend", 4, 4.5, 100, false); // non-blocking: inside a computation interval
  m.enter(6, true);
  m.leave("MPI_Waitall", 6, 7, 0, true);
  m.finish(10);

  const auto& s = m.summary();
  REQUIRE(s.count(kCompGranularity) == 1);
  REQUIRE(s.count(kCommOverhead) == 1);
  CHECK(s.at(kCompGranularity).count == 3); // [0, 1), [3, 6), [7, 10)
  CHECK(s.at(kCompGranularity).total == doctest::Approx(7));
  CHECK(s.at(kCompGranularity).min == doctest::Approx(1));
  CHECK(s.at(kCompGranularity).max == doctest::Approx(3));
  CHECK(s.at(kCommOverhead).count == 2); // [1, 3), [6, 7)
  CHECK(s.at(kCommOverhead).total == doctest::Approx(3));
  CHECK(s.at(kCompGranularity).total + s.at(kCommOverhead).total == doctest::Approx(10)); // the run time
  CHECK(s.at("MPI_Isend").count == 1);
  CHECK(s.at("MPI_Isend").average() == doctest::Approx(0.5));
  CHECK(s.at("MPI_Recv").max == doctest::Approx(2));
  CHECK(m.granularity().bins() == std::map<std::int64_t, std::uint64_t>{{1, 1}, {3, 2}});
  CHECK(m.overhead().bins() == std::map<std::int64_t, std::uint64_t>{{1, 1}, {2, 1}});
  REQUIRE(m.latencies().size() == 1); // only the selected primitive
  CHECK(m.latencies().at("MPI_Isend").bins() == std::map<std::int64_t, std::uint64_t>{{0, 1}});
  CHECK(m.sizes().at("MPI_Isend").bins() == std::map<std::int64_t, std::uint64_t>{{0, 1}});

  Mmds job(spec); // aggregation per job
  job.merge(m);
  job.merge(m);
  CHECK(job.summary().at(kCompGranularity).count == 6);
  CHECK(job.summary().at("MPI_Recv").min == doctest::Approx(2));
  CHECK(job.granularity().bins().at(3) == 4);
}

TEST_CASE("EMDS window and node selection; at most 10000 slices")
{
  EmdsSpec spec;
  spec.enabled = true;
  spec.first_slice = 100;
  spec.slices = 50;
  spec.nodes = {3, 7};
  const Emds e(spec);
  CHECK_FALSE(e.records(99));
  CHECK(e.records(100));
  CHECK(e.records(149));
  CHECK_FALSE(e.records(150));
  CHECK(e.watches(3));
  CHECK_FALSE(e.watches(4));
  CHECK_FALSE(e.watches(100));
  spec.nodes.clear();
  CHECK(Emds(spec).watches(12345)); // [] = every node
  spec.enabled = false;
  CHECK_FALSE(Emds(spec).records(120));
  spec.slices = 10001;
  CHECK_THROWS_AS(Emds{spec}, std::invalid_argument);
}
