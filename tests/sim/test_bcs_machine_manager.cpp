// The Machine Manager of the BCS-MPI runtime (000 §4.1, 002 §3.5): it launches a job with one multicast of its
// launch command, each Node Manager forks its local processes on receipt, the NM of the job's rank 0 reports
// the job's end once every node's processes exited, and the strobe (the global heartbeat) runs only while a
// job does.
#include "base/event_stream.hpp"
#include "bcs_harness.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;
using test::now;
using test::on_bcs;
using test::slice;
using test::slice_of;

namespace {

struct Logged {
  double time;
  std::string what;
  std::uint64_t bytes;
  std::string host;
};

// Every event of the Machine Manager and Node Managers' job control, and every slice strobe.
struct JobControlLog : base::EventSink {
  std::vector<Logged> events;
  void record(const base::Event& e) override
  {
    if (e.what == "bcs.mm.launch" || e.what == "bcs.nm.fork" || e.what == "bcs.nm.job_exit" ||
        e.what == "bcs.mm.job_end" || e.what == "bcs.strobe")
      events.push_back(Logged{now(), std::string(e.what), e.bytes, base::emitting_host()->get_name()});
  }
  std::vector<Logged> of(const std::string& what) const
  {
    std::vector<Logged> out;
    for (const Logged& e : events)
      if (e.what == what)
        out.push_back(e);
    return out;
  }
};

} // namespace

TEST_CASE("BCS Machine Manager launches a job with one multicast and learns of its end once")
{
  JobControlLog log;
  base::set_event_sink(&log);
  const sim::Scenario scenario = Baseline::make_scenario(2, on_bcs);
  sim::World world(scenario);
  // 6 ranks, 2 per node on nodes 4-6: neither the management node (0) nor its neighbours.
  sim::MpiJob job(world, scenario, "job", mpi::Placement(6, 4, 3, 2, mpi::PlacementPolicy::block));
  std::vector<double> started(6, -1);
  double last_exit = 0;
  job.start([&](mpi::Comm& c) {
    started[c.rank()] = now();
    c.compute(double(c.rank() + 1) * 1.3 * slice); // the ranks end in different slices
    c.barrier();
    c.compute(double(c.rank()) * 0.3 * slice); // the last exits in the middle of a slice
    last_exit = std::max(last_exit, now());
  });
  world.engine().run();
  base::set_event_sink(nullptr);
  REQUIRE(job.job().finished());

  const auto launches = log.of("bcs.mm.launch");
  REQUIRE(launches.size() == 1);
  CHECK(launches[0].time == 0);
  CHECK(launches[0].host == "node0.cpu"); // the MM is a daemon on the management node's host
  auto forks = log.of("bcs.nm.fork");
  REQUIRE(forks.size() == 3); // one per node of the job, each forking its 2 processes
  std::sort(forks.begin(), forks.end(), [](const Logged& x, const Logged& y) { return x.host < y.host; });
  for (unsigned i = 0; i < forks.size(); ++i) {
    CHECK(forks[i].host == "node" + std::to_string(4 + i) + ".cpu");
    CHECK(forks[i].bytes == 2);
  }
  // Each process starts when its node's NM forks it: after the PCI post of the command, one hardware
  // multicast and the PCI notification, a few microseconds after the launch and in the same instant as its fork.
  for (int r = 0; r < 6; ++r) {
    CHECK(started[r] > 0);
    CHECK(started[r] < 20e-6);
    CHECK(started[r] == doctest::Approx(forks[unsigned(r) / 2].time).epsilon(1e-12));
  }
  // The job's makespan is its processes' run, from the first start: the launch is not in it.
  CHECK(job.job().makespan() ==
        doctest::Approx(last_exit - *std::min_element(started.begin(), started.end())).epsilon(1e-12));

  // The last process exits in slice i; at the strobe of i+1 the NM of rank 0's node (node 4) finds every node's
  // processes exited with one Compare-And-Write and tells the MM; at i+2 the strobe does not come.
  const std::int64_t i = slice_of(last_exit);
  const auto exits = log.of("bcs.nm.job_exit");
  REQUIRE(exits.size() == 1);
  CHECK(exits[0].host == "node4.nic");
  CHECK(slice_of(exits[0].time) == i + 1);
  const auto ends = log.of("bcs.mm.job_end");
  REQUIRE(ends.size() == 1);
  CHECK(ends[0].host == "node0.cpu");
  CHECK(ends[0].bytes == 0); // the job's number
  CHECK(ends[0].time > exits[0].time);
  CHECK(ends[0].time < exits[0].time + 20e-6);
  const auto strobes = log.of("bcs.strobe");
  REQUIRE(!strobes.empty());
  CHECK(strobes.size() == std::size_t(i + 2)); // slices 0 .. i+1
  CHECK(strobes.back().bytes == std::uint64_t(i + 1));
}

TEST_CASE("BCS Machine Manager stops the heartbeat between jobs and restarts it for the next")
{
  JobControlLog log;
  base::set_event_sink(&log);
  const sim::Scenario scenario = Baseline::make_scenario(1, on_bcs);
  sim::World world(scenario);
  sim::MpiJob a(world, scenario, "a", mpi::Placement(2, 0, 2, 1, mpi::PlacementPolicy::block));
  sim::MpiJob b(world, scenario, "b", mpi::Placement(3, 1, 3, 1, mpi::PlacementPolicy::block));
  int a_sum = 0, b_sum = 0;
  double b_submitted = 0;
  simgrid::s4u::Actor::create("user", world.platform().cpu(0), [&] {
    a.start([&](mpi::Comm& c) {
      int one = 1, sum = 0;
      c.allreduce(&one, &sum, 1, mpi::Datatype::int32, mpi::Op::sum);
      a_sum = sum;
    });
    a.join();
    simgrid::s4u::this_actor::sleep_for(20 * slice + 123e-6); // the machine stays idle for a while
    b_submitted = now();
    b.start([&](mpi::Comm& c) {
      int one = 1, sum = 0;
      c.allreduce(&one, &sum, 1, mpi::Datatype::int32, mpi::Op::sum);
      b_sum = sum;
    });
    b.join();
  });
  world.engine().run();
  base::set_event_sink(nullptr);
  REQUIRE(a.job().finished());
  REQUIRE(b.job().finished());
  CHECK(a_sum == 2);
  CHECK(b_sum == 3);
  const auto launches = log.of("bcs.mm.launch");
  REQUIRE(launches.size() == 2);
  CHECK(launches[0].bytes == 0);
  CHECK(launches[1].bytes == 1);
  CHECK(launches[1].time == b_submitted);
  const auto ends = log.of("bcs.mm.job_end");
  REQUIRE(ends.size() == 2);
  // No strobe while no job runs: the first job's strobes end a slice after its end; the second job's start at
  // the first slice boundary after its launch.
  const std::int64_t quiet_from = slice_of(ends[0].time) + 1;
  const std::int64_t restart = std::int64_t(std::ceil(b_submitted / slice));
  for (const Logged& s : log.of("bcs.strobe")) {
    const auto k = std::int64_t(s.bytes);
    CHECK((k < quiet_from || k >= restart));
    CHECK(s.time == doctest::Approx(double(k) * slice).epsilon(1e-12));
  }
  CHECK(ends[1].time > b_submitted);
}
