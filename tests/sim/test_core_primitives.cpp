// Semantics of the BCS core primitives (002 §3.4) on both implementations, in simulated time: atomicity of
// Xfer-And-Signal under a network error, overlapping Compare-And-Writes, remote events firing once per put,
// Test-Event, the software fallback for non-contiguous sets, the LogP cost of the software tree, and a
// multicast costing O(1) simulation events whatever its size, and simultaneous multicasts served by explicit key.
#include "base/event_stream.hpp"
#include "sim/machine/world.hpp"
#include "world_harness.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace bcssim;
using bcs::core::CompareAndWrite;
using bcs::core::NodeSet;
using bcs::core::XferAndSignal;
using test::now;
namespace sg4 = simgrid::s4u;
using nlohmann::json;

namespace {
sim::Scenario scenario(json user, std::vector<std::string> sets = {})
{
  user["microbench"]["collectives"] = false;
  return sim::Scenario::resolve(std::move(user), sets);
}

struct CountingSink : base::EventSink {
  std::vector<std::string> what;
  void record(const base::Event& e) override { what.emplace_back(e.what); }
  std::size_t count(const std::string& w) const { return std::size_t(std::count(what.begin(), what.end(), w)); }
};
} // namespace

namespace {
// A 1 MiB software-tree broadcast from node 0 to its 3 children on a named LogGP network: the source's event
// fires when the last child has the data, 3g + 3(k-1)G + 2o + L after the post (the children are sent to one
// after the other over the source's one link). No more than the line rate 1 / G leaves the source.
void check_line_rate(const char* network, double o, double g, double L, double G)
{
  sim::World w(scenario({{"bcs", {{"core", {{"software_tree", {{"network", network}}}}}}}},
                        {"platform.nic.cycles.descriptor=0", "platform.nic.cycles.event=0"}));
  const double bytes = 1 << 20;
  const elan3::EventId done = w.memory().new_event();
  double took = -1;
  sg4::Actor::create("root", w.platform().nic(0), [&] {
    XferAndSignal x;
    x.src = 0;
    x.dst = NodeSet::range(1, 3);
    x.bytes = 1 << 20;
    x.local_event = done;
    const double start = now();
    w.software_tree().xfer_and_signal(x);
    w.memory().event(0, done).wait();
    took = now() - start;
  });
  w.engine().run();
  CHECK(took == doctest::Approx(3 * g + 3 * (bytes - 1) * G + 2 * o + L).epsilon(1e-9));
  CHECK(3 * bytes / took <= 1 / G); // three copies left the source's link, at most at its line rate
}
} // namespace

TEST_CASE("software tree on GigE: no faster than its 1 Gb/s line") { check_line_rate("gige", 3e-6, 6e-6, 25e-6, 8e-9); }

TEST_CASE("software tree on Myrinet-2000: no faster than its 2 Gb/s line")
{
  check_line_rate("myrinet", 2e-6, 3.2e-6, 8e-6, 4e-9);
}

TEST_CASE("software tree on InfiniBand 4x: no faster than its 8 Gb/s of data")
{
  check_line_rate("infiniband", 2e-6, 4e-6, 6e-6, 1e-9);
}

TEST_CASE("software tree broadcast over a balanced 4-ary tree of 16 leaves takes 8g + 4o + 2L")
{
  // MRNet 004 §2.6 with o = 1 us, g = 3 us, L = 10 us; thread costs zero so only the tree's LogP costs count.
  sim::World w(scenario(
      {{"bcs",
        {{"core",
          {{"software_tree", {{"network", "logp"}, {"overhead", "1us"}, {"gap", "3us"}, {"latency", "10us"}}}}}}}},
      {"platform.nic.cycles.descriptor=0", "platform.nic.cycles.event=0"}));
  const elan3::EventId arrived = w.memory().new_event();
  std::vector<double> at(21, -1);
  sg4::Actor::create("root", w.platform().nic(0), [&] {
    XferAndSignal x;
    x.src = 0;
    x.dst = NodeSet::range(1, 20); // root + 4 inner nodes + 16 leaves, heap layout
    x.remote_event = arrived;
    w.software_tree().xfer_and_signal(x);
  });
  for (unsigned n = 1; n <= 20; ++n)
    sg4::Actor::create("wait", w.platform().nic(n), [&, n] {
      w.memory().event(n, arrived).wait();
      at[n] = now();
    });
  w.engine().run();
  const double o = 1e-6, g = 3e-6, L = 10e-6;
  CHECK(at[4] == doctest::Approx(4 * g + 2 * o + L).epsilon(1e-9));             // last inner node
  CHECK(at[20] == doctest::Approx(8 * g + 4 * o + 2 * L).epsilon(1e-9));        // last leaf: the whole broadcast
  CHECK(at[5] == doctest::Approx(at[4] - 3 * g + g + 2 * o + L).epsilon(1e-9)); // node 1's first child
}

