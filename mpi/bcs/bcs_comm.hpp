#pragma once
// MPI on BCS-MPI (000 Table 4.2): every mpi::Comm call maps onto the BCS API of bcs/api. Point-to-point:
// Send/Isend -> bcs_send (blocking / not), Recv/Irecv -> bcs_recv, Probe/Iprobe -> bcs_probe, Test/Wait ->
// bcs_test (non-blocking / blocking), Testall/Waitall -> bcs_testall; Barrier -> bcs_barrier, Bcast ->
// bcs_bcast, Reduce / Allreduce -> bcs_reduce (on the NICs), Scatter -> bcs_scatter, Gather(v) -> bcs_gather,
// Allgather(v) -> bcs_allgather, Alltoall(v) -> bcs_alltoall (non-vectorial / vectorial).
#include "bcs/api/process.hpp"
#include "bcs/mds/mmds.hpp"
#include "mpi/comm.hpp"

namespace bcssim::mpi::bcs_mpi {

class BcsComm : public Comm {
public:
  BcsComm(bcssim::bcs::runtime::Runtime& runtime, int job, int rank, std::vector<unsigned> node_of);

  int rank() const override { return process_.rank(); }
  int size() const override { return size_; }
  bool test(const Request& request, Status* status = nullptr) override;
  void wait(const Request& request, Status* status = nullptr) override;
  bool iprobe(int src, int tag, Status* status = nullptr) override;
  void probe(int src, int tag, Status* status = nullptr) override;
  void init() override;
  void finalize() override;
  /// This process's MMDS (000 §5.1); empty unless bcs.mds.mmds.
  const bcssim::bcs::mds::Mmds& mmds() const { return mmds_; }
  void barrier() override;
  void bcast(void* data, std::uint64_t bytes, int root) override;
  void reduce(const void* send, void* recv, std::size_t count, Datatype type, Op op, int root) override;
  void allreduce(const void* send, void* recv, std::size_t count, Datatype type, Op op) override;
  void scatter(const void* send, void* recv, std::uint64_t bytes, int root) override;
  void scatterv(const void* send, const Counts& counts, const Counts& displs, void* recv, std::uint64_t bytes,
                int root) override;
  void gatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs,
               int root) override;
  void allgatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts,
                  const Counts& displs) override;
  void alltoallv(const void* send, const Counts& send_counts, const Counts& send_displs, void* recv,
                 const Counts& recv_counts, const Counts& recv_displs) override;

protected:
  void computing(double earliest_end) override { process_.runtime().computing(process_.job(), rank(), earliest_end); }
  void computed() override { process_.runtime().computed(process_.job(), rank()); }
  Request start_send(const void* data, std::uint64_t bytes, int dst, int tag, Plane plane) override;
  Request start_recv(void* data, std::uint64_t capacity, int src, int tag, Plane plane) override;

private:
  static int context(Plane plane) { return plane == Plane::collective ? 1 : 0; }
  static bcssim::bcs::runtime::Combine combiner(std::size_t count, Datatype type, Op op);

  bcssim::bcs::api::Process process_;
  int size_;
  bcssim::bcs::mds::Mmds mmds_;
};

} // namespace bcssim::mpi::bcs_mpi
