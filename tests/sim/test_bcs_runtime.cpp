// The BCS-MPI runtime in simulated time (001 Figure 1, 000 §3-§4), through mpi::Comm on "mpi": "bcs":
// blocking calls resume at the start of slice i+2 (in i+1 under the restart what-if), 1.5 slices of added delay on average, non-blocking calls
// overlap fully, large messages are chunked by the slice capacity, and programs give the same results as on
// the baseline.
#include "base/event_stream.hpp"
#include "bcs_harness.hpp"
#include "sim/machine/machine_params.hpp"

#include <simgrid/s4u/Host.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;
using test::now;
using test::on_bcs;
using test::slice;
using test::slice_of;

namespace {

// Uniform in [0, 1) from a pinned engine (no std:: distribution: their output is not portable).
double uniform(std::mt19937_64& g) { return double(g() >> 11) * 0x1.0p-53; }

} // namespace

TEST_CASE("BCS blocking Send and Recv posted in slice i are transferred in i+1 and resume at the start of i+2")
{
  Baseline b(2, 1, on_bcs);
  double posted = 0, send_back = 0, recv_back = 0;
  int value = 0;
  b.run([&](mpi::Comm& c) {
    c.compute(3 * slice + 100e-6); // post in the middle of slice 3
    if (c.rank() == 0) {
      posted = now();
      const int v = 42;
      c.send(&v, sizeof v, 1, 7);
      send_back = now();
    } else {
      c.recv(&value, sizeof value, 0, 7);
      recv_back = now();
    }
  });
  REQUIRE(b.job().finished());
  CHECK(value == 42);
  const std::int64_t i = slice_of(posted);
  CHECK(i == 3);
  // Restarted at the strobe of slice i+2: after the strobe's multicast, the Node Manager's PCI write and the
  // process's wake-up (a few microseconds), long before the slice's middle.
  CHECK(send_back > (i + 2) * slice);
  CHECK(send_back < (i + 2) * slice + 10e-6);
  CHECK(recv_back == doctest::Approx(send_back).epsilon(1e-9));
}

TEST_CASE("what-if restart on_completion: blocking Send, Recv, Probe and Barrier resume in slice i+1, when done")
{
  json on_completion = on_bcs;
  on_completion["bcs"]["runtime"]["restart"] = "on_completion";
  Baseline b(2, 1, on_completion);
  double posted = 0;
  std::vector<double> back[2];
  int value = 0;
  b.run([&](mpi::Comm& c) {
    c.compute(3 * slice + 100e-6); // post in the middle of slice 3
    if (c.rank() == 0) {
      posted = now();
      const int v = 42;
      c.send(&v, sizeof v, 1, 7);
    } else {
      c.recv(&value, sizeof value, 0, 7);
    }
    back[c.rank()].push_back(now());
    c.compute(100e-6);
    const int v = 43;
    mpi::Request late;
    if (c.rank() == 0) {
      late = c.isend(&v, sizeof v, 1, 8);
      c.compute(100e-6); // posts the barrier at the probe's instant, give or take a slice
    } else {
      c.probe(0, 8); // resumes once the descriptor has been exchanged, before the data moves
    }
    back[c.rank()].push_back(now());
    c.compute(100e-6);
    c.barrier();
    back[c.rank()].push_back(now());
    if (c.rank() == 1)
      c.recv(&value, sizeof value, 0, 8);
    else
      c.wait(late);
  });
  REQUIRE(b.job().finished());
  CHECK(value == 43);
  const std::int64_t i = slice_of(posted);
  CHECK(i == 3);
  REQUIRE(back[0].size() == 3);
  REQUIRE(back[1].size() == 3);
  // Each blocking call posted in slice k resumes in k+1 (slice_boundary: at the start of k+2), once its
  // microphase is done, not at a strobe. The send and the receive complete at one instant, so both resume then.
  CHECK(slice_of(back[0][0]) == i + 1);
  CHECK(back[0][0] - double(i + 1) * slice > 10e-6);
  CHECK(back[0][0] == doctest::Approx(back[1][0]).epsilon(1e-12));
  CHECK(slice_of(back[1][0] + 100e-6) == i + 1); // the probe is posted in i+1 ...
  CHECK(slice_of(back[1][1]) == i + 2);          // ... and sees its message in i+2
  CHECK(slice_of(back[1][1] + 100e-6) == i + 2); // the last rank posts the barrier in i+2 ...
  CHECK(slice_of(back[0][2]) == i + 3);          // ... which both leave in i+3
  CHECK(back[0][2] == doctest::Approx(back[1][2]).epsilon(1e-12));
}

