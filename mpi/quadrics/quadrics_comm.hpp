#pragma once
// The production-MPI baseline (Quadrics MPI = MPICH over Elan Tports, DESIGN §5): each MPI call costs the host
// `host_overhead` of CPU time in the library, then hands the work to Tports on the NIC (models/elan3/tports).
// A blocked rank learns of a completion `host_wake` after it (the NIC's event write, the process polling).
#include "models/elan3/tports/tports.hpp"
#include "mpi/comm.hpp"

#include <string>

namespace bcssim::mpi::quadrics {

struct QuadricsSpec {
  double host_overhead = 0; // s of CPU per call into the library (isend, irecv, probe)
};

class QuadricsComm : public Comm {
public:
  QuadricsComm(elan3::tports::Tports& tports, const elan3::HostInterface& host, int rank, int size,
               QuadricsSpec spec, int context = 0);

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  Request isend(const void* data, std::uint64_t bytes, int dst, int tag) override;
  Request irecv(void* data, std::uint64_t capacity, int src, int tag) override;
  bool test(const Request& request, Status* status = nullptr) override;
  void wait(const Request& request, Status* status = nullptr) override;
  bool iprobe(int src, int tag, Status* status = nullptr) override;
  void probe(int src, int tag, Status* status = nullptr) override;
  void send(const void* data, std::uint64_t bytes, int dst, int tag) override;
  void recv(void* data, std::uint64_t capacity, int src, int tag, Status* status = nullptr) override;
  void compute(double seconds) override;
  void compute_flops(double flops) override;
  std::string current_call() const override { return call_; }

private:
  void check_peer(int peer, bool wildcard_ok, const char* what) const;
  void library_overhead() const;
  /// Blocks until the request is complete and the host has seen it.
  void observe(const Request& request);

  elan3::tports::Tports& tports_;
  const elan3::HostInterface& host_;
  int rank_;
  int size_;
  QuadricsSpec spec_;
  int context_;
  std::string call_;
  simgrid::s4u::SemaphorePtr arrivals_; // released when a message is left unexpected for this rank
};

} // namespace bcssim::mpi::quadrics
