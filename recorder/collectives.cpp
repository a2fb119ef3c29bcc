// The collectives of MPI_COMM_WORLD (or a duplicate of it), recorded as the trace format's actions: sizes in bytes
// (the default datatype, MPI_BYTE), a reduction's operator as 0 flops (its computation happens inside the call,
// which the replay models), counts that MPI leaves insignificant on a rank (a non-root's receive counts) as 0,
// and an in-place buffer's size as SMPI's tracer writes it (docs/trace-format.md, "Collectives").
#include "recorder/recording.hpp"

#include <string>

using bcssim::recorder::Call;
using bcssim::recorder::Recording;

namespace {
Recording& rec() { return Recording::get(); }

unsigned long long bytes(int count, MPI_Datatype type)
{
  return static_cast<unsigned long long>(Recording::bytes(count, type));
}

int size()
{
  int n = 0;
  PMPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}

// " c0 c1 ...": one size per rank, in bytes (zeros where MPI does not read them).
std::string per_rank(const int* counts, MPI_Datatype type, bool significant)
{
  std::string out;
  for (int i = 0, n = size(); i < n; ++i)
    out += " " + std::to_string(significant ? bytes(counts[i], type) : 0ULL);
  return out;
}
} // namespace

extern "C" {

int MPI_Barrier(MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Barrier(comm);
  if (c.on() && rec().world(comm, "MPI_Barrier"))
    rec().line("barrier");
  return err;
}

int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Bcast(buf, count, type, root, comm);
  if (c.on() && rec().world(comm, "MPI_Bcast"))
    rec().line("bcast %llu %d", bytes(count, type), root);
  return err;
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  if (c.on() && rec().world(comm, "MPI_Reduce"))
    rec().line("reduce %llu 0 %d", bytes(count, type), root);
  return err;
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  if (c.on() && rec().world(comm, "MPI_Allreduce"))
    rec().line("allreduce %llu 0", bytes(count, type));
  return err;
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Scan(sendbuf, recvbuf, count, type, op, comm);
  if (c.on() && rec().world(comm, "MPI_Scan"))
    rec().line("scan %llu 0", bytes(count, type));
  return err;
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
  if (c.on() && rec().world(comm, "MPI_Exscan"))
    rec().line("exscan %llu 0", bytes(count, type));
  return err;
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  if (c.on() && rec().world(comm, "MPI_Reduce_scatter"))
    rec().line("reducescatter%s 0", per_rank(recvcounts, type, true).c_str());
  return err;
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
  if (c.on() && rec().world(comm, "MPI_Reduce_scatter_block")) {
    std::string counts;
    for (int i = 0, n = size(); i < n; ++i)
      counts += " " + std::to_string(bytes(recvcount, type));
    rec().line("reducescatter%s 0", counts.c_str());
  }
  return err;
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (c.on() && rec().world(comm, "MPI_Gather")) {
    const bool is_root = rec().rank() == root;
    const unsigned long long sent = sendbuf == MPI_IN_PLACE ? 0 : bytes(sendcount, sendtype);
    rec().line("gather %llu %llu %d", sent, is_root ? bytes(recvcount, recvtype) : sent, root);
  }
  return err;
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (c.on() && rec().world(comm, "MPI_Scatter")) {
    const bool is_root = rec().rank() == root;
    const unsigned long long sent = is_root ? bytes(sendcount, sendtype) : 0;
    const unsigned long long received = recvbuf == MPI_IN_PLACE ? sent : bytes(recvcount, recvtype);
    rec().line("scatter %llu %llu %d", is_root ? sent : received, received, root);
  }
  return err;
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (c.on() && rec().world(comm, "MPI_Allgather")) {
    const unsigned long long received = bytes(recvcount, recvtype);
    rec().line("allgather %llu %llu", sendbuf == MPI_IN_PLACE ? received : bytes(sendcount, sendtype), received);
  }
  return err;
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  if (c.on() && rec().world(comm, "MPI_Alltoall")) {
    const unsigned long long received = bytes(recvcount, recvtype);
    rec().line("alltoall %llu %llu", sendbuf == MPI_IN_PLACE ? received : bytes(sendcount, sendtype), received);
  }
  return err;
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
  if (c.on() && rec().world(comm, "MPI_Gatherv")) {
    const bool is_root = rec().rank() == root;
    rec().line("gatherv %llu%s %d", sendbuf == MPI_IN_PLACE ? 0ULL : bytes(sendcount, sendtype),
               per_rank(recvcounts, recvtype, is_root).c_str(), root);
  }
  return err;
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
  if (c.on() && rec().world(comm, "MPI_Scatterv")) {
    const bool is_root = rec().rank() == root;
    const unsigned long long received =
        recvbuf == MPI_IN_PLACE ? bytes(sendcounts[rec().rank()], sendtype) : bytes(recvcount, recvtype);
    rec().line("scatterv%s %llu %d", per_rank(sendcounts, sendtype, is_root).c_str(), received, root);
  }
  return err;
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
  if (c.on() && rec().world(comm, "MPI_Allgatherv")) {
    const unsigned long long sent =
        sendbuf == MPI_IN_PLACE ? bytes(recvcounts[rec().rank()], recvtype) : bytes(sendcount, sendtype);
    rec().line("allgatherv %llu%s", sent, per_rank(recvcounts, recvtype, true).c_str());
  }
  return err;
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
  const Call c;
  const int err = PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
  if (c.on() && rec().world(comm, "MPI_Alltoallv")) {
    // The buffers' sizes (the format's first count of each side) are the sums of their blocks.
    const bool in_place = sendbuf == MPI_IN_PLACE;
    const int* sent_counts = in_place ? recvcounts : sendcounts;
    const MPI_Datatype sent_type = in_place ? recvtype : sendtype;
    unsigned long long send_total = 0;
    unsigned long long recv_total = 0;
    for (int i = 0, n = size(); i < n; ++i) {
      send_total += bytes(sent_counts[i], sent_type);
      recv_total += bytes(recvcounts[i], recvtype);
    }
    rec().line("alltoallv %llu%s %llu%s", send_total, per_rank(sent_counts, sent_type, true).c_str(), recv_total,
               per_rank(recvcounts, recvtype, true).c_str());
  }
  return err;
}

} // extern "C"
