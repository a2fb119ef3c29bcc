// Sources: 000 = BCS-MPI chapter, 002 = thesis excerpt (docs/references.md).
#include "apps/synthetic/app.hpp"

#include "apps/common/time_limit.hpp"
#include "apps/synthetic/synthetic.hpp"

#include <algorithm>

namespace bcssim::apps::synthetic {
namespace {

const base::ParamGroup<Spec>& params()
{
  using base::Quantity;
  static const base::ParamGroup<Spec> g = [] {
    base::ParamGroup<Spec> g("synthetic");
    g.choice<Pattern>("pattern", &Spec::pattern, "barrier",
                      {{"barrier", Pattern::barrier},
                       {"exchange", Pattern::exchange},
                       {"ring", Pattern::ring},
                       {"ring_nonblocking", Pattern::ring_nonblocking},
                       {"none", Pattern::none}},
                      "After each computation: 'barrier' = MPI_Barrier; 'exchange' = MPI_Irecv from and MPI_Isend "
                      "to synthetic.neighbours partners, then MPI_Waitall; 'ring' = blocking MPI_Send and MPI_Recv "
                      "with both ring neighbours (even ranks send first); 'ring_nonblocking' = MPI_Isend and "
                      "MPI_Irecv with both ring neighbours, completed by an MPI_Waitall in the next iteration; "
                      "'none' = no communication at all (not even the start barrier).",
                      "002 §1.4 synthetic application; ring patterns: thesis ch. 6 §6.3.2 and §6.3.2.5; none: the "
                      "non-communicating jobs of §6.3.2.3");
    g.quantity("granularity", &Spec::granularity, Quantity::time, "1ms", 0, 1e4,
               "Computation per iteration of every rank, before imbalance and variability.",
               "scenario choice (000 §6: 1-100 ms spans fine- to coarse-grained)");
    g.integer("iterations", &Spec::iterations, 20, 1, 1e9, "Iterations of the loop.", "scenario choice");
    g.integer("neighbours", &Spec::neighbours, 2, 1, 1e6,
              "Exchange partners of each rank: ranks at offsets +1, -1, +2, -2, ... (mod processes), the "
              "first this many distinct ones.",
              "scenario choice");
    g.add(base::quantity_decl("message_size", Quantity::size, "4KiB", 0, 1e9,
                              "Bytes each rank sends to each partner per iteration (exchange).", "scenario choice"),
          [](Spec& s, const base::ParamValue& v) { s.message_bytes = std::uint64_t(v.number()); });
    declare_uneven_work(g, &Spec::imbalance, &Spec::variability, "iteration's computation");
    g.add(base::real_decl("work_factors", 1, 0, 1e6,
                          "Each rank's share of the work: rank r computes work_factors[r] times as much per "
                          "iteration (one factor per process); [] = the same for every rank.",
                          "thesis ch. 6 §6.3.2.2: 'processes 1 and 2 of the first job compute twice as much per "
                          "iteration'")
              .listed(base::numbers({})),
          [](Spec& s, const base::ParamValue& v) { s.work_factors = v.numbers; });
    return g;
  }();
  return g;
}

// What run() (synthetic.cpp) calls and sends, counted: its start barrier, then each iteration's pattern.
Traffic least_traffic(const base::ParamSource& source, const JobContext& job)
{
  const Spec spec = params().build(source);
  const double ranks = job.ranks, it = spec.iterations, bytes = double(spec.message_bytes);
  Traffic t;
  t.path = "synthetic.iterations";
  t.fewer = "fewer synthetic.iterations or processes";
  if (spec.pattern == Pattern::none || job.ranks < 2)
    return t;
  const auto partners = [&](int n) { return double(partner_offsets(int(job.ranks), n).size()); };
  double calls = 1, waits = 1; // per rank: the start barrier
  switch (spec.pattern) {
    case Pattern::barrier:
      calls += it, waits += it;
      break;
    case Pattern::ring: // a blocking send and receive with each neighbour
      calls += 4 * it, waits += 4 * it, t.rank_bytes = 2 * it * bytes, t.messages = ranks * 2 * it;
      break;
    case Pattern::exchange: { // the Waitall waits for what was posted just before it
      const double p = partners(spec.neighbours);
      calls += it * (2 * p + 1), waits += it, t.rank_bytes = it * p * bytes, t.messages = ranks * it * p;
      break;
    }
    case Pattern::ring_nonblocking: { // the Waitall may find last iteration's exchange done: no wait counted
      const double p = partners(2);
      calls += it * (2 * p + 1) + 1, t.rank_bytes = it * p * bytes, t.messages = ranks * it * p;
      break;
    }
    case Pattern::none:
      break;
  }
  t.calls = ranks * calls;
  t.rank_waits = waits;
  return t;
}

} // namespace

App app()
{
  return App{"synthetic",
             "the bulk-synchronous loop of apps/synthetic (parameters synthetic.*)",
             base::declarations(params()),
             [](const base::ParamSource& source, const JobContext& job) -> std::optional<base::ParamError> {
               const auto factors = source.value("synthetic.work_factors").numbers;
               if (!factors.empty() && factors.size() != job.ranks)
                 return base::ParamError{"synthetic.work_factors", source.shown("synthetic.work_factors"),
                                         "one factor per process (" + std::to_string(job.ranks) + "), or []"};
               const Spec spec = params().build(source);
               const double most = factors.empty() ? 1 : *std::max_element(factors.begin(), factors.end());
               return time_past_limit(
                   source, "the computation of the busiest rank",
                   {TimeFactor::param("synthetic.iterations", double(spec.iterations), 20, true),
                    TimeFactor::param("synthetic.granularity", spec.granularity, 1e-3, false).with_unit("s"),
                    TimeFactor::times("max(synthetic.work_factors)", most),
                    TimeFactor::times("(1 + synthetic.imbalance)", 1 + spec.imbalance),
                    TimeFactor::times("(1 + synthetic.variability)", 1 + spec.variability)});
             },
             [](const base::ParamSource& source, const JobContext& job) -> mpi::RankMain {
               Spec spec = params().build(source);
               spec.seed = job.seed;
               return [spec](mpi::Comm& c) { run(c, spec); };
             },
             [](const base::ParamSource& source) { return source.value("synthetic.pattern").word(); },
             [](const base::ParamSource& source, const JobContext&) {
               // The rank of the largest work factor computes at least this, whatever its draws.
               const Spec spec = params().build(source);
               const auto factors = source.value("synthetic.work_factors").numbers;
               const double most = factors.empty() ? 1 : *std::max_element(factors.begin(), factors.end());
               return double(spec.iterations) * spec.granularity * most * (1 - spec.variability);
             },
             least_traffic};
}

} // namespace bcssim::apps::synthetic
