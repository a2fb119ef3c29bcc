#include "sim/kinds/workload/scheduler_params.hpp"

#include "storm/algorithms.hpp"

#include <fmt/format.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_kinds_workload_scheduler_params,
                             "sim.kinds.workload.scheduler_params: The scheduler.* parameters of kind 'workload'");

namespace bcssim::sim {

std::vector<base::ParamDecl> scheduler_params()
{
  std::vector<std::string> names;
  std::string doc = "How the machine is shared among the jobs.";
  std::string sources;
  for (const storm::Algorithm& a : storm::algorithms()) {
    names.emplace_back(a.name);
    doc += fmt::format(" {}: {} (mpi = {}).", a.name, a.doc, std::string(a.mpi) == "any" ? "either" : a.mpi);
    sources += fmt::format("{}{}: {}", sources.empty() ? "" : "; ", a.name, a.source);
  }
  std::vector<base::ParamDecl> c;
  c.push_back(base::choice_decl("scheduler.algorithm", "fcfs", names, doc, sources));
  c.push_back(base::integer_decl("scheduler.mpl", 2, 1, 64,
                                 "Multiprogramming level of the time-sharing algorithms: rows of the Ousterhout "
                                 "matrix, the most processes a PE holds.",
                                 "scenario choice (thesis ch. 4 §4.3.3.3 runs MPL 1, 2, 4 and 8; ch. 6 §6.4.2 "
                                 "bounds it at 6)"));
  c.push_back(base::choice_decl(
      "scheduler.backfill", "none", {"none", "easy"},
      "The queue of jobs waiting for PEs. none: strict submission order, the first waiting job blocks the others. "
      "easy: EASY backfilling: the first waiting job gets a reservation (when enough PEs of a row free up by the "
      "running jobs' estimates, each x scheduler.mpl under time sharing), and later jobs start before it if they "
      "do not delay it (storm/gang_matrix.hpp). Jobs need estimates: workload.jobs[i].estimate, or an SWF file's.",
      "thesis ch. 6 §6.4.1 (EASY [68], Lifka 1995; estimates x MPL as Zhang et al. [120])"));
  c.push_back(base::quantity_decl("scheduler.context_switch", base::Quantity::time, "0s", 0, 1,
                                  "PE time a Node Manager's switch from one process to another takes, during which no "
                                  "process computes. No source gives STORM's: ch. 4 §4.3.3.1 finds no noticeable "
                                  "overhead with quanta as small as 2 ms, and the NM keeps up with strobes every "
                                  "300 us on Crescendo; 0 by default, a what-if otherwise.",
                                  "none (thesis ch. 4 §4.3.3.1 bounds it from above)"));
  c.push_back(base::quantity_decl("scheduler.quantum", base::Quantity::time, "50ms", 1e-6, 3600,
                                  "The Machine Manager's timeslice: it acts at multiples of it (a job that ended is "
                                  "noted, a submitted one queued and started at the next tick) and, under time "
                                  "sharing, multicasts a global context switch at each. Also the time slice of the "
                                  "nodes' OS scheduler under sb and fcs (its counters, Linux 2.4 style). Under bcs and "
                                  "pbcs it must be at least a BCS-MPI slice (bcs.runtime.slice).",
                                  "thesis ch. 4 §4.2.1 (the MM is clock-based) and §4.3.3.1 (50 ms)"));
  c.push_back(base::quantity_decl("scheduler.spin_time", base::Quantity::time, "100us", 0, 1,
                                  "How long a process in a blocking call spins on its PE before blocking and giving "
                                  "the PE up, under sb and for FCS's F and DC processes. No source gives the value "
                                  "the thesis used: an assumption, long against a round trip between coscheduled "
                                  "peers on QsNet (about 10 us) so that they never block, short against the "
                                  "granularities of ch. 6 §6.3 (2 to 21 ms).",
                                  "assumption (thesis ch. 6 §6.2 describes spin-block without its spin time)"));
  c.push_back(base::quantity_decl("scheduler.fcs.granularity", base::Quantity::time, "5ms", 0, 3600,
                                  "FCS: a process whose mean CPU time between blocking calls, measured in its "
                                  "timeslice, exceeds this is DC (coarse grained). FCS's own threshold is in [39], "
                                  "which we could not obtain: an assumption placed between the 3 ms granularity "
                                  "that §6.3.2.1 says FCS classifies CS and the 6 ms one it classifies DC "
                                  "(§6.3.2.2).",
                                  "assumption (thesis ch. 6 §6.2.1, Figure 6.1; value of [39] not available)"));
  c.push_back(base::real_decl("scheduler.fcs.effectiveness", 0.5, 0, 1e6,
                              "FCS: a fine-grained process that spent more than this fraction of its CPU time waiting "
                              "in blocking calls during its timeslice communicates ineffectively (F); otherwise it "
                              "is CS. An assumption ([39] not available): waiting more than half as long as it "
                              "computes means its slot is half wasted.",
                              "assumption (thesis ch. 6 §6.2.1, Figure 6.1; value of [39] not available)"));
  return c;
}

void check_scheduler(const Scenario& sc)
{
  const storm::Algorithm& a = storm::algorithm(sc.text("scheduler.algorithm"));
  auto runs_here = [&sc](const storm::Algorithm& x) { return std::string(x.mpi) == "any" || sc.text("mpi") == x.mpi; };
  if (!runs_here(a)) {
    std::string allowed;
    for (const storm::Algorithm& other : storm::algorithms())
      if (runs_here(other))
        allowed += fmt::format("{}{}", allowed.empty() ? "" : ", ", other.name);
    throw ScenarioError("scheduler.algorithm", sc.shown("scheduler.algorithm"),
                        fmt::format("one that runs on mpi = {} ({}); {} runs on mpi = {}", sc.text("mpi"), allowed,
                                    a.name, a.mpi));
  }
  if (a.strobe_paced && sc.quantity("scheduler.quantum") < sc.quantity("bcs.runtime.slice"))
    throw ScenarioError("scheduler.quantum", sc.shown("scheduler.quantum"),
                        fmt::format("at least one BCS-MPI slice (bcs.runtime.slice = {}): the global context switch "
                                    "rides on the slice strobes under {}",
                                    sc.shown("bcs.runtime.slice"), a.name));
}

storm::PolicySpec policy_spec(const Scenario& sc)
{
  storm::PolicySpec s;
  s.spin_time = sc.quantity("scheduler.spin_time");
  s.quantum = sc.quantity("scheduler.quantum");
  s.fcs.granularity = sc.quantity("scheduler.fcs.granularity");
  s.fcs.effectiveness = sc.real("scheduler.fcs.effectiveness");
  return s;
}

} // namespace bcssim::sim
