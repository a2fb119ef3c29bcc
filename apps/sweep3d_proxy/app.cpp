// Sources: 000 = BCS-MPI chapter, 001 = SC'03 poster; sweep3d 2.2b's input deck (docs/references.md).
#include "apps/sweep3d_proxy/app.hpp"

#include "apps/common/time_limit.hpp"
#include "apps/sweep3d_proxy/sweep3d.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace bcssim::apps::sweep3d {
namespace {

// The scenario's sweep3d.* as written; the Spec follows from it and the job (sweep3d 2.2b input: npe_i npe_j mk
// mmi / it_g jt_g kt mm / epsi).
struct Input {
  Variant variant = Variant::blocking;
  int npe_i = 0; // 0 = auto
  bool global_cells = false;
  int it = 0, jt = 0, kt = 0, mm = 0, mmi = 0, mk = 0, iterations = 0;
  double grind_cycles = 0;
  double imbalance = 0, variability = 0;
};

const base::ParamGroup<Input>& params()
{
  static const base::ParamGroup<Input> g = [] {
    base::ParamGroup<Input> g("sweep3d");
    g.choice<Variant>(
        "variant", &Input::variant, "blocking",
        {{"blocking", Variant::blocking}, {"non_blocking", Variant::non_blocking}, {"ordered", Variant::ordered}},
        "'blocking' = sweep3d 2.2b's MPI_Recv / MPI_Send per block. 'non_blocking' = 000 §6.3 read "
        "literally: each Send/Recv pair becomes Isend/Irecv and one MPI_Waitall at the end of the block "
        "completes all four, so a block does not wait for its inflow before computing. 'ordered' = "
        "non-blocking calls that keep the wavefront order: MPI_Waitall on the inflow before computing, "
        "the octant's sends completed by one MPI_Waitall at its end.",
        "000 §6.3 (the paper gives no code; both readings are offered)");
    g.add(base::integer_decl("npe_i", 0, 1, 16777216,
                             "Process grid columns; \"auto\" = the largest divisor of app.processes not above its "
                             "square root (npe_j = processes / npe_i).",
                             "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.npe_i = v.is_auto() ? 0 : int(v.number()); })
        .automatic();
    g.choice<bool>("cells", &Input::global_cells, "per_process", {{"per_process", false}, {"global", true}},
                   "Whether sweep3d.it/jt/kt are each process's block (weak scaling: it_g = it x npe_i, "
                   "jt_g = jt x npe_j) or the global grid it_g, jt_g, kt (strong scaling).",
                   "001: 50x50x50 cells per process");
    g.integer("it", &Input::it, 50, 1, 1e6, "Cells along i (see sweep3d.cells).", "001: 50x50x50 per process");
    g.integer("jt", &Input::jt, 50, 1, 1e6, "Cells along j (see sweep3d.cells).", "001: 50x50x50 per process");
    g.integer("kt", &Input::kt, 50, 1, 1e6, "Cells along k (not distributed).", "001: 50x50x50 per process");
    g.integer("mm", &Input::mm, 6, 3, 6, "Angles per octant: 3 or 6.", "sweep3d 2.2b standard input");
    g.integer("mmi", &Input::mmi, 3, 1, 6, "Angles per block (divides sweep3d.mm).", "sweep3d 2.2b standard input");
    g.integer("mk", &Input::mk, 10, 1, 1e6, "k-planes per block.", "sweep3d 2.2b standard input");
    g.integer("iterations", &Input::iterations, 2, 1, 1e6,
              "Source iterations (sweep3d's epsi < 0: a fixed count, each 8 octants and 2 MPI_Allreduce).",
              "scenario choice");
    g.real("grind_cycles", &Input::grind_cycles, 46.67, 0, 1e9,
           "PE cycles per cell-angle of a block's computation (scaled by platform.pe_speed): the grind "
           "time of sweep3d on the platform's CPU.",
           "000 §6.3: a compute step takes about 3.5 ms on Crescendo's 1 GHz Pentium-III with 001's "
           "50x50x50 cells per process; a step is one block of 50 x 50 x mk=10 x mmi=3 = 75,000 "
           "cell-angles, so 3.5e6 cycles / 75,000 = 46.67 cycles. Assumed to hold on other CPUs");
    // Phase locking (issue 19): with the default grind a block is 7 slices of 500 us, so every blocking call
    // is posted just after a strobe; a real machine's jitter spreads the posting times.
    declare_uneven_work(g, &Input::imbalance, &Input::variability, "block's computation");
    g.rule([](const Input& in) -> std::optional<base::ParamError> {
      if (in.mm != 3 && in.mm != 6)
        return base::ParamError{"mm", "", "3 or 6 (sweep3d's angle sets)"};
      if (in.mm % in.mmi != 0)
        return base::ParamError{"mmi", "", fmt::format("a divisor of sweep3d.mm = {}", in.mm)};
      return std::nullopt;
    });
    return g;
  }();
  return g;
}

// npe_i resolved for the job ("auto" = the squarest grid).
int columns(const Input& in, unsigned ranks)
{
  if (in.npe_i > 0)
    return in.npe_i;
  int npe_i = 1, npe_j = 1;
  square_grid(int(ranks), npe_i, npe_j);
  return npe_i;
}

std::optional<base::ParamError> check_job(const base::ParamSource& source, const JobContext& job)
{
  const Input in = params().build(source);
  if (in.npe_i > 0 && job.ranks % unsigned(in.npe_i) != 0)
    return base::ParamError{
        "sweep3d.npe_i", source.shown("sweep3d.npe_i"),
        fmt::format("a divisor of the {} processes (npe_j = processes / npe_i), or \"auto\"", job.ranks)};
  if (in.global_cells) {
    const int ni = columns(in, job.ranks);
    const int nj = int(job.ranks) / ni;
    for (const auto& [path, value, need] :
         {std::tuple<const char*, int, int>{"sweep3d.it", in.it, ni}, {"sweep3d.jt", in.jt, nj}})
      if (value < need)
        return base::ParamError{path, source.shown(path),
                                fmt::format("at least {} cells with sweep3d.cells = global: one per process of the "
                                            "{} x {} grid",
                                            need, ni, nj)};
  }
  const int ni = columns(in, job.ranks);
  const int nj = int(job.ranks) / ni;
  const bool global = in.global_cells;
  // Per process, the global grid it_g = it x npe_i and jt_g = jt x npe_j is an int, as in sweep3d 2.2b.
  if (!global)
    for (const auto& [path, value, across, name] :
         {std::tuple<const char*, int, int, const char*>{"sweep3d.it", in.it, ni, "it_g = it x npe_i"},
          {"sweep3d.jt", in.jt, nj, "jt_g = jt x npe_j"}})
      if (std::int64_t(value) * across > std::numeric_limits<int>::max())
        return base::ParamError{path, source.shown(path),
                                fmt::format("at most {} cells with sweep3d.cells = per_process on the {} x {} grid: "
                                            "the global grid's {} must be at most {}",
                                            std::numeric_limits<int>::max() / across, ni, nj, name,
                                            std::numeric_limits<int>::max())};
  // Per source iteration, the busiest rank computes its block's cells for every angle of the 8 octants.
  return time_past_limit(
      source, "the computation of the busiest rank",
      {TimeFactor::param("sweep3d.iterations", double(in.iterations), 2, true), TimeFactor::times("8 octants", 8),
       TimeFactor::param("sweep3d.it", global ? std::ceil(double(in.it) / ni) : double(in.it), 50, true,
                         global ? "ceil(sweep3d.it / npe_i)" : "", global ? ni : 1),
       TimeFactor::param("sweep3d.jt", global ? std::ceil(double(in.jt) / nj) : double(in.jt), 50, true,
                         global ? "ceil(sweep3d.jt / npe_j)" : "", global ? nj : 1),
       TimeFactor::param("sweep3d.kt", double(in.kt), 50, true), TimeFactor::times("sweep3d.mm", double(in.mm)),
       TimeFactor::param("sweep3d.grind_cycles", in.grind_cycles, 46.67, false),
       TimeFactor::per("platform.pe_speed", job.pe_speed),
       TimeFactor::times("(1 + sweep3d.imbalance)", 1 + in.imbalance),
       TimeFactor::times("(1 + sweep3d.variability)", 1 + in.variability)});
}

// The busiest rank's computation without its draws (imbalance >= 0; variability at its lowest).
double least_time(const base::ParamSource& source, const JobContext& job)
{
  const Input in = params().build(source);
  const int ni = columns(in, job.ranks);
  const int nj = int(job.ranks) / ni;
  const double it = in.global_cells ? std::ceil(double(in.it) / ni) : double(in.it);
  const double jt = in.global_cells ? std::ceil(double(in.jt) / nj) : double(in.jt);
  return double(in.iterations) * 8 * it * jt * double(in.kt) * double(in.mm) * in.grind_cycles / job.pe_speed *
         (1 - in.variability);
}

Spec make_spec(const Input& in, const JobContext& job)
{
  Spec s;
  s.npe_i = columns(in, job.ranks);
  s.npe_j = int(job.ranks) / s.npe_i;
  s.it_g = in.it * (in.global_cells ? 1 : s.npe_i);
  s.jt_g = in.jt * (in.global_cells ? 1 : s.npe_j);
  s.kt = in.kt;
  s.mm = in.mm;
  s.mmi = in.mmi;
  s.mk = in.mk;
  s.iterations = in.iterations;
  s.grind = in.grind_cycles / job.pe_speed;
  s.variant = in.variant;
  s.imbalance = in.imbalance;
  s.variability = in.variability;
  s.seed = job.seed;
  return s;
}

} // namespace

App app()
{
  return App{"sweep3d",
             "the SWEEP3D wavefront proxy (parameters sweep3d.*)",
             base::declarations(params()),
             check_job,
             [](const base::ParamSource& source, const JobContext& job) -> mpi::RankMain {
               const Spec spec = make_spec(params().build(source), job);
               return [spec](mpi::Comm& c) { run(c, spec); };
             },
             [](const base::ParamSource& source) { return source.value("sweep3d.variant").word(); },
             least_time};
}

} // namespace bcssim::apps::sweep3d
