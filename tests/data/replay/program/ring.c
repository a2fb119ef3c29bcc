/* A small MPI program for the end-to-end test of "Run your own MPI program" (README): a ring exchange with
 * computation between steps, an allreduce per step, a broadcast before the loop and a gather and a barrier after
 * it. Written for bcs-sim's tests; compiled with SMPI's smpicc and traced with smpirun -trace-ti. */
#include <mpi.h>
#include <stdio.h>

#define STEPS 10
#define DOUBLES 512

int main(int argc, char** argv)
{
  int rank, size, steps = 0;
  static double out[DOUBLES], in[DOUBLES];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0)
    steps = STEPS;
  MPI_Bcast(&steps, 1, MPI_INT, 0, MPI_COMM_WORLD);
  double total = 0;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < 100000 * (rank + 1); i++) /* uneven work: rank r does r + 1 units */
      out[i % DOUBLES] += 1e-9 * i;
    MPI_Request requests[2];
    MPI_Irecv(in, DOUBLES, MPI_DOUBLE, (rank + size - 1) % size, s, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(out, DOUBLES, MPI_DOUBLE, (rank + 1) % size, s, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    double local = in[0], sum = 0;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  double all[1024];
  MPI_Gather(&total, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("ring: %d ranks, %d steps done\n", size, steps);
  MPI_Finalize();
  return 0;
}
