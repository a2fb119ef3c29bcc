// docs/extending.md's example application: every rank computes toy_app.work, then all meet in a barrier,
// toy_app.rounds times.
#include "apps/toy_app/app.hpp"

namespace bcssim::apps::toy_app {
namespace {

struct Spec {
  double work = 0;
  std::int64_t rounds = 0;
};

const base::ParamGroup<Spec>& params()
{
  static const base::ParamGroup<Spec> g = [] {
    base::ParamGroup<Spec> g("toy_app");
    g.quantity("work", &Spec::work, base::Quantity::time, "2ms", 0, 1, "Computation of every rank per round.",
               "scenario choice");
    g.integer("rounds", &Spec::rounds, 3, 1, 1000, "Rounds of computation and barrier.", "scenario choice");
    return g;
  }();
  return g;
}

} // namespace

App app()
{
  return App{"toy_app",
             "docs/extending.md's example: compute toy_app.work, then a barrier, toy_app.rounds times",
             base::declarations(params()),
             [](const base::ParamSource&, const JobContext&) -> std::optional<base::ParamError> { return {}; },
             [](const base::ParamSource& source, const JobContext&) -> mpi::RankMain {
               const Spec spec = params().build(source);
               return [spec](mpi::Comm& c) {
                 for (std::int64_t r = 0; r < spec.rounds; ++r) {
                   c.compute(spec.work);
                   c.barrier();
                 }
               };
             },
             [](const base::ParamSource&) { return std::string("toy"); },
             [](const base::ParamSource& source, const JobContext&) { // its run time is at least its computation
               const Spec spec = params().build(source);
               return double(spec.rounds) * spec.work;
             }};
}

} // namespace bcssim::apps::toy_app
