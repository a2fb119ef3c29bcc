// The MPI program whose native run tests/e2e/test_cli_record.cpp records with `bcssim record` and checks call by
// call (every peer, size and tag of the trace must be this program's): point-to-point in each mode the recorder
// knows, wildcards, a polled test, and the collectives of MPI_COMM_WORLD and of a duplicate of it. Run on 4 ranks.
// With the argument "unsupported" it also makes calls the trace format cannot hold (a non-blocking barrier, a
// barrier of a split communicator), which `bcssim record` must report.
#include <mpi.h>

#include <cstring>
#include <ctime>
#include <vector>

namespace {
// About `ms` of this thread's CPU time, spent: what the recorder measures as computation.
void compute(double ms)
{
  timespec start{};
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
  volatile double x = 1;
  do {
    for (int i = 0; i < 1000; ++i)
      x = x * 1.0000001 + 1e-9;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  } while ((double(now.tv_sec - start.tv_sec) * 1e3 + double(now.tv_nsec - start.tv_nsec) * 1e-6) < ms);
}
} // namespace

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  int n = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  const int right = (rank + 1) % n;
  const int left = (rank + n - 1) % n;
  std::vector<char> a(4096);
  std::vector<char> b(4096);
  compute(2);

  // A ring of blocking sends, even ranks first: 1000 ints (4000 B), tag 1.
  if (rank % 2 == 0) {
    MPI_Send(a.data(), 1000, MPI_INT, right, 1, MPI_COMM_WORLD);
    MPI_Recv(b.data(), 1000, MPI_INT, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(b.data(), 1000, MPI_INT, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(a.data(), 1000, MPI_INT, right, 1, MPI_COMM_WORLD);
  }
  compute(1);

  // Both neighbours, non-blocking: 64 doubles (512 B) each way, tags 2 and 3, one MPI_Waitall.
  MPI_Request r[4];
  MPI_Irecv(b.data(), 64, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(b.data() + 512, 64, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &r[1]);
  MPI_Isend(a.data(), 64, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &r[2]);
  MPI_Isend(a.data() + 512, 64, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, &r[3]);
  MPI_Waitall(4, r, MPI_STATUSES_IGNORE);

  // MPI_Sendrecv: 100 B to the right, from the left, tag 4.
  MPI_Sendrecv(a.data(), 100, MPI_BYTE, right, 4, b.data(), 100, MPI_BYTE, left, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  // Wildcards: rank 0 takes 16 B from every other rank by MPI_ANY_SOURCE (tag 5); rank 1 takes 8 B from rank 2
  // by MPI_ANY_SOURCE and MPI_ANY_TAG (tag 6); rank 3 polls MPI_Test for 32 B from rank 0 (tag 7).
  if (rank == 0) {
    for (int i = 1; i < n; ++i)
      MPI_Recv(b.data(), 16, MPI_BYTE, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Request s;
    MPI_Isend(a.data(), 32, MPI_BYTE, 3, 7, MPI_COMM_WORLD, &s);
    MPI_Wait(&s, MPI_STATUS_IGNORE);
  } else {
    MPI_Send(a.data(), 16, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
  }
  if (rank == 1) {
    MPI_Request q;
    MPI_Irecv(b.data(), 8, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
  }
  if (rank == 2)
    MPI_Send(a.data(), 8, MPI_BYTE, 1, 6, MPI_COMM_WORLD);
  if (rank == 3) {
    MPI_Request q;
    MPI_Irecv(b.data(), 32, MPI_BYTE, 0, 7, MPI_COMM_WORLD, &q);
    int done = 0;
    while (!done)
      MPI_Test(&q, &done, MPI_STATUS_IGNORE);
  }

  // Collectives of MPI_COMM_WORLD.
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(a.data(), 10, MPI_INT, 1, MPI_COMM_WORLD);
  MPI_Reduce(a.data(), b.data(), 3, MPI_DOUBLE, MPI_SUM, 2, MPI_COMM_WORLD);
  std::memset(a.data(), 0, 64);
  MPI_Allreduce(a.data(), b.data(), 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Gather(a.data(), 1, MPI_INT, b.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Alltoall(a.data(), 2, MPI_INT, b.data(), 2, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> counts(static_cast<std::size_t>(n));
  std::vector<int> displs(static_cast<std::size_t>(n));
  for (int i = 0, at = 0; i < n; at += i + 1, ++i) {
    counts[std::size_t(i)] = i + 1;
    displs[std::size_t(i)] = at;
  }
  MPI_Allgatherv(a.data(), rank + 1, MPI_INT, b.data(), counts.data(), displs.data(), MPI_INT, MPI_COMM_WORLD);
  MPI_Scatterv(a.data(), counts.data(), displs.data(), MPI_INT, b.data(), rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  compute(1);

  // A duplicate of MPI_COMM_WORLD has its ranks: recorded as WORLD's.
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Barrier(dup);
  MPI_Comm_free(&dup);

  if (argc > 1 && std::strcmp(argv[1], "unsupported") == 0) {
    MPI_Request q;
    MPI_Ibarrier(MPI_COMM_WORLD, &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Barrier(half);
    MPI_Comm_free(&half);
  }
  MPI_Finalize();
  return 0;
}
