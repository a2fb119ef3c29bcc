// Sources: 000 = BCS-MPI chapter; Kerbyson et al., SC'01 (docs/references.md).
#include "apps/sage_proxy/app.hpp"

#include "apps/common/time_limit.hpp"
#include "apps/sage_proxy/sage.hpp"

namespace bcssim::apps::sage {
namespace {

// The scenario's sage.*: the Spec with its work in PE cycles (the job's PE speed makes them seconds).
struct Input {
  Spec spec;
  double cell_cycles = 0;
};

const base::ParamGroup<Input>& params()
{
  using base::Quantity;
  static const base::ParamGroup<Input> g = [] {
    base::ParamGroup<Input> g("sage");
    auto integer = [&g](const char* key, auto field, std::int64_t def, double min, double max, const char* doc,
                        const char* source) {
      g.add(base::integer_decl(key, def, min, max, doc, source), [field](Input& in, const base::ParamValue& v) {
        in.spec.*field = static_cast<std::remove_reference_t<decltype(in.spec.*field)>>(v.number());
      });
    };
    integer("cells_per_process", &Spec::cells_per_process, 13500, 1, 1e9,
            "Cells each process owns (E; weak scaling: the grid grows with the processes). The cells of "
            "the L x L x Lz grid are numbered x, then y, then z, and process p owns [pE, pE + E).",
            "Kerbyson et al., SC'01 (SAGE's weak-scaled timing runs use 13,500 cells per PE); the seeds "
            "give no cell count");
    integer("cycles", &Spec::cycles, 10, 1, 1e6, "Hydro cycles simulated.", "scenario choice");
    integer("exchanges", &Spec::exchanges, 3, 0, 1e4,
            "Gather/scatter ghost exchanges per cycle: MPI_Irecv from and MPI_Isend to every neighbour, "
            "then MPI_Waitall.",
            "000 Table 5.3: with sage.allreduces = 10, the ratio of MPI_Allreduce to MPI_Waitall calls "
            "(7025 / 2140 = 3.3)");
    integer("allreduces", &Spec::allreduces, 10, 0, 1e4,
            "One-double MPI_Allreduce (MIN) per cycle, spread evenly behind the exchanges; a cycle needs "
            "at least one exchange or allreduce.",
            "000 Table 5.3 (see sage.exchanges)");
    g.add(base::quantity_decl("ghost_size", Quantity::size, "8B", 0, 1e6,
                              "Bytes per pair of face-adjacent cells owned by two processes, per exchange (one "
                              "double: SAGE gathers one variable at a time).",
                              "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.spec.ghost_bytes = std::uint64_t(v.number()); });
    g.real("cell_cycles", &Input::cell_cycles, 9111, 0, 1e12,
           "PE cycles of computation per cell per cycle (scaled by platform.pe_speed), split evenly over "
           "the cycle's exchanges and allreduces (each ends one computation interval).",
           "000 Table 5.3: mean computation granularity 9.461 ms on Crescendo's 1 GHz Pentium-III; with "
           "13 intervals per cycle (3 exchanges + 10 allreduces) and 13,500 cells per process, "
           "9.461e6 x 13 / 13,500 = 9111 cycles. A workload figure of the application, not a fit of its "
           "runtime");
    base::ParamGroup<Spec> uneven("sage");
    declare_uneven_work(uneven, &Spec::imbalance, &Spec::variability, "computation interval");
    g.nest(&Input::spec, uneven);
    g.rule([](const Input& in) -> std::optional<base::ParamError> {
      if (in.spec.exchanges + in.spec.allreduces == 0)
        return base::ParamError{"allreduces", "",
                                "at least 1 when sage.exchanges = 0: a cycle ends its computation in one or the other"};
      return std::nullopt;
    });
    return g;
  }();
  return g;
}

} // namespace

App app()
{
  return App{"sage",
             "the SAGE hydrocode proxy (parameters sage.*)",
             base::declarations(params()),
             [](const base::ParamSource& source, const JobContext& job) {
               const Input in = params().build(source); // its rule
               return time_past_limit(
                   source, "the computation of the busiest rank",
                   {TimeFactor::param("sage.cycles", double(in.spec.cycles), 10, true),
                    TimeFactor::param("sage.cells_per_process", double(in.spec.cells_per_process), 13500, true),
                    TimeFactor::param("sage.cell_cycles", in.cell_cycles, 9111, false),
                    TimeFactor::per("platform.pe_speed", job.pe_speed),
                    TimeFactor::times("(1 + sage.imbalance)", 1 + in.spec.imbalance),
                    TimeFactor::times("(1 + sage.variability)", 1 + in.spec.variability)});
             },
             [](const base::ParamSource& source, const JobContext& job) -> mpi::RankMain {
               Input in = params().build(source);
               in.spec.cell_time = in.cell_cycles / job.pe_speed;
               in.spec.seed = job.seed;
               return [spec = in.spec](mpi::Comm& c) { run(c, spec); };
             },
             [](const base::ParamSource& source) {
               return "E=" + std::to_string(std::int64_t(source.value("sage.cells_per_process").number()));
             },
             [](const base::ParamSource& source, const JobContext& job) {
               const Input in = params().build(source);
               return double(in.spec.cycles) * double(in.spec.cells_per_process) * in.cell_cycles / job.pe_speed *
                      (1 - in.spec.variability);
             }};
}

} // namespace bcssim::apps::sage