TEST_CASE("BCS blocking calls posted at seeded random times wait 1.5 slices on average")
{
  Baseline b(2, 1, on_bcs);
  std::vector<double> delays;
  b.run([&](mpi::Comm& c) {
    std::mt19937_64 g(2026);
    for (int k = 0; k < 200; ++k) {
      if (c.rank() == 0) {
        // Compute to a uniformly random point of the current slice (or of the next one if too close).
        const double t = now();
        const double target = (slice_of(t) + 1 + uniform(g)) * slice;
        c.compute(target - t);
        const double start = now();
        c.send(nullptr, 8, 1, 1);
        delays.push_back((now() - start) / slice);
      } else {
        c.recv(nullptr, 8, 0, 1);
      }
    }
  });
  REQUIRE(b.job().finished());
  double sum = 0;
  for (double d : delays)
    sum += d;
  MESSAGE("mean added delay: " << sum / double(delays.size()) << " slices over " << delays.size() << " calls");
  CHECK(sum / double(delays.size()) == doctest::Approx(1.5).epsilon(0.05 / 1.5).scale(0));
}

TEST_CASE("BCS Isend and Irecv overlap fully with a computation covering two slices")
{
  Baseline b(2, 1, on_bcs);
  double computed = 0, waited = 0;
  b.run([&](mpi::Comm& c) {
    int v = c.rank();
    int got = -1;
    const mpi::Request s = c.isend(&v, sizeof v, 1 - c.rank(), 3);
    const mpi::Request r = c.irecv(&got, sizeof got, 1 - c.rank(), 3);
    c.compute(2.2 * slice + 50e-6);
    if (c.rank() == 0)
      computed = now();
    c.waitall({s, r});
    if (c.rank() == 0)
      waited = now();
    CHECK(got == 1 - c.rank());
  });
  REQUIRE(b.job().finished());
  CHECK(waited == computed); // no added delay: both completed while the process computed
}

namespace {
// Records the P2P microphase of one node: (time, bytes) per slice that moved data.
struct P2pLog : base::EventSink {
  std::vector<std::pair<double, std::uint64_t>> chunks;
  void record(const base::Event& e) override
  {
    if (e.what == "bcs.p2p" && e.bytes > 0 && base::emitting_host()->get_name() == "node1.nic")
      chunks.emplace_back(now(), e.bytes);
  }
};
} // namespace

TEST_CASE("BCS chunks a message larger than a slice's capacity over the computed number of slices")
{
  P2pLog log;
  base::set_event_sink(&log);
  Baseline b(2, 1, on_bcs);
  constexpr std::uint64_t bytes = 1 << 20;
  std::vector<char> out(bytes, 'x'), in(bytes, 0);
  double posted = 0, back = 0;
  b.run([&](mpi::Comm& c) {
    if (c.rank() == 0) {
      posted = now();
      c.send(out.data(), bytes, 1, 1);
    } else {
      c.recv(in.data(), bytes, 0, 1);
      back = now();
    }
  });
  base::set_event_sink(nullptr);
  REQUIRE(b.job().finished());
  CHECK(in == out);
  REQUIRE(log.chunks.size() >= 2);
  // A slice's capacity: what its point-to-point microphase can receive in the time left after the DEM, the MSM
  // and the microstrobe, at the rate the node achieved last time (measured, so it varies from slice to slice:
  // 445-463 us of transfer in a 500 us slice here; 450-459 us with platform.nic.thread_processor = shared).
  const double rate = sim::runtime_spec(b.scenario).p2p_rate;
  double full = 0;
  for (std::size_t i = 0; i + 1 < log.chunks.size(); ++i) {
    CAPTURE(i);
    const double c = double(log.chunks[i].second);
    CHECK(c / rate < slice);
    CHECK(c / rate > 0.85 * slice);
    full += c;
  }
  const double capacity = full / double(log.chunks.size() - 1);
  CHECK(log.chunks.size() == std::size_t(std::ceil(double(bytes) / capacity)));
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < log.chunks.size(); ++i) {
    total += log.chunks[i].second;
    // One chunk per slice from the slice after the post; each ends by its slice's end (within 3 us).
    CHECK(slice_of(log.chunks[i].first - 3e-6) == slice_of(posted) + 1 + std::int64_t(i));
  }
  CHECK(total == bytes);
  CHECK(slice_of(back) == slice_of(log.chunks.back().first) + 1); // restarted at the next boundary
}

