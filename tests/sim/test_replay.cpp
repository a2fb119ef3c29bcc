// Replaying SimGrid time-independent traces (apps/replay) in simulated time: a hand-written trace of every action
// kind takes exactly the time of the same mpi::Comm calls made directly (jobs one after another on one machine),
// on the baseline and on BCS-MPI; computation amounts become time by replay.host_speed and replay.compute_scale;
// a line the replay cannot honour, found while it runs, ends the run as an input error naming file:line.
#include "apps/app.hpp"
#include "sim/driver/simulation.hpp"
#include "sim/kinds/app/kind.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>
#include <vector>

using namespace bcssim;
using nlohmann::json;

namespace {

const std::string kData = std::string(BCSSIM_SOURCE_DIR) + "/tests/data/replay/";

json replay_scenario(const std::string& mpi, const std::string& trace, unsigned ranks, json replay = json::object())
{
  replay["trace"] = trace;
  return {{"kind", "app"},
          {"mpi", mpi},
          {"platform", {{"preset", "crescendo"}, {"nodes", 2}, {"pes_per_node", 2}}},
          {"app", {{"name", "replay"}, {"processes", ranks}}},
          {"replay", replay}};
}

struct Run {
  double makespan = 0;
  mpi::CallProfile profile;
};

// Runs the jobs one after another on the machine of `scenario`, each from its own rank main.
std::vector<Run> run_jobs(const sim::Scenario& scenario, unsigned ranks, const std::vector<mpi::RankMain>& mains)
{
  sim::World world(scenario);
  std::vector<Run> runs;
  simgrid::s4u::Actor::create("driver", world.platform().cpu(0), [&] {
    for (std::size_t i = 0; i < mains.size(); ++i) {
      sim::MpiJob job(world, scenario, "job" + std::to_string(i), sim::placement_of(scenario, ranks));
      job.count_boundaries(scenario.quantity("bcs.runtime.slice")); // as kind app does (call_slices.csv)
      job.start(mains[i]);
      job.join();
      job.check_finished("job");
      runs.push_back(Run{job.job().makespan(), job.job().profile()});
    }
  });
  world.engine().run();
  REQUIRE(runs.size() == mains.size());
  return runs;
}

mpi::RankMain replay_main(const sim::Scenario& sc, unsigned ranks)
{
  return apps::find("replay").main(sc, apps::JobContext{ranks, sc.quantity("platform.pe_speed"), 1});
}

// tests/data/replay/all-actions, written as mpi::Comm calls (sizes in bytes: MPI_DOUBLE 8, MPI_INT 4, MPI_BYTE
// and the default datatype 1).
void all_actions_directly(mpi::Comm& c)
{
  const int r = c.rank();
  const int n = 4;
  const auto seconds = [](double flops) { return flops / 1e9; };
  mpi::Request a;
  mpi::Request b;
  switch (r) {
    case 0:
      c.compute(seconds(1e6));
      c.send(nullptr, 400, 1, 7);
      c.wait(c.isend(nullptr, 1024, 2, 8));
      break;
    case 1:
      c.compute(seconds(5e5));
      c.recv(nullptr, 400, 0, 7);
      a = c.isend(nullptr, 80, 3, 9);
      c.send(nullptr, 50, 3, 12);
      c.waitall({a});
      break;
    case 2: {
      c.compute(seconds(2.5e5));
      a = c.irecv(nullptr, 1024, 0, 8);
      c.test(a);
      b = c.isend(nullptr, 16, 3, 11);
      c.wait(a);
      c.wait(b);
      break;
    }
    case 3: {
      mpi::Status s;
      c.probe(1, 9, &s);
      a = c.irecv(nullptr, s.bytes, 1, 9);
      b = c.irecv(nullptr, 16, mpi::ANY_SOURCE, 11);
      c.probe(1, 12, &s);
      c.recv(nullptr, s.bytes, 1, 12);
      c.wait(a);
      c.wait(b);
      break;
    }
  }
  c.waitall({c.irecv(nullptr, 64, (r + 3) % n, 0), c.isend(nullptr, 64, (r + 1) % n, 0)});
  c.barrier();
  c.bcast(nullptr, 40, 2);
  c.reduce(nullptr, nullptr, 3, mpi::Datatype::float64, mpi::Op::sum, 1);
  c.allreduce(nullptr, nullptr, 2, mpi::Datatype::int32, mpi::Op::sum);
  c.compute(seconds(1000));
  c.alltoall(nullptr, nullptr, 16);
  mpi::Counts counts;
  mpi::Counts displs;
  std::uint64_t at = 0;
  for (int j = 0; j < n; ++j) {
    counts.push_back(std::uint64_t(r + j + 1));
    displs.push_back(at);
    at += counts.back();
  }
  c.alltoallv(nullptr, counts, displs, nullptr, counts, displs);
  c.gather(nullptr, nullptr, 8, 0);
  const mpi::Counts ints = r == 3 ? mpi::Counts{4, 8, 12, 16} : mpi::Counts{0, 0, 0, 0};
  const mpi::Counts int_displs = r == 3 ? mpi::Counts{0, 4, 12, 24} : mpi::Counts{0, 0, 0, 0};
  c.gatherv(nullptr, 4 * std::uint64_t(r + 1), nullptr, ints, int_displs, 3);
  c.scatter(nullptr, nullptr, 24, 1);
  const mpi::Counts doubles = r == 2 ? mpi::Counts{8, 16, 24, 32} : mpi::Counts{0, 0, 0, 0};
  const mpi::Counts double_displs = r == 2 ? mpi::Counts{0, 8, 24, 48} : mpi::Counts{0, 0, 0, 0};
  c.scatterv(nullptr, doubles, double_displs, nullptr, 8 * std::uint64_t(r + 1), 2);
  c.allgather(nullptr, nullptr, 16);
  c.allgatherv(nullptr, 8 * std::uint64_t(r + 1), nullptr, {8, 16, 24, 32}, {0, 8, 24, 48});
  c.reduce_scatter(nullptr, nullptr, {1, 2, 3, 4}, mpi::Datatype::float64, mpi::Op::sum);
  c.scan(nullptr, nullptr, 4, mpi::Datatype::float64, mpi::Op::sum);
  c.exscan(nullptr, nullptr, 4, mpi::Datatype::float64, mpi::Op::sum);
  if (r == 0)
    simgrid::s4u::this_actor::sleep_for(1e-4);
}

void check_replay_equals_direct(const std::string& mpi, double expected_seconds)
{
  const sim::Scenario sc = sim::Scenario::resolve(replay_scenario(mpi, kData + "all-actions/index.txt", 4), {});
  // The first job on a BCS machine starts at another phase of the slices than the next ones: compare the second
  // and the third.
  const std::vector<Run> runs = run_jobs(sc, 4, {all_actions_directly, all_actions_directly, replay_main(sc, 4)});
  const Run& direct = runs[1];
  const Run& replayed = runs[2];
  MESSAGE(mpi << ": replayed " << fmt::format("{:.9f}", replayed.makespan * 1e3) << " ms, directly "
              << fmt::format("{:.9f}", direct.makespan * 1e3) << " ms");
  CHECK(replayed.makespan == doctest::Approx(direct.makespan).epsilon(1e-9));
  CHECK(replayed.makespan == doctest::Approx(expected_seconds).epsilon(1e-9));
  REQUIRE(replayed.profile.size() == direct.profile.size());
  for (const auto& entry : direct.profile) {
    const auto& name = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& stats = std::get<1>(entry);
    CAPTURE(name);
    REQUIRE(replayed.profile.count(name) == 1);
    CHECK(replayed.profile.at(name).count == stats.count);
    CHECK(replayed.profile.at(name).bytes == stats.bytes);
  }
  // Every collective of the trace, once per rank.
  for (const char* c : {"MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Alltoall", "MPI_Alltoallv",
                        "MPI_Gather", "MPI_Gatherv", "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv",
                        "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan"})
    CHECK(replayed.profile.at(c).count == 4u);
  CHECK(replayed.profile.at("MPI_Send").bytes == 450u);
  CHECK(replayed.profile.at("MPI_Probe").count == 2u);
}

} // namespace

