// The production-MPI baseline (Quadrics MPI over Elan Tports) in simulated time: Kumar & Kalé's ping-pong
// latencies (003 Table 2), MPI matching and ordering end to end with real data, and deadlock reports.
#include "world_harness.hpp"
#include "mpi_harness.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <doctest/doctest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace bcssim;
using test::now;
using nlohmann::json;
using test::Baseline;

namespace {

// Half the round trip of a ping-pong of `bytes` between ranks 0 and 1 (other nodes), each rank having posted
// `posted - 1` receives with a tag nobody sends first (003 Table 2's setup).
double pingpong_us(std::uint64_t bytes, unsigned posted)
{
  Baseline b(2);
  double start = 0, end = 0;
  constexpr int iterations = 20;
  b.run([&](mpi::Comm& c) {
    for (unsigned i = 1; i < posted; ++i)
      c.irecv(nullptr, 0, mpi::ANY_SOURCE, 999);
    std::vector<char> buffer(bytes);
    for (int i = 0; i < iterations + 2; ++i) {
      if (i == 2 && c.rank() == 0)
        start = now();
      if (c.rank() == 0) {
        c.send(buffer.data(), bytes, 1, 1);
        c.recv(buffer.data(), bytes, 1, 1);
      } else {
        c.recv(buffer.data(), bytes, 0, 1);
        c.send(buffer.data(), bytes, 0, 1);
      }
    }
    if (c.rank() == 0)
      end = now();
  });
  CHECK(b.job().finished());
  return (end - start) / iterations / 2 * 1e6;
}
} // namespace

// 003 Table 2, MPI column (us): 16 B 4.69 / 17.8, 64 B 5.96 / 19, 256 B 8.89 / 22.7 with 1 / 33 posted receives.
// One simulation per process: one test case per point.
TEST_CASE("MPI ping-pong latency 16 B 1 posted receive is 4.69 us") { CHECK(pingpong_us(16, 1) == doctest::Approx(4.69).epsilon(0.10).scale(0)); }
TEST_CASE("MPI ping-pong latency 16 B 33 posted receives is 17.8 us") { CHECK(pingpong_us(16, 33) == doctest::Approx(17.8).epsilon(0.10).scale(0)); }
TEST_CASE("MPI ping-pong latency 64 B 1 posted receive is 5.96 us") { CHECK(pingpong_us(64, 1) == doctest::Approx(5.96).epsilon(0.10).scale(0)); }
TEST_CASE("MPI ping-pong latency 64 B 33 posted receives is 19 us") { CHECK(pingpong_us(64, 33) == doctest::Approx(19.0).epsilon(0.10).scale(0)); }
TEST_CASE("MPI ping-pong latency 256 B 1 posted receive is 8.89 us") { CHECK(pingpong_us(256, 1) == doctest::Approx(8.89).epsilon(0.10).scale(0)); }
TEST_CASE("MPI ping-pong latency 256 B 33 posted receives is 22.7 us") { CHECK(pingpong_us(256, 33) == doctest::Approx(22.7).epsilon(0.10).scale(0)); }

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
  CHECK(b.job().report() == "rank 0 (node 0): MPI_Recv(source=1, tag=42)\nrank 1 (node 1): MPI_Recv(source=0, tag=42)\n");
}