// The rate a slice's capacity is computed from is learnt from the point-to-point microphases that rate limited:
// one that moved only a 4-byte message measures the DMA's start-up (about 1 MB/s), not the rate into the node,
// and used to shrink the next slice's capacity to a few hundred bytes, so a 100 KB message that fits in a
// slice took several.
TEST_CASE("BCS moves a message that fits in a slice in one slice after a tiny one")
{
  P2pLog log;
  base::set_event_sink(&log);
  Baseline b(2, 1, on_bcs);
  constexpr std::uint64_t bytes = 100000; // under a slice's capacity at the machine's rate (~140 KB)
  std::vector<char> out(bytes, 'x'), in(bytes, 0);
  double posted = 0, back = 0;
  b.run([&](mpi::Comm& c) {
    int tiny = 7;
    if (c.rank() == 0) {
      c.send(&tiny, sizeof tiny, 1, 1);
      posted = now();
      c.send(out.data(), bytes, 1, 2);
    } else {
      c.recv(&tiny, sizeof tiny, 0, 1);
      c.recv(in.data(), bytes, 0, 2);
      back = now();
    }
  });
  base::set_event_sink(nullptr);
  REQUIRE(b.job().finished());
  CHECK(in == out);
  REQUIRE(log.chunks.size() == 2);
  CHECK(log.chunks[0].second == sizeof(int));
  CHECK(log.chunks[1].second == bytes); // whole, in the slice after its post
  CHECK(slice_of(log.chunks[1].first) == slice_of(posted) + 1);
  CHECK(slice_of(back) == slice_of(posted) + 2);
}

// With nothing left that could progress, the Strobe Sender stops after two idle slice boundaries and the job
// ends with its deadlock report, instead of strobing forever.
TEST_CASE("a deadlocked BCS job is reported with each blocked rank and its call")
{
  Baseline b(2, 1, on_bcs);
  b.run([](mpi::Comm& c) { c.recv(nullptr, 0, 1 - c.rank(), 42); }); // both receive first: nobody sends
  CHECK_FALSE(b.job().finished());
  CHECK(b.job().report() ==
        "rank 0 (node 0): MPI_Recv(source=1, tag=42)\nrank 1 (node 1): MPI_Recv(source=0, tag=42)\n");
  CHECK(now() < 5 * slice);
}

// 000 §4.4: a collective is scheduled in the slice after the one in which the last rank of the job posted it;
// a barrier is a broadcast of no data; everyone resumes at the next boundary.
TEST_CASE("BCS schedules a barrier in the slice after the last rank posted it")
{
  Baseline b(4, 2, on_bcs);
  std::vector<double> back(4, 0);
  b.run([&](mpi::Comm& c) {
    c.compute((c.rank() == 3 ? 5 : 2) * slice + 100e-6); // rank 3 posts in slice 5, the others in slice 2
    c.barrier();
    back[std::size_t(c.rank())] = now();
  });
  REQUIRE(b.job().finished());
  for (double t : back) {
    CHECK(slice_of(t) == 7); // scheduled and done in slice 6, restarted at the start of slice 7
    CHECK(t - 7 * slice < 10e-6);
  }
}

