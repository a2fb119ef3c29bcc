// The thesis's analytic launch model (002 §4.3.2.2, Eqs. 4.4-4.9) as sim/kinds/launch/launch_model computes it,
// on the platform's default link timing (Table 4.2).
#include "sim/kinds/launch/launch_model.hpp"

#include <doctest/doctest.h>

using namespace bcssim;

namespace {
qsnet::LinkTiming table_4_2()
{
  qsnet::LinkTiming t{};
  t.link_bandwidth = 400e6;
  t.packet_payload = 320;
  t.packet_overhead = 0;
  t.t_packet = 953e-9;
  t.t_base = 580e-9;
  t.t_cable = 3.94e-9;
  t.t_switch = 73e-9;
  t.ack_bandwidth = 320 / 953e-9;
  return t;
}
} // namespace

TEST_CASE("launch model: Eqs. 4.4 and 4.5 - diameter and switches of a quaternary fat tree")
{
  CHECK(sim::model_diameter(16384) == doctest::Approx(181.019336));
  CHECK(sim::model_diameter(64) == doctest::Approx(11.3137085));
  CHECK(sim::model_switches(1) == 0);
  CHECK(sim::model_switches(2) == 1);
  CHECK(sim::model_switches(4) == 1);
  CHECK(sim::model_switches(5) == 3);
  CHECK(sim::model_switches(64) == 5);
  CHECK(sim::model_switches(4096) == 11); // Table 4.3's rows
  CHECK(sim::model_switches(16384) == 13);
}

TEST_CASE("launch model: Eq. 4.7 with the ES40 bound (4.8) and without it (4.9)")
{
  const qsnet::LinkTiming t = table_4_2();
  // 16,384 nodes: RTT = 580 + 2 x 181.02 x 3.94 + 13 x 73 = 3005.4 ns, so 320 B per 3005.4 ns = 106.5 MB/s.
  const double bw = sim::model_broadcast_bandwidth(t, 16384);
  CHECK(bw == doctest::Approx(320.0 / (580 + 2 * 181.019336 * 3.94 + 13 * 73) * 1e3 * 1e6).epsilon(1e-9));
  const sim::ModelLaunch m = sim::model_launch(t, 16384, 12000000, 0.010, 0.001);
  CHECK(m.es40 == doctest::Approx(12e6 / bw + 0.012)); // below 131 MB/s both models agree (§4.3.2.2)
  CHECK(m.ideal == doctest::Approx(m.es40));
  // 64 nodes: the network allows more than the ES40's bus, so 131 MB/s bounds the ES40 model.
  const sim::ModelLaunch w = sim::model_launch(t, 64, 12000000, 0.010, 0.001);
  CHECK(w.es40 == doctest::Approx(12e6 / 131e6 + 0.012));
  CHECK(w.ideal < w.es40);
  // One node: nothing to send.
  CHECK(sim::model_launch(t, 1, 12000000, 0.010, 0.001).es40 == doctest::Approx(0.012));
}