TEST_CASE("hardware Xfer-And-Signal is atomic - a network error delivers to no node and the resend to all")
{
  CountingSink sink;
  base::set_event_sink(&sink);
  sim::World w(scenario({{"platform", {{"qsnet", {{"faults", {{"multicast", {1}}}}}}}}}));
  const elan3::EventId arrived = w.memory().new_event();
  const elan3::WordId word = w.memory().new_word(0);
  bool torn = false;
  double done = -1;
  sg4::Actor::create("src", w.platform().nic(0), [&] {
    XferAndSignal x;
    x.src = 0;
    x.dst = NodeSet::range(1, 31);
    x.bytes = 65536;
    x.remote_event = arrived;
    x.deliver = [&](unsigned node) { w.memory().word(node, word) = 42; };
    w.qsnet_hw().xfer_and_signal(x);
  });
  sg4::Actor::create("observer", w.platform().nic(0), [&] {
    while (done < 0) { // every 50 ns: all or none of the nodes have the data
      unsigned have = 0;
      for (unsigned n = 1; n <= 31; ++n)
        have += w.memory().word(n, word) == 42;
      torn = torn || (have != 0 && have != 31);
      if (have == 31)
        done = now();
      sg4::this_actor::sleep_for(50e-9);
    }
  });
  w.engine().run();
  base::set_event_sink(nullptr);
  CHECK_FALSE(torn);
  CHECK(sink.count("mcast.error") == 1);
  CHECK(sink.count("xfer.retry") == 1);
  CHECK(sink.count("mcast.done") == 1);
  for (unsigned n = 1; n <= 31; ++n) {
    CAPTURE(n);
    CHECK(w.memory().event(n, arrived).fired() == 1);
  }
  // Two full multicasts: the failed one occupied the tree as long as the good one.
  CHECK(done > 2 * 65536 / 340e6);
}

TEST_CASE("a remote event fires exactly once per put - unicast and multicast")
{
  sim::World w(scenario({}));
  const elan3::EventId e = w.memory().new_event();
  sg4::Actor::create("src", w.platform().nic(0), [&] {
    for (int i = 0; i < 5; ++i) {
      XferAndSignal x;
      x.src = 0;
      x.dst = NodeSet::of({1});
      x.bytes = 1024;
      x.remote_event = e;
      w.qsnet_hw().xfer_and_signal(x);
    }
    for (int i = 0; i < 3; ++i) {
      XferAndSignal x;
      x.src = 0;
      x.dst = NodeSet::range(2, 9);
      x.remote_event = e;
      w.qsnet_hw().xfer_and_signal(x);
    }
  });
  w.engine().run();
  CHECK(w.memory().event(1, e).fired() == 5);
  CHECK(w.memory().event(1, e).pending() == 5);
  for (unsigned n = 2; n <= 9; ++n)
    CHECK(w.memory().event(n, e).fired() == 3);
  CHECK(w.memory().event(0, e).fired() == 0);
  CHECK(w.memory().event(10, e).fired() == 0);
}

TEST_CASE("Test-Event polls without blocking and blocks until the event fires")
{
  sim::World w(scenario({}));
  const elan3::EventId e = w.memory().new_event();
  bool first_poll = true, later_poll = false;
  double woke = -1, put_done = -1;
  sg4::Actor::create("src", w.platform().nic(0), [&] {
    sg4::this_actor::sleep_for(10e-6);
    XferAndSignal x;
    x.src = 0;
    x.dst = NodeSet::of({1});
    x.remote_event = e;
    x.deliver = [&](unsigned) { put_done = now(); };
    w.qsnet_hw().xfer_and_signal(x);
  });
  sg4::Actor::create("dst", w.platform().nic(1), [&] {
    first_poll = w.qsnet_hw().test_event(1, e, false);
    w.qsnet_hw().test_event(1, e, true);
    woke = now();
    later_poll = w.qsnet_hw().test_event(1, e, false); // consumed by the blocking test
  });
  w.engine().run();
  CHECK_FALSE(first_poll);
  CHECK_FALSE(later_poll);
  CHECK(woke > 10e-6);
  CHECK(woke == doctest::Approx(put_done).epsilon(1e-9));
}

