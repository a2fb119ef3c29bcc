// Sources: 000 = BCS-MPI chapter, 002 = thesis excerpt (docs/references.md).
#include "apps/synthetic/app.hpp"

#include "apps/synthetic/synthetic.hpp"

namespace bcssim::apps::synthetic {
namespace {

const base::ParamGroup<Spec>& params()
{
  using base::Quantity;
  static const base::ParamGroup<Spec> g = [] {
    base::ParamGroup<Spec> g("synthetic");
    g.choice<Pattern>("pattern", &Spec::pattern, "barrier", {{"barrier", Pattern::barrier}, {"exchange", Pattern::exchange}},
                      "After each computation: 'barrier' = MPI_Barrier; 'exchange' = MPI_Irecv from and MPI_Isend "
                      "to synthetic.neighbours partners, then MPI_Waitall.",
                      "002 §1.4 synthetic application");
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
    return g;
  }();
  return g;
}

} // namespace

App app()
{
  return App{"synthetic", "the bulk-synchronous loop of apps/synthetic (parameters synthetic.*)",
             base::declarations(params()),
             [](const base::ParamSource&, const JobContext&) { return std::optional<base::ParamError>(); },
             [](const base::ParamSource& source, const JobContext& job) -> mpi::RankMain {
               Spec spec = params().build(source);
               spec.seed = job.seed;
               return [spec](mpi::Comm& c) { run(c, spec); };
             },
             [](const base::ParamSource& source) { return source.value("synthetic.pattern").word(); }};
}

} // namespace bcssim::apps::synthetic
