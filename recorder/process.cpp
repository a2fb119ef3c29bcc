// The recording's start and end, and the calls it sees but cannot record: each runs as the program asked, is
// counted, and `bcssim record` reports the counts (refusing the trace unless told to leave them out).
#include "recorder/recording.hpp"

using bcssim::recorder::Recording;

namespace {
Recording& rec() { return Recording::get(); }

int unsupported(const char* what, int err)
{
  if (rec().on())
    rec().unsupported(what);
  return err;
}
} // namespace

extern "C" {

int MPI_Init(int* argc, char*** argv)
{
  const int err = PMPI_Init(argc, argv);
  rec().start(MPI_THREAD_SINGLE);
  return err;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
  const int err = PMPI_Init_thread(argc, argv, required, provided);
  rec().start(*provided);
  return err;
}

int MPI_Finalize()
{
  rec().finish();
  return PMPI_Finalize();
}

// Non-blocking collectives: the format has none (docs/trace-format.md, "Not replayable").
int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request)
{
  return unsupported("MPI_Ibarrier", PMPI_Ibarrier(comm, request));
}
int MPI_Ibcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* request)
{
  return unsupported("MPI_Ibcast", PMPI_Ibcast(buf, count, type, root, comm, request));
}
int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request* request)
{
  return unsupported("MPI_Ireduce", PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request));
}
int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request* request)
{
  return unsupported("MPI_Iallreduce", PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request));
}
int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
  return unsupported("MPI_Ialltoall",
                     PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request));
}
int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
  return unsupported("MPI_Iallgather",
                     PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request));
}

// Persistent requests: their Start would need the format's `Start`, which SMPI's replay does not have.
int MPI_Send_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
  return unsupported("MPI_Send_init", PMPI_Send_init(buf, count, type, dest, tag, comm, request));
}
int MPI_Recv_init(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request)
{
  return unsupported("MPI_Recv_init", PMPI_Recv_init(buf, count, type, source, tag, comm, request));
}

// One-sided communication.
int MPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win* win)
{
  return unsupported("MPI_Win_create (one-sided communication)",
                     PMPI_Win_create(base, size, disp_unit, info, comm, win));
}
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* base, MPI_Win* win)
{
  return unsupported("MPI_Win_allocate (one-sided communication)",
                     PMPI_Win_allocate(size, disp_unit, info, comm, base, win));
}

// I/O.
int MPI_File_open(MPI_Comm comm, const char* filename, int amode, MPI_Info info, MPI_File* fh)
{
  return unsupported("MPI_File_open (MPI I/O)", PMPI_File_open(comm, filename, amode, info, fh));
}

} // extern "C"
