#pragma once
// Elite link timing and the ack-limited bandwidth model (thesis §4.3.2.2, DESIGN §3). A packet carries at most
// `packet_payload` bytes and packet i waits for the ack of packet i-1, so a flow moves one packet per round
// trip: BW = ack_bandwidth·T_packet / max(T_packet, RTT), RTT = T_base + 2·L·T_cable + S·T_switch, L the cable
// length of the route (metres, one way) and S the switches crossed.
//
// On the SimGrid platform the same law comes from a per-route FATPIPE "window" link of bandwidth
// window / (2·route latency): the window is ack_bandwidth·T_packet bytes and the route latency is RTT/2
// (platform.cpp assigns it link by link). Below the ack limit a flow runs at the links' payload rate, link_bandwidth·payload/(payload+overhead).
namespace bcssim::qsnet {

struct LinkTiming {
  double link_bandwidth;  // B/s, Elite nominal, per direction
  double packet_payload;  // B of data per packet
  double packet_overhead; // B of header, CRC and routing per packet
  double t_packet;        // s, time to inject one full packet (the model's T_packet)
  double t_base;          // s, fixed part of the ack round trip
  double t_cable;         // s per metre of cable, counted twice per round trip
  double t_switch;        // s per Elite switch crossed, per round trip
  double ack_bandwidth;   // B/s, the model's asymptotic rate when the ack is not limiting
};

/// Data rate of a link once packet overhead is paid.
inline double payload_bandwidth(const LinkTiming& t)
{
  return t.link_bandwidth * t.packet_payload / (t.packet_payload + t.packet_overhead);
}

/// Round trip of a packet and its ack over cable_m metres (one way) and `switches` switches.
inline double ack_round_trip(const LinkTiming& t, double cable_m, unsigned switches)
{
  return t.t_base + 2.0 * cable_m * t.t_cable + switches * t.t_switch;
}

/// Bytes a flow may have unacknowledged: the model's one outstanding packet.
inline double ack_window(const LinkTiming& t) { return t.ack_bandwidth * t.t_packet; }

/// The thesis formula, as published.
inline double thesis_bandwidth(const LinkTiming& t, double cable_m, unsigned switches)
{
  const double rtt = ack_round_trip(t, cable_m, switches);
  return t.ack_bandwidth * t.t_packet / (rtt > t.t_packet ? rtt : t.t_packet);
}

/// What the platform delivers between two NICs: the window bound, capped by the payload rate.
inline double platform_bandwidth(const LinkTiming& t, double cable_m, unsigned switches)
{
  const double bound = ack_window(t) / ack_round_trip(t, cable_m, switches);
  const double cap = payload_bandwidth(t);
  return bound < cap ? bound : cap;
}

} // namespace bcssim::qsnet