// bcs_scatter / bcs_gather / bcs_allgather / bcs_alltoall post every block at once and block once, so each costs
// what one blocking call does (MPICH's linear scatter over blocking sends would keep the root 7 x 2 slices).
TEST_CASE("BCS data collectives complete like one blocking call: posted in slice i and resumed at i+2")
{
  Baseline b(8, 2, on_bcs);
  std::vector<std::vector<std::int64_t>> back(8);
  std::vector<std::string> errors;
  b.run([&](mpi::Comm& c) {
    const int r = c.rank();
    auto mark = [&] {
      back[std::size_t(r)].push_back(slice_of(now()));
      if (now() - double(slice_of(now())) * slice > 10e-6)
        errors.push_back("rank " + std::to_string(r) + " resumed late in its slice");
    };
    c.compute(2 * slice + 100e-6);
    std::vector<std::int32_t> blocks(8), one(1);
    for (int i = 0; i < 8; ++i)
      blocks[std::size_t(i)] = 10 * i;
    c.scatter(r == 5 ? blocks.data() : nullptr, one.data(), 4, 5);
    mark();
    c.compute(100e-6);
    std::vector<std::int32_t> gathered(8, -1);
    c.gather(one.data(), gathered.data(), 4, 2);
    mark();
    c.compute(100e-6);
    std::vector<std::int32_t> everyone(8, -1);
    c.allgather(one.data(), everyone.data(), 4);
    mark();
    c.compute(100e-6);
    std::vector<std::int32_t> out(8), in(8, -1);
    for (int j = 0; j < 8; ++j)
      out[std::size_t(j)] = 100 * r + j;
    c.alltoall(out.data(), in.data(), 4);
    mark();
    for (int i = 0; i < 8; ++i) {
      if (everyone[std::size_t(i)] != 10 * i || in[std::size_t(i)] != 100 * i + r ||
          (r == 2 && gathered[std::size_t(i)] != 10 * i))
        errors.push_back("rank " + std::to_string(r) + ": wrong data from rank " + std::to_string(i));
    }
  });
  REQUIRE(b.job().finished());
  CHECK(errors.empty());
  for (const auto& slices : back)
    CHECK(slices == std::vector<std::int64_t>{4, 6, 8, 10});
}

TEST_CASE("BCS reduce and allreduce compute on the NICs the values MPI defines")
{
  Baseline b(7, 2, on_bcs);
  std::vector<std::string> errors;
  b.run([&](mpi::Comm& c) {
    const double mine[2] = {c.rank() + 0.25, -double(c.rank())};
    double sum[2] = {0, 0};
    c.allreduce(mine, sum, 2, mpi::Datatype::float64, mpi::Op::sum);
    if (sum[0] != 21 + 7 * 0.25 || sum[1] != -21)
      errors.push_back("allreduce at rank " + std::to_string(c.rank()));
    const std::int32_t v = 100 - c.rank();
    std::int32_t lo = 0;
    c.reduce(&v, &lo, 1, mpi::Datatype::int32, mpi::Op::min, 3);
    if (c.rank() == 3 && lo != 94)
      errors.push_back("reduce min at the root: " + std::to_string(lo));
  });
  REQUIRE(b.job().finished());
  CHECK(errors.empty());
}

// Two jobs share the machine: each one's collectives complete on their own (every descriptor carries its job).
TEST_CASE("BCS collectives of two jobs sharing the machine do not interfere")
{
  const sim::Scenario scenario = Baseline::make_scenario(1, on_bcs);
  sim::World world(scenario);
  sim::MpiJob a(world, scenario, "a", mpi::Placement(2, 0, 2, 1, mpi::PlacementPolicy::block));
  sim::MpiJob b(world, scenario, "b", mpi::Placement(2, 2, 2, 1, mpi::PlacementPolicy::block));
  double a_done = 0, b_done = 0;
  a.start([&](mpi::Comm& c) {
    c.barrier();
    a_done = now();
  });
  b.start([&](mpi::Comm& c) {
    c.compute(10 * slice); // job b reaches its barrier much later
    c.barrier();
    b_done = now();
  });
  world.engine().run();
  REQUIRE(a.job().finished());
  REQUIRE(b.job().finished());
  CHECK(slice_of(a_done) == 2); // posted in slice 0, scheduled in slice 1, resumed at slice 2
  CHECK(slice_of(b_done) == 12);
}
