#include "storm/machine_manager/params.hpp"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace bcssim::storm {

const base::ParamGroup<SchedulerSpec>& scheduler_params()
{
  using base::Quantity;
  static const base::ParamGroup<SchedulerSpec> g = [] {
    base::ParamGroup<SchedulerSpec> g("scheduler");
    std::vector<std::pair<std::string, std::string>> names;
    std::string doc = "How the machine is shared among the jobs.";
    std::string sources;
    std::vector<std::pair<std::string, std::string>> synonyms;
    for (const Algorithm& a : algorithms()) {
      names.emplace_back(a.name, a.name);
      for (const char* word : a.sources_say)
        synonyms.emplace_back(word, a.name);
      doc += fmt::format(" {}: {} ({}).", a.name, a.doc, describe(a.mpi));
      sources += fmt::format("{}{}: {}", sources.empty() ? "" : "; ", a.name, a.source);
    }
    g.choice("algorithm", &SchedulerSpec::algorithm, "fcfs", names, doc, sources).synonyms = std::move(synonyms);
    g.integer("mpl", &SchedulerSpec::mpl, 2, 1, 64,
              "Multiprogramming level of the time-sharing algorithms: rows of the Ousterhout matrix, the most "
              "processes a PE holds.",
              "scenario choice (thesis ch. 4 §4.3.3.3 runs MPL 1, 2, 4 and 8; ch. 6 §6.4.2 bounds it at 6)");
    g.choice("backfill", &SchedulerSpec::easy_backfill, "none", {{"none", false}, {"easy", true}},
             "The queue of jobs waiting for PEs. none: strict submission order, the first waiting job blocks the "
             "others. easy: EASY backfilling: the first waiting job gets a reservation (when enough PEs of a row "
             "free up by the running jobs' estimates, each x scheduler.mpl under time sharing), and later jobs start "
             "before it if they do not delay it (storm/gang_matrix.hpp). Jobs need estimates: "
             "workload.jobs[i].estimate, or an SWF file's.",
             "thesis ch. 6 §6.4.1 (EASY [68], Lifka 1995; estimates x MPL as Zhang et al. [120])");
    g.quantity("context_switch", &SchedulerSpec::context_switch, Quantity::time, "0s", 0, 1,
               "PE time a Node Manager's own work adds to each switch from one process to another (signalling the "
               "processes), after the kernel's switch (platform.pe.kernel_switch); no process computes meanwhile. "
               "No source gives STORM's: ch. 4 §4.3.3.1 finds no noticeable overhead with quanta as small as 2 ms, "
               "and the NM keeps up with strobes every 300 us on Crescendo; 0 by default, a what-if otherwise.",
               "none (thesis ch. 4 §4.3.3.1 bounds it from above)");
    g.add(base::quantity_decl("quantum", Quantity::time, "50ms", 1e-6, 3600,
                              "The Machine Manager's timeslice: it acts at multiples of it (a job that ended is "
                              "noted, a submitted one queued and started at the next tick) and, under time "
                              "sharing, multicasts a global context switch at each. Also the time slice of the "
                              "nodes' OS scheduler under sb and fcs (its counters, Linux 2.4 style). Under bcs and "
                              "pbcs it must be at least a BCS-MPI slice (bcs.runtime.slice).",
                              "thesis ch. 4 §4.2.1 (the MM is clock-based) and §4.3.3.1 (50 ms)"),
          [](SchedulerSpec& s, const base::ParamValue& v) { s.quantum = s.policy.quantum = v.number(); });
    g.add(base::quantity_decl("spin_time", Quantity::time, "100us", 0, 1,
                              "How long a process in a blocking call spins on its PE before blocking and giving "
                              "the PE up, under sb and for FCS's F and DC processes. No source gives the value "
                              "the thesis used: an assumption, long against a round trip between coscheduled "
                              "peers on QsNet (about 10 us) so that they never block, short against the "
                              "granularities of ch. 6 §6.3 (2 to 21 ms).",
                              "assumption (thesis ch. 6 §6.2 describes spin-block without its spin time)"),
          [](SchedulerSpec& s, const base::ParamValue& v) { s.policy.spin_time = v.number(); });
    g.add(base::quantity_decl("fcs.granularity", Quantity::time, "5ms", 0, 3600,
                              "FCS: a process whose mean CPU time between blocking calls, measured in its "
                              "timeslice, exceeds this is DC (coarse grained). FCS's own threshold is in [39], "
                              "which we could not obtain: an assumption placed between the 3 ms granularity "
                              "that §6.3.2.1 says FCS classifies CS and the 6 ms one it classifies DC "
                              "(§6.3.2.2).",
                              "assumption (thesis ch. 6 §6.2.1, Figure 6.1; value of [39] not available)"),
          [](SchedulerSpec& s, const base::ParamValue& v) { s.policy.fcs.granularity = v.number(); });
    g.add(base::real_decl("fcs.effectiveness", 0.5, 0, 1e6,
                          "FCS: a fine-grained process that spent more than this fraction of its CPU time waiting "
                          "in blocking calls during its timeslice communicates ineffectively (F); otherwise it "
                          "is CS. An assumption ([39] not available): waiting more than half as long as it "
                          "computes means its slot is half wasted.",
                          "assumption (thesis ch. 6 §6.2.1, Figure 6.1; value of [39] not available)"),
          [](SchedulerSpec& s, const base::ParamValue& v) { s.policy.fcs.effectiveness = v.number(); });
    return g;
  }();
  return g;
}

} // namespace bcssim::storm
