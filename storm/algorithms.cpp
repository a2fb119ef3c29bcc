#include "storm/algorithms.hpp"

#include "base/registry.hpp"

#include <string>

namespace bcssim::storm {

const std::vector<Algorithm>& algorithms()
{
  static const std::vector<Algorithm> all{
      {"fcfs",
       "batch space sharing: each job on dedicated PEs in submission order, the first waiting job blocking the others "
       "(no backfilling), multiprogramming level 1",
       "thesis ch. 6 §6.2, §6.3.1",
       MpiNeed::any,
       nullptr,
       "#7f7f7f",
       false,
       false,
       {"batch", "first_come_first_served"}},
      {"gs",
       "gang scheduling on an Ousterhout matrix of scheduler.mpl rows: every quantum the Machine Manager multicasts a "
       "global context switch to the next row holding a job, and each Node Manager gives every local PE to that "
       "row's process (or leaves it idle); a blocked process spins",
       "thesis ch. 4 §4.2.1, §4.3.3; ch. 6 §6.2",
       MpiNeed::no_strobe,
       make_gang,
       "#1f77b4",
       false,
       true,
       {"gang", "gang_scheduling"}},
      {"sb",
       "spin-block (implicit coscheduling): no global coordination; a process in a blocking call spins for "
       "scheduler.spin_time, then blocks, and the node's OS scheduler (time slices of one quantum, Linux 2.4's "
       "counters) gives its PE to another; a process whose call completed takes its PE back at once if it has more "
       "of its slice left than the holder",
       "thesis ch. 6 §6.2 (Arpaci-Dusseau et al. [2])",
       MpiNeed::no_strobe,
       make_spin_block,
       "#ff7f0e",
       false,
       false,
       {"spin_block", "spinblock", "implicit", "implicit_coscheduling"}},
      {"fcs",
       "flexible coscheduling: each process is classified CS, F or DC at every global context switch from its "
       "measured granularity and communication effectiveness (scheduler.fcs.*); in its slot a CS process runs "
       "exclusively and spins, an F process runs first and spin-blocks with DC processes filling its holes; other "
       "slots are shared by the OS scheduler as under sb",
       "thesis ch. 6 §6.2.1 (Frachtenberg et al. [38, 39])",
       MpiNeed::no_strobe,
       make_fcs,
       "#2ca02c",
       false,
       true,
       {"flexible", "flexible_coscheduling"}},
      {"bcs",
       "buffered coscheduling: gang slots from the Machine Manager; a process that blocks in a communication call "
       "yields its PE at once to the next runnable process round robin, and takes it back when BCS-MPI restarts it "
       "at a slice boundary; communication goes on in the NICs whichever process runs",
       "thesis ch. 6 §6.2.2",
       MpiNeed::strobe,
       make_bcs,
       "#d62728",
       true,
       true,
       {"buffered", "buffered_coscheduling"}},
      {"pbcs",
       "bcs with priorities: a ready process of a job with a higher 'priority' than the slot's runs whenever it is "
       "ready",
       "thesis ch. 6 §6.3.2.3", MpiNeed::strobe, make_pbcs, "#e377c2", true, true},
  };
  return all;
}

const Algorithm& algorithm(std::string_view name)
{
  return base::find_named(algorithms(), std::string(name), "scheduling algorithm");
}

const char* describe(MpiNeed need)
{
  switch (need) {
    case MpiNeed::any:
      return "on any MPI";
    case MpiNeed::no_strobe:
      return "on an MPI without a global strobe, as the production MPI";
    case MpiNeed::strobe:
      return "on an MPI with a global slice strobe, as BCS-MPI";
  }
  return "";
}

} // namespace bcssim::storm
