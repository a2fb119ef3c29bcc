#pragma once
// The production-MPI baseline (Quadrics MPI = MPICH over Elan Tports, DESIGN §5): each MPI call costs the host
// `host_overhead` of CPU time in the library, then hands the work to Tports on the NIC (models/elan3/tports).
// A blocked rank learns of a completion `host_wake` after it (the NIC's event write, the process polling).
// quadrics.host_stages = on_cpu, a coarser model for long workloads, runs the library time, the post and the
// wake-up as CPU time of the process instead of as stages of their own (docs/model.md).
#include "models/elan3/tports/tports.hpp"
#include "mpi/comm.hpp"
#include "mpi/quadrics/hardware_collectives.hpp"

#include <string>

namespace bcssim::mpi::quadrics {

/// How the host's stages of a point-to-point call are simulated (quadrics.host_stages).
enum class HostStages {
  separate, // the library's CPU time, the PIO post and its PCI transfer, and the wake-up after a completion
  on_cpu,   // coarser: all of them as CPU time of the process (the post at its idle-bus cost)
};

struct QuadricsSpec {
  double host_overhead = 0;       // s of CPU per call into the library (isend, irecv, probe, a collective)
  double combine_per_element = 0; // s of CPU per element combined in a reduction
  HostStages host_stages = HostStages::separate;
};

class QuadricsComm : public Comm {
public:
  /// `hardware` (may be null): the job's hardware barrier and broadcast, else MPICH's software algorithms.
  QuadricsComm(elan3::tports::Tports& tports, const elan3::HostInterface& host, HardwareCollectives* hardware, int rank,
               int size, QuadricsSpec spec, int context = 0);

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  bool test(const Request& request, Status* status = nullptr) override;
  void wait(const Request& request, Status* status = nullptr) override;
  bool iprobe(int src, int tag, Status* status = nullptr) override;
  void probe(int src, int tag, Status* status = nullptr) override;
  void barrier() override;
  void bcast(void* data, std::uint64_t bytes, int root) override;

protected:
  Request start_send(const void* data, std::uint64_t bytes, int dst, int tag, Plane plane) override;
  Request start_recv(void* data, std::uint64_t capacity, int src, int tag, Plane plane) override;
  void combine_cost(std::size_t count) override;
  void finalize() override { settle_owed(); }

private:
  int context(Plane plane) const { return 2 * context_ + (plane == Plane::collective ? 1 : 0); }
  void library_overhead();
  /// The host's work of a send or a receive, for Tports (quadrics.host_stages). With the stages separate the
  /// library time is spent here, before Tports runs the post; on_cpu hands it to Tports to run with the post.
  elan3::tports::HostWork host_work();
  /// Blocks until the request is complete and the host has seen it.
  void observe(const Request& request);

  elan3::tports::Tports& tports_;
  const elan3::HostInterface& host_;
  int rank_;
  int size_;
  QuadricsSpec spec_;
  int context_;
  HardwareCollectives* hardware_;
  std::int64_t hardware_calls_ = 0;     // collectives this rank has run on the hardware
  simgrid::s4u::SemaphorePtr arrivals_; // released when a message is left unexpected for this rank
};

} // namespace bcssim::mpi::quadrics