TEST_CASE("replay of every action kind takes the time of the same calls made directly - baseline")
{
  check_replay_equals_direct("quadrics", 1.248534325e-3);
}

TEST_CASE("replay of every action kind takes the time of the same calls made directly - BCS-MPI")
{
  check_replay_equals_direct("bcs", 22.995875520e-3);
}

TEST_CASE("replay computation takes compute_scale x flops / host_speed of the PE")
{
  // Rank 0 computes 2e6 flops; rank 1 computes 1e6 flops, then sleeps 0.5 ms.
  const std::string trace = kData + "compute.txt";
  const auto scenario = [&](json replay) {
    return sim::Scenario::resolve(replay_scenario("quadrics", trace, 2, std::move(replay)), {});
  };
  const sim::Scenario as_recorded = scenario(json::object());
  const sim::Scenario faster_host = scenario({{"host_speed", "2GHz"}});
  const sim::Scenario scaled = scenario({{"compute_scale", 0.25}});
  const std::vector<Run> runs =
      run_jobs(as_recorded, 2, {replay_main(as_recorded, 2), replay_main(faster_host, 2), replay_main(scaled, 2)});
  CHECK(runs[0].makespan == doctest::Approx(2e-3).epsilon(1e-12));    // 2e6 flops at 1 Gflop/s
  CHECK(runs[1].makespan == doctest::Approx(1e-3).epsilon(1e-12));    // counted at 2 Gflop/s: half the time
  CHECK(runs[2].makespan == doctest::Approx(0.75e-3).epsilon(1e-12)); // rank 1: 0.25 ms + the 0.5 ms sleep
}