namespace {
void check_overlapping_writes(const std::string& impl)
{
  sim::World w(scenario({}));
  const elan3::WordId word = w.memory().new_word(0);
  const std::vector<unsigned> callers = {0, 5, 9, 30};
  for (unsigned i = 0; i < callers.size(); ++i)
    sg4::Actor::create("caw", w.platform().nic(callers[i]), [&w, &impl, word, caller = callers[i], i] {
      CompareAndWrite c;
      c.src = caller;
      c.nodes = NodeSet::range(0, 31);
      c.word = word;
      c.op = bcs::core::Compare::ge;
      c.value = 0;
      c.write_word = word;
      c.write_value = 100 + i;
      CHECK(w.primitives(impl).compare_and_write(c));
    });
  w.engine().run();
  const std::int64_t v = w.memory().word(0, word);
  CHECK(v >= 100);
  for (unsigned n = 0; n < 32; ++n) {
    CAPTURE(n);
    CHECK(w.memory().word(n, word) == v);
  }
}
} // namespace

TEST_CASE("overlapping Compare-And-Writes leave every node with the same value - qsnet_hw")
{
  check_overlapping_writes("qsnet_hw");
}

TEST_CASE("overlapping Compare-And-Writes leave every node with the same value - software_tree")
{
  check_overlapping_writes("software_tree");
}

TEST_CASE("Compare-And-Write compares with each operator and writes only when true on all nodes")
{
  sim::World w(scenario({}));
  const elan3::WordId x = w.memory().new_word(5);
  const elan3::WordId out = w.memory().new_word(0);
  w.memory().word(7, x) = 9; // one node differs
  std::vector<int> answers;
  sg4::Actor::create("caw", w.platform().nic(0), [&] {
    for (const char* impl : {"qsnet_hw", "software_tree"})
      for (auto [op, value] : std::vector<std::pair<bcs::core::Compare, int>>{{bcs::core::Compare::ge, 5},
                                                                              {bcs::core::Compare::lt, 9},
                                                                              {bcs::core::Compare::eq, 5},
                                                                              {bcs::core::Compare::ne, 7}}) {
        CompareAndWrite c;
        c.src = 0;
        c.nodes = NodeSet::range(0, 15);
        c.word = x;
        c.op = op;
        c.value = value;
        c.write_word = out;
        c.write_value = int(answers.size()) + 1;
        answers.push_back(w.primitives(impl).compare_and_write(c));
      }
  });
  w.engine().run();
  CHECK(answers == std::vector<int>{1, 0, 0, 1, 1, 0, 0, 1});
  for (unsigned n = 0; n < 16; ++n)
    CHECK(w.memory().word(n, out) == 8); // the last true one wrote 8; false ones wrote nothing
  CHECK(w.memory().word(16, out) == 0);  // outside the set
}

TEST_CASE("qsnet_hw falls back to the software tree for a non-contiguous set")
{
  CountingSink sink;
  base::set_event_sink(&sink);
  sim::World w(scenario({}));
  const elan3::WordId word = w.memory().new_word(0);
  sg4::Actor::create("src", w.platform().nic(0), [&] {
    XferAndSignal x;
    x.src = 0;
    x.dst = NodeSet::of({3, 1, 17, 5});
    x.deliver = [&](unsigned node) { w.memory().word(node, word) = 1; };
    w.qsnet_hw().xfer_and_signal(x);
  });
  w.engine().run();
  base::set_event_sink(nullptr);
  CHECK(sink.count("xfer.tree") == 1);
  CHECK(sink.count("mcast.start") == 0);
  for (unsigned n = 0; n < 32; ++n)
    CHECK(w.memory().word(n, word) == (n == 1 || n == 3 || n == 5 || n == 17 ? 1 : 0));
}

