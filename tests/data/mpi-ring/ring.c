/* A small MPI program of this project's own, for bench/vs-smpi.sh's source mode and its test: each rank
 * updates a 4 KiB buffer, swaps it with both ring neighbours (MPI_Sendrecv), ITERATIONS times, then the ranks
 * sum one value (MPI_Allreduce). Usage: ring [ITERATIONS] (default 200). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int iterations = argc > 1 ? atoi(argv[1]) : 200;
  double out[512] = {0}, in[512] = {0};
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  for (int it = 0; it < iterations; ++it) {
    for (int k = 0; k < 512; ++k)
      out[k] = 0.5 * out[k] + in[k] + k + it;
    MPI_Sendrecv(out, 512, MPI_DOUBLE, right, 0, in, 512, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(out, 512, MPI_DOUBLE, left, 1, in, 512, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  double mine = in[7], sum = 0;
  MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("ring: %d ranks, %d iterations, checksum %.6g\n", size, iterations, sum);
  MPI_Finalize();
  return 0;
}
