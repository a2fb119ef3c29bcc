#pragma once
// What a job's ranks at least communicate, counted before it runs (issue 67 item 6): validation bounds a run's
// wall cost by it as well as by its computation (sim/machine/run_bounds.cpp). Every figure is a lower bound of
// what the run does, so a bound past it is never a guess that refuses a run that would have been short.
#include <string>

namespace bcssim::apps {

struct Traffic {
  /// B: the most one rank sends, or receives, to or from other ranks: point to point, and what a broadcast, reduce or
  /// allreduce must at least move through it, and the data collectives' blocks.
  double rank_bytes = 0;
  /// The most blocking calls of one rank that wait for another rank (send, recv, sendrecv, barrier, bcast, reduce,
  /// allreduce; a wait only when what it waits for was posted just before): on BCS-MPI each waits for a slice.
  double rank_waits = 0;
  double calls = 0; // MPI calls that communicate, over every rank
  /// Point-to-point messages between ranks, over every rank, those the data collectives (gather, scatter,
  /// allgather, alltoall, their v forms) are made of included: both MPIs move each block as one (n - 1 of a rooted
  /// one's, n (n - 1) of the others').
  double messages = 0;
  double computations = 0; // a trace's compute and sleep actions, over every rank (each a simulated activity)
  /// The parameter the counts come from, and how to make them fewer (for the error past a bound).
  std::string path;
  std::string fewer;
};

} // namespace bcssim::apps
