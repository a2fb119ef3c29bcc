#pragma once
// mpi::Comm: the one interface every application uses (MPI-1 semantics; 000 Table 4.2 lists the calls BCS-MPI
// maps). One Comm per rank, used only by that rank's actor. Payloads are optional: with a data pointer real
// bytes travel (tests check what arrives), with nullptr only the size does (skeletons). Backends: mpi/quadrics
// (the production-MPI baseline) and, later, mpi/bcs.
//
// Issue 6 in progress: point-to-point, probe, test/wait and compute are here; the collectives follow.
#include "base/envelope.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bcssim::mpi {

using base::ANY_SOURCE;
using base::ANY_TAG;

struct Status {
  int source = -1;
  int tag = -1;
  std::uint64_t bytes = 0;
};

/// A non-blocking operation in flight. Backends complete it from the simulated NIC; the rank waits on it.
class RequestState {
public:
  bool done() const { return done_; }
  const Status& status() const { return status_; }
  double completed_at() const { return completed_at_; }
  /// Called by the backend when the operation is complete (at the current simulated time).
  void complete(const Status& status);
  /// Blocks the calling actor until complete() has been called.
  void block();

private:
  bool done_ = false;
  Status status_;
  double completed_at_ = 0;
  simgrid::s4u::SemaphorePtr waiter_;
};
using Request = std::shared_ptr<RequestState>;

class Comm {
public:
  virtual ~Comm() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;

  virtual Request isend(const void* data, std::uint64_t bytes, int dst, int tag) = 0;
  virtual Request irecv(void* data, std::uint64_t capacity, int src, int tag) = 0;
  virtual bool test(const Request& request, Status* status = nullptr) = 0;
  virtual void wait(const Request& request, Status* status = nullptr) = 0;
  virtual bool iprobe(int src, int tag, Status* status = nullptr) = 0;
  virtual void probe(int src, int tag, Status* status = nullptr) = 0;

  virtual void send(const void* data, std::uint64_t bytes, int dst, int tag);
  virtual void recv(void* data, std::uint64_t capacity, int src, int tag, Status* status = nullptr);
  virtual bool testall(const std::vector<Request>& requests);
  virtual void waitall(const std::vector<Request>& requests);

  /// The rank computes for `seconds` of CPU time, or `flops` at its PE's speed.
  virtual void compute(double seconds) = 0;
  virtual void compute_flops(double flops) = 0;

  /// The call the rank is blocked in, e.g. "MPI_Recv(source=3, tag=7)"; empty when it is not in one. Used to
  /// report deadlocks.
  virtual std::string current_call() const = 0;
};

} // namespace bcssim::mpi
