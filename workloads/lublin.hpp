#pragma once
// The Lublin-Feitelson workload model of rigid parallel jobs (U. Lublin and D. G. Feitelson, "The workload on
// parallel supercomputers: modeling the characteristics of rigid jobs", J. Parallel Distrib. Comput. 63(11),
// 2003), which the thesis's dynamic-workload evaluation uses (002 ch. 6 §6.4.1, its reference [70]). Two job
// types, batch and interactive, each with
//   - a size: serial with some probability, else 2^u with u from a two-stage uniform in log2 units (rounded to
//     a power of two with another probability);
//   - a run time: exp of a hyper-gamma variate whose mix depends linearly on the size;
//   - arrivals: gamma-distributed inter-arrival "points" paid out over a daily cycle of 48 half-hour buckets
//     weighted by a gamma CDF;
// the job's type being the one whose next arrival comes first. Every constant is the model's published value as
// its reference implementation (lublin99.c, distributed by the Parallel Workloads Archive) sets it; the only
// adaptation is to the machine's size (lublin_spec). Our own code, on the project's generator: a seed gives the
// same workload everywhere, not lublin99.c's own drand48 stream.
#include "workloads/swf.hpp"

#include <cstdint>

namespace bcssim::workloads {

/// One job type's parameters.
struct LublinType {
  double serial_prob, pow2_prob;       // size: P(serial); P(serial or a power of two)
  double ulow, umed, uhi, uprob;       // size: two-stage uniform in log2 units
  double a1, b1, a2, b2, pa, pb;       // run time: hyper-gamma of ln(seconds), p = pa x size + pb
  double aarr, barr, anum, bnum, arar; // arrivals: gamma of ln(inter-arrival points), daily cycle, rush ratio
};

struct LublinSpec {
  LublinType batch, interactive;
  unsigned jobs = 1000;
  unsigned procs = 128; // the machine's size, a power of two
  std::uint64_t seed = 1;
};

/// The published parameters for a machine of `procs` processors (a power of two, 2 to 2^20). lublin99.c's values
/// are for 128 nodes; for another size the largest job size (uhi) is log2(procs) for batch jobs and 1.5 less for
/// interactive ones, and umed keeps its distance below uhi (2 and 2.5, as at 128; never below ulow), as its
/// comments direct ("Uhi is the log2 of the system size", "Umed ... Uhi - 2.5").
LublinSpec lublin_spec(unsigned procs, unsigned jobs, std::uint64_t seed);

/// The workload: `spec.jobs` jobs in SWF (submit, run time and allocated processors in whole seconds and
/// processors; queue 1 for batch, 0 for interactive; status 1; the rest unknown), with a header naming the model,
/// its size and seed.
Swf lublin_workload(const LublinSpec& spec);

} // namespace bcssim::workloads
