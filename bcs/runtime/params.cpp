// Sources: 000 = BCS-MPI chapter, 001 = SC'03 poster (docs/references.md).
#include "bcs/runtime/params.hpp"

#include "bcs/mds/params.hpp"

namespace bcssim::bcs::runtime {

const base::ParamGroup<RuntimeSpec>& runtime_params()
{
  using base::Quantity;
  static const base::ParamGroup<RuntimeSpec> g = [] {
    base::ParamGroup<RuntimeSpec> g("bcs");
    g.quantity("runtime.slice", &RuntimeSpec::slice, Quantity::time, "500us", 1e-6, 10,
               "Time slice: the Strobe Sender's global strobe period.", "001: 500 us global heartbeat");
    g.choice("runtime.restart", &RuntimeSpec::restart, "slice_boundary",
             {{"slice_boundary", RestartRule::slice_boundary}, {"on_completion", RestartRule::on_completion}},
             "When the Node Manager restarts a process suspended in a blocking call: slice_boundary = at the start "
             "of the slice after the one its operation completed in (a blocking call posted in slice i resumes at "
             "the start of slice i+2); on_completion = as soon as its operation completes (or, for a probe, its "
             "message is matchable), notified across PCI as at a boundary. on_completion is a what-if: the sources "
             "do not describe it.",
             "000 §3.1, 002 §5.3.1: the process is restarted at the beginning of the next time slice");
    g.choice("runtime.idle_slices", &RuntimeSpec::idle_slices, "computed", {{"computed", true}, {"acted", false}},
             "How slices in which no NIC has anything to do are simulated (every process computing, sleeping or "
             "blocked, no descriptor, transfer, collective, restart or termination anywhere): computed = their "
             "strobes, microstrobes, polls and done words computed from the machine's constants with the sums acting "
             "them out makes, and a run of them crossed at once (bcs/runtime/idle_slices.hpp); acted = each acted "
             "out by the protocol's threads. The two give the same events at the same instants, so the same digest "
             "(tested); computed costs no SimGrid activity per idle slice. Slices with EMDS or MMDS records, under "
             "--trace, NIC noise, bcs.core.impl = software_tree or the shared thread processor are always acted out.",
             "simulation method (issue 65 goal 1), not a model choice");
    g.choice("runtime.nic_threads", &RuntimeSpec::nic_threads_computed, "computed",
             {{"computed", true}, {"acted", false}},
             "How the NIC threads run under platform.fidelity = message: computed = the Strobe Receivers (which do "
             "the Buffer Sender's, Buffer Receiver's and DMA Helper's work) and the Strobe Sender within a slice run "
             "each step as an operation queued on their NIC's core where their actor would have queued it, or a "
             "timer, the next step called from its end, with no actor woken but for what blocks on something else "
             "(a job's termination report, a collective master's Compare-And-Write) "
             "(bcs/runtime/computed_sr.hpp, computed_ss.hpp); acted = by their actors. The same rules and order; an "
             "order of two things at one instant on one NIC may differ (docs/model.md). Under EMDS, --trace, NIC "
             "noise, failing multicasts or bcs.core.impl = software_tree always acted. No effect under "
             "platform.fidelity = stages.",
             "simulation method (issue 65 goal 2), not a model choice");
    g.choice("runtime.polls", &RuntimeSpec::polls_computed, "computed", {{"computed", true}, {"acted", false}},
             "How the Strobe Sender's Compare-And-Write polls of an unfinished microphase run where its steps are "
             "computed (platform.fidelity = message, bcs.runtime.nic_threads = computed): computed = none is stepped "
             "through; each is worked out, with the sums acting it out makes, when the last node's done word is "
             "written or another operation needs the management NIC's core (or the run ends), its events emitted at "
             "their instants, and the poll that finds the microphase done answered at its instant "
             "(bcs/runtime/lazy_polls.hpp); acted = each poll's steps as timers. The same events at the same "
             "instants, so the same digest (tested). No effect under platform.fidelity = stages, whose Strobe Sender "
             "polls from its actor.",
             "simulation method (issue 65 goal 2), not a model choice");
    g.integer("runtime.management_node", &RuntimeSpec::management_node, 0, 0, 16777215,
              "Node whose NIC runs the Strobe Sender (the management node).", "scenario choice");
    g.integer("runtime.combine_cycles", &RuntimeSpec::combine_cycles, 150, 0, 1e9,
              "NIC cycles per element combined by the Reduce Helper (SoftFloat: the Elan3 has no FPU).",
              "assumed: a SoftFloat double add/compare is on the order of a hundred instructions on the "
              "100 MHz Elan3 thread processor; 000 §4.4 gives no figure");
    g.quantity("runtime.retry_backoff", &RuntimeSpec::retry_backoff, Quantity::time, "1us", 0, 1,
               "Wait of the Strobe Sender before it checks an unfinished microphase again.",
               "assumed: 000 counts the retries (USRDEM, USRMSM) but gives no interval");
    g.nest(&RuntimeSpec::mmds, mds::mmds_params());
    g.integer("mds.mmds_update_cycles", &RuntimeSpec::mmds_update_cycles, 100, 0, 1e9,
              "Host cycles of one MMDS update (a distribution bin and a summary row), on top of reading the "
              "Elan clock across PCI; two updates per MPI call.",
              "assumed: a few loads, stores and a divide; 000 §5.1.1 gives no figure");
    g.nest(&RuntimeSpec::emds, mds::emds_params());
    return g;
  }();
  return g;
}

} // namespace bcssim::bcs::runtime
