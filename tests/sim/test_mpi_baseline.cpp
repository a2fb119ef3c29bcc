// The production-MPI baseline (Quadrics MPI over Elan Tports) in simulated time: Kumar & Kalé's ping-pong
// latencies (003 Table 2), MPI matching and ordering end to end with real data, and deadlock reports.
#include "mpi_harness.hpp"
#include "world_harness.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <doctest/doctest.h>

#include <cstring>
#include <iomanip>
#include <memory>
#include <string>
#include <vector>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;
using test::now;

namespace {

// Half the round trip of a ping-pong of `bytes` between ranks 0 and 1 (other nodes), each rank having posted
// `posted - 1` receives with a tag nobody sends first (003 Table 2's setup).
double pingpong_us(std::uint64_t bytes, unsigned posted, const char* host_stages = "separate")
{
  Baseline b(2, 1, json{{"quadrics", {{"host_stages", host_stages}}}});
  double start = 0, end = 0;
  constexpr int iterations = 20;
  b.run([&](mpi::Comm& c) {
    for (unsigned i = 1; i < posted; ++i)
      c.irecv(nullptr, 0, mpi::ANY_SOURCE, 999);
    std::vector<char> buffer(bytes);
    for (int i = 0; i < iterations + 2; ++i) {
      if (i == 2 && c.rank() == 0)
        start = c.wtime();
      if (c.rank() == 0) {
        c.send(buffer.data(), bytes, 1, 1);
        c.recv(buffer.data(), bytes, 1, 1);
      } else {
        c.recv(buffer.data(), bytes, 0, 1);
        c.send(buffer.data(), bytes, 0, 1);
      }
    }
    if (c.rank() == 0)
      end = c.wtime();
  });
  CHECK(b.job().finished());
  return (end - start) / iterations / 2 * 1e6;
}
} // namespace

