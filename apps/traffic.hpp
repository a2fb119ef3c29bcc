#pragma once
// What a job's ranks at least communicate, counted before it runs (issue 67 item 6): validation bounds a run's
// wall cost by it as well as by its computation (sim/machine/run_bounds.cpp). Every figure is a lower bound of
// what the run does, so a bound past it is never a guess that refuses a run that would have been short.
#include <string>

namespace bcssim::apps {

struct Traffic {
  /// B: the most one rank sends, or receives, to or from other ranks: point to point, and what a broadcast, reduce or
  /// allreduce must at least move through it (the other collectives' not counted).
  double rank_bytes = 0;
  /// The most blocking calls of one rank that wait for another rank (send, recv, sendrecv, barrier, bcast, reduce,
  /// allreduce; a wait only when what it waits for was posted just before): on BCS-MPI each waits for a slice.
  double rank_waits = 0;
  double calls = 0;    // MPI calls that communicate, over every rank
  double messages = 0; // point-to-point messages between ranks, over every rank (a collective's: none counted)
  /// The parameter the counts come from, and how to make them fewer (for the error past a bound).
  std::string path;
  std::string fewer;
};

} // namespace bcssim::apps