TEST_CASE("a hardware multicast to 4095 nodes is a handful of simulation events")
{
  CountingSink sink;
  base::set_event_sink(&sink);
  sim::World w(scenario({{"platform", {{"preset", "asci-q"}, {"nodes", 4096}}}}));
  const elan3::EventId e = w.memory().new_event();
  sg4::Actor::create("src", w.platform().nic(0), [&] {
    XferAndSignal x;
    x.src = 0;
    x.dst = NodeSet::range(1, 4095);
    x.bytes = 1 << 20;
    x.remote_event = e;
    w.qsnet_hw().xfer_and_signal(x);
  });
  w.engine().run();
  base::set_event_sink(nullptr);
  CHECK(sink.what.size() <= 4); // dma.mcast, mcast.start, mcast.done
  CHECK(w.memory().event(4095, e).fired() == 1);
}

TEST_CASE("a multicast shares the links of its tree with unicast traffic")
{
  sim::World w(scenario({{"platform", {{"preset", "asci-q"}, {"nodes", 64}}}}));
  // Durations of a 1 MiB multicast from node 0 to [1, 15] and of a 1 MiB put a -> b, started together; one after
  // the other in one simulation (one engine per process).
  auto together = [&w](bool multicast, bool put, unsigned a, unsigned b) {
    const double start = now();
    double m = -1, u = -1;
    std::vector<sg4::ActorPtr> actors;
    if (multicast)
      actors.push_back(sg4::Actor::create("mcast", w.platform().nic(0), [&] {
        w.dma().multicast({0, elan3::Memory::elan}, 1, 15, elan3::Memory::elan, 1 << 20);
        m = now() - start;
      }));
    if (put)
      actors.push_back(sg4::Actor::create("put", w.platform().nic(a), [&, a, b] {
        w.dma().put({a, elan3::Memory::elan}, {b, elan3::Memory::elan}, 1 << 20);
        u = now() - start;
      }));
    for (auto& actor : actors)
      actor->join();
    return std::make_pair(m, u);
  };
  double multicast_alone = 0, put_alone = 0, far_alone = 0;
  std::pair<double, double> shared, disjoint;
  sg4::Actor::create("driver", w.platform().nic(63), [&] {
    multicast_alone = together(true, false, 0, 0).first;
    put_alone = together(false, true, 20, 5).second;
    far_alone = together(false, true, 40, 60).second;
    shared = together(true, true, 20, 5);    // enters node 5's leaf cable, which the multicast descends too
    disjoint = together(true, true, 40, 60); // shares no link with the tree of [1, 15]
  });
  w.engine().run();
  CHECK(shared.first > 1.5 * multicast_alone);
  CHECK(shared.second > 1.5 * put_alone);
  CHECK(disjoint.first == doctest::Approx(multicast_alone).epsilon(1e-9));
  CHECK(disjoint.second == doctest::Approx(far_alone).epsilon(1e-9));
}

TEST_CASE("bcs.core.impl selects the implementation the runtime gets")
{
  sim::World w(scenario({{"bcs", {{"core", {{"impl", "software_tree"}}}}}}));
  CHECK(w.primitives().name() == "software_tree");
  CHECK_FALSE(w.primitives().hardware_collectives());
  CHECK(w.primitives("qsnet_hw").hardware_collectives());
}

TEST_CASE("multicasts posted from one NIC at one instant are served by poster, not by the order actors ran")
{
  sim::World w(scenario({{"platform", {{"preset", "asci-q"}, {"nodes", 16}}}}));
  std::vector<std::string> served; // each multicast's poster, in delivery order at node 15
  auto post = [&w, &served](const std::string& name) {
    sg4::Actor::create(name, w.platform().nic(0), [&w, &served, name] {
      XferAndSignal x;
      x.src = 0;
      x.dst = NodeSet::range(1, 15);
      x.bytes = 4096;
      x.deliver = [&served, name](unsigned node) {
        if (node == 15)
          served.push_back(name);
      };
      w.qsnet_hw().xfer_and_signal(x);
    });
  };
  sg4::Actor::create("driver", w.platform().nic(15), [&] {
    post("beta"); // created first: SimGrid runs it first
    post("alpha");
    sg4::this_actor::sleep_for(1e-3);
    post("alpha");
    post("beta");
  });
  w.engine().run();
  // The channel serves one at a time; "alpha" < "beta" both times, whichever actor ran first.
  CHECK(served == std::vector<std::string>{"alpha", "beta", "alpha", "beta"});
}