// 003 Table 2, MPI column (us), every row; the 16 B rows calibrate quadrics.host_overhead (1 receive) and the walk
// (nic_walk_cycles, nic_miss_cycles), the 64 B and 256 B rows are validation. Tolerance 10 %: the largest error
// is +7 % (16 B, 9 receives); a flat cost per entry walked (41 cycles, the model before the NIC cache misses)
// put the 9-receive points 9-15 % high and fails here. One simulation per process: one test case per row.
#define TABLE2_ROW(BYTES, POSTED, US)                                                                                  \
  TEST_CASE("MPI ping-pong latency " #BYTES " B with " #POSTED " receive(s) posted is " #US " us (003 Table 2)")       \
  {                                                                                                                    \
    const double simulated = pingpong_us(BYTES, POSTED);                                                               \
    MESSAGE("simulated " << simulated << " us");                                                                       \
    CHECK(simulated == doctest::Approx(US).epsilon(0.10).scale(0));                                                    \
  }
TABLE2_ROW(16, 1, 4.69)
TABLE2_ROW(16, 5, 5.66)
TABLE2_ROW(16, 9, 6.93)
TABLE2_ROW(16, 17, 10.9)
TABLE2_ROW(16, 33, 17.8)
TABLE2_ROW(64, 1, 5.96)
TABLE2_ROW(64, 5, 7.23)
TABLE2_ROW(64, 9, 8.20)
TABLE2_ROW(64, 17, 12.3)
TABLE2_ROW(64, 33, 19.0)
TABLE2_ROW(256, 1, 8.89)
TABLE2_ROW(256, 5, 10.0)
TABLE2_ROW(256, 9, 11.2)
TABLE2_ROW(256, 17, 15.4)
TABLE2_ROW(256, 33, 22.7)
#undef TABLE2_ROW

// quadrics.host_stages = on_cpu (a coarser host for long workloads) runs the library time, the post and the wake-up
// as the process's CPU time. Alone on its nodes a ping-pong takes the same time either way: each mode against the
// separate stages' time, to a part in 10^9, for a message copied by PIO (16 B), one read by DMA (1 KiB, 5 receives
// posted) and a rendezvous (16 KiB). One simulation per test case.
namespace {
void check_pingpong_us(std::uint64_t bytes, unsigned posted, const char* host_stages, double us)
{
  const double simulated = pingpong_us(bytes, posted, host_stages);
  MESSAGE(std::setprecision(12) << simulated << " us");
  CHECK(simulated == doctest::Approx(us).epsilon(1e-9).scale(0));
}
} // namespace
#define SAME_BOTH_WAYS(BYTES, POSTED, US)                                                                              \
  TEST_CASE("MPI ping-pong " #BYTES " B with " #POSTED " posted takes " #US " us with the host's stages separate")     \
  {                                                                                                                    \
    check_pingpong_us(BYTES, POSTED, "separate", US);                                                                  \
  }                                                                                                                    \
  TEST_CASE("MPI ping-pong " #BYTES " B with " #POSTED " posted takes " #US " us with the host stages on the CPU")     \
  {                                                                                                                    \
    check_pingpong_us(BYTES, POSTED, "on_cpu", US);                                                                    \
  }
SAME_BOTH_WAYS(16, 1, 4.69039327446)
SAME_BOTH_WAYS(1024, 5, 12.3420490415)
SAME_BOTH_WAYS(16384, 1, 61.2139764009)
#undef SAME_BOTH_WAYS

TEST_CASE("baseline point-to-point keeps MPI matching and order with real data")
{
  Baseline b(3);
  std::vector<std::string> got;
  std::vector<int> big(4096, 0);
  int probed_bytes = -1;
  b.run([&](mpi::Comm& c) {
    if (c.rank() == 1 || c.rank() == 2) {
      // Same tag from two senders; then, from rank 1, a rendezvous message followed by an eager one.
      const std::string hello = "from " + std::to_string(c.rank());
      c.send(hello.c_str(), hello.size() + 1, 0, 5);
      if (c.rank() == 1) {
        std::vector<int> large(4096);
        for (int i = 0; i < 4096; ++i)
          large[i] = i * 3;
        auto r = c.isend(large.data(), large.size() * sizeof(int), 0, 6);
        const int small = 77;
        c.send(&small, sizeof small, 0, 6);
        c.wait(r);
      }
      return;
    }
    char text[32];
    mpi::Status s;
    for (int i = 0; i < 2; ++i) {
      c.recv(text, sizeof text, mpi::ANY_SOURCE, 5, &s);
      got.push_back(std::string(text) + " tag " + std::to_string(s.tag) + " src " + std::to_string(s.source));
    }
    c.probe(1, mpi::ANY_TAG, &s); // the rendezvous envelope arrives first: non-overtaking
    probed_bytes = int(s.bytes);
    c.recv(big.data(), big.size() * sizeof(int), 1, 6, &s);
    int small = 0;
    c.recv(&small, sizeof small, 1, 6);
    got.push_back("small " + std::to_string(small));
  });
  CHECK(b.job().finished());
  REQUIRE(got.size() == 3);
  CHECK(((got[0] == "from 1 tag 5 src 1" && got[1] == "from 2 tag 5 src 2") ||
         (got[0] == "from 2 tag 5 src 2" && got[1] == "from 1 tag 5 src 1")));
  CHECK(got[2] == "small 77");
  CHECK(probed_bytes == 4096 * 4);
  CHECK(big[4095] == 4095 * 3);
  CHECK(big[1] == 3);
}

TEST_CASE("a deadlocked job is reported with each blocked rank and its call")
{
  Baseline b(2);
  b.run([](mpi::Comm& c) { c.recv(nullptr, 0, 1 - c.rank(), 42); }); // both receive first: nobody sends
  CHECK_FALSE(b.job().finished());
  CHECK(b.job().blocked() == std::vector<int>{0, 1});
  CHECK(b.job().report() ==
        "rank 0 (node 0): MPI_Recv(source=1, tag=42)\nrank 1 (node 1): MPI_Recv(source=0, tag=42)\n");
}
