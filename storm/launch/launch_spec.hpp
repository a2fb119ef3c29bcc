#pragma once
// The constants of STORM's job launch (thesis ch. 4 §4.2.2-4.2.3, §4.3.1-4.3.2). Defaults and sources:
// storm::launch::launch_params() (params.cpp).
#include <cstdint>

namespace bcssim::storm::launch {

/// What else runs on the job's nodes during the launch (002 §4.3.1.2).
enum class Load { none, cpu, network };

struct LaunchSpec {
  std::uint64_t binary_bytes = 0;     // the program image sent to every node of the job but the management node
  std::uint64_t chunk_bytes = 0;      // the unit the pipeline reads, multicasts and writes
  unsigned slots = 2;                 // chunk buffers of each receiver's queue (flow control: "await space")
  double read_rate = 0;               // B/s: the file helper reading the RAM disk into a main-memory buffer
  double write_rate = 0;              // B/s: the file helper writing a received chunk to the local RAM disk
  double helper_rate = 0;             // B/s: the sender's helper servicing the multicast's TLB misses, per chunk byte
  double open_cost = 0;               // s: the helper opening the file, on the sender and on every receiver
  std::uint64_t descriptor_bytes = 0; // the file descriptor and the launch command, each one multicast
  double exec_cost = 0;     // s of a PE: fork, exec and exit of the do-nothing process, by its Program Launcher
  double tick = 0;          // s: the Machine Manager acts only at multiples of it
  double poll_interval = 0; // s between two global queries of a thread that waits for all nodes
  Load load = Load::none;
  double os_quantum = 0;                // s: the OS time slice a woken file helper waits out when every PE is busy
  std::uint64_t load_message_bytes = 0; // network load: each message of the pairwise ping-pong
};

/// s: the sender's own work on the binary, its reads and TLB servicing, serialized (a lower bound of its time).
inline double sender_seconds(const LaunchSpec& s)
{
  return double(s.binary_bytes) / s.read_rate + double(s.binary_bytes) / s.helper_rate;
}
/// s: one receiver's writes of the binary, serialized.
inline double receiver_write_seconds(const LaunchSpec& s) { return double(s.binary_bytes) / s.write_rate; }

} // namespace bcssim::storm::launch