TEST_CASE("replay - a wait for a request never posted ends the run as an input error naming file:line")
{
  // Rank 0 blocks in a receive rank 1 never sends: the error, not the deadlock, is what the run reports.
  const sim::Scenario sc = sim::Scenario::resolve(replay_scenario("quadrics", kData + "bad-wait/index.txt", 2), {});
  try {
    sim::simulate(sc);
    FAIL("the replay must fail");
  } catch (const sim::ScenarioError& e) {
    const std::string what = e.what();
    CHECK(e.path() == "replay.trace");
    CHECK(what.find("bad-wait/rank-1.txt:3: \"1 wait 0 1 5\": expected a wait for a request rank 1 posted") !=
          std::string::npos);
  }
}

namespace {

// NAS MG posts every receive with its whole 270,400 B buffer whatever arrives (traces/README.md): the
// transfer must carry the matching send's bytes. Three hand-written 2-rank traces, one rank per node, each rank
// posting two receives then sending 1000 B (eager on the baseline) and 100,000 B (rendezvous): receives posted
// at 270,400 B, receives posted at exactly the send's size, and sends of the full 270,400 B.
void check_transfer_carries_send_bytes(const std::string& mpi)
{
  const auto scenario = [&](const std::string& file) {
    json j = replay_scenario(mpi, kData + "posted-buffer/" + file, 2);
    j["platform"]["pes_per_node"] = 1;
    return sim::Scenario::resolve(j, {});
  };
  const sim::Scenario big_post = scenario("mg-like.txt");
  const sim::Scenario exact_post = scenario("exact.txt");
  const sim::Scenario full_send = scenario("full-buffer.txt");
  // The first job of a machine also starts its runtime (on BCS-MPI, its first slice), and its Buffer Receivers
  // learn the rate into their nodes (the first 100,000 B is scheduled whole at the machine's bound and overruns
  // its slice, which the later jobs' chunks do not): two warm-up jobs first, so that the three compared jobs
  // start alike.
  const std::vector<Run> all =
      run_jobs(big_post, 2,
               {replay_main(exact_post, 2), replay_main(exact_post, 2), replay_main(big_post, 2),
                replay_main(exact_post, 2), replay_main(full_send, 2)});
  const std::vector<Run> runs(all.begin() + 1, all.end());
  MESSAGE(mpi << fmt::format(": posted 270,400 B {:.9f} ms, posted exactly {:.9f} ms, sent 270,400 B {:.9f} ms",
                             runs[1].makespan * 1e3, runs[2].makespan * 1e3, runs[3].makespan * 1e3));
  CHECK(runs[1].makespan == doctest::Approx(runs[2].makespan).epsilon(1e-9)); // the posted size moves nothing
  CHECK(runs[3].makespan > runs[1].makespan);                                 // the sent size does
  CHECK(runs[1].profile.at("MPI_Send").bytes == 2 * 101000u);
  CHECK(runs[3].profile.at("MPI_Send").bytes == 4 * 270400u);
  // How many slices each call took (call_slices.csv). On BCS-MPI each rank's 1000 B send, posted in one slice,
  // resumes at the start of the slice after the next (000 §3.1): it spans 2 strobes; its 100,000 B send is
  // chunked over two slices' transfer windows (002 §5.3.1 step 3) and spans 3. The waits find their receives
  // done. The baseline knows no slices: its calls span the same grid's boundaries by chance (the whole job takes
  // 0.76 ms, so at most 2).
  const auto& sends = runs[1].profile.at("MPI_Send").boundaries;
  for (const auto& [slices, calls] : sends)
    MESSAGE(mpi << ": " << calls << " MPI_Send spanning " << slices << " slice boundaries");
  std::uint64_t counted = 0;
  for (const auto& [slices, calls] : sends)
    counted += calls;
  CHECK(counted == 4);
  CHECK(runs[1].profile.at("MPI_Wait").boundaries == std::map<std::uint32_t, std::uint64_t>{{0, 4}});
  if (mpi == "bcs")
    CHECK(sends == std::map<std::uint32_t, std::uint64_t>{{2, 2}, {3, 2}});
  else
    CHECK(sends.rbegin()->first <= 2);
}

} // namespace

TEST_CASE("replay - a transfer carries the matching send's bytes, not the posted receive's - baseline")
{
  check_transfer_carries_send_bytes("quadrics");
}

TEST_CASE("replay - a transfer carries the matching send's bytes, not the posted receive's - BCS-MPI")
{
  check_transfer_carries_send_bytes("bcs");
}
