// Kind "launch": STORM launching one do-nothing job (002 §4.3.1): its binary sent to the job's nodes through the
// NICs, its processes forked and reaped, every step at the Machine Manager's ticks (storm/launch).
#include "sim/kinds/launch/kind.hpp"

#include "base/sim_time.hpp"
#include "base/units.hpp"

#include "models/qsnet/params.hpp"
#include "sim/kinds/launch/launch_model.hpp"
#include "sim/kinds/launch/launch_report.hpp"
#include "sim/machine/machine_params.hpp"
#include "storm/launch/job_launch.hpp"
#include "storm/launch/params.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {
namespace {

struct JobSpec {
  unsigned nodes = 0; // 0: every node of the platform
};

const base::ParamGroup<JobSpec>& job_params()
{
  static const base::ParamGroup<JobSpec> g = [] {
    base::ParamGroup<JobSpec> g("launch");
    g.integer("nodes", &JobSpec::nodes, 0, 0, 16777216,
              "Nodes of the job: nodes 0 .. launch.nodes-1, node 0 being the management "
              "node that holds the binary; 0 = every node of the platform.",
              "scenario choice (002 §4.3.1: 1 to 64 nodes of Wolverine)");
    return g;
  }();
  return g;
}

std::vector<base::ParamDecl> params()
{
  std::vector<base::ParamDecl> decls = base::declarations(storm::launch::launch_params());
  base::append_declarations(decls, job_params());
  base::append_declarations(decls, storm::launch::launch_model_params());
  return decls;
}

unsigned job_nodes(const Scenario& sc)
{
  const unsigned n = sc.spec(job_params()).nodes;
  return n == 0 ? machine_size(sc).nodes : n;
}

// A bound on what a launch acts out, estimated at validation (issue 45 item 12: values in range whose launch
// would run for hours): the network load's messages over the launch (the sender's polls: storm/launch/params.cpp).
// Measured on this machine: 1 MiB messages on Wolverine's 64 nodes for 10 simulated s took 1.1 s of wall time, some
// 200,000 to 400,000 messages per second of it, so the bound is about 20 minutes.
constexpr double kMostLoadMessages = 5e8;

void check_load_cost(const Scenario& sc, unsigned nodes)
{
  const storm::launch::LaunchSpec spec = sc.spec(storm::launch::launch_params());
  if (spec.load != storm::launch::Load::network)
    return;
  const double sender = storm::launch::sender_seconds(spec);
  const double writes = nodes > 1 ? storm::launch::receiver_write_seconds(spec) : 0;
  // Every PE ping-pongs for the whole launch: messages of at least 10 us each, no more than the node's PCI
  // bus carries.
  const qsnet::PlatformSpec platform = sc.spec(qsnet::platform_params());
  const double span = std::max(sender, writes) + spec.exec_cost;
  const double per_node = std::min(platform.node.pes / 10e-6, platform.node.pci_read / double(spec.load_message_bytes));
  const double messages = double(nodes) * span * per_node;
  if (messages > kMostLoadMessages)
    throw ScenarioError("launch.load_message_size", sc.shown("launch.load_message_size"),
                        fmt::format("a size at which the network load sends at most {} messages (about 20 "
                                    "minutes of simulation): here about {} over the launch's {} s or more on {} "
                                    "nodes (larger messages, or a shorter launch)",
                                    base::short_number(kMostLoadMessages),
                                    base::short_number(base::significant(messages, 2)),
                                    base::short_number(base::significant(span, 3)), nodes));
}

void check(const Scenario& sc)
{
  const unsigned nodes = machine_size(sc).nodes;
  if (sc.spec(job_params()).nodes > nodes)
    throw ScenarioError("launch.nodes", sc.shown("launch.nodes"),
                        fmt::format("0 (every node) or 1 to platform.nodes = {}", nodes));
  (void)sc.spec(storm::launch::launch_params()); // its rules, at validation
  check_load_cost(sc, job_nodes(sc));
}

class LaunchRun : public KindRun {
public:
  LaunchRun(World& world, const Scenario& sc)
      : spec_(sc.spec(storm::launch::launch_params())),
        sc_load_(spec_.load == storm::launch::Load::none ? "idle" : storm::launch::load_name(spec_.load)),
        launch_(std::make_unique<storm::launch::JobLaunch>(world.qsnet_hw(), world.host(), spec_, job_nodes(sc),
                                                           world.platform_spec().node.pes, sc.seed())),
        timing_(world.platform_spec().timing)
  {
    launch_->start();
  }

  void finish() override
  {
    const storm::launch::LaunchRecord& r = launch_->record();
    if (r.done < 0)
      throw std::logic_error("the launch did not finish (a model bug)");
    LaunchFigures& f = figures_;
    f.binary_bytes = spec_.binary_bytes;
    f.nodes = launch_->nodes();
    f.pes = launch_->pes();
    f.load = sc_load_;
    f.tick = spec_.tick;
    const storm::launch::BinaryTransfer* t = launch_->transfer();
    f.chunks = t ? t->chunks() : 0;
    f.transfer = t ? t->record().done : 0;
    f.transfer_noted = r.transfer_noted;
    f.done = r.done;
    f.last_ended = *std::max_element(r.ended.begin(), r.ended.end());
    const ModelLaunch model = model_launch(timing_, f.nodes, f.binary_bytes, spec_.exec_cost, spec_.tick);
    f.model_es40 = model.es40;
    f.model_ideal = model.ideal;
    for (unsigned n = 0; n < f.nodes; ++n)
      f.per_node.push_back(
          NodeLaunchTimes{n, n > 0 && t ? t->record().written.at(n - 1) : -1, r.command.at(n), r.ended.at(n)});
    if (t)
      f.stages = t->record().stages;
    launch_.reset();
  }
  void summarize(nlohmann::json& summary) const override { summary["launch"] = launch_summary(figures_); }
  void write(const ResultsDir& dir) const override { write_launch(dir, dir.title(), figures_); }

private:
  storm::launch::LaunchSpec spec_;
  std::string sc_load_; // idle, cpu or network
  std::unique_ptr<storm::launch::JobLaunch> launch_;
  qsnet::LinkTiming timing_;
  LaunchFigures figures_;
};

} // namespace

Kind launch_kind()
{
  Kind k;
  k.name = "launch";
  k.doc = "has STORM launch one do-nothing job: its binary sent through the NICs, its processes forked and reaped";
  k.params = params();
  k.check = check;
  k.start = [](World& world, const Scenario& sc) { return std::make_unique<LaunchRun>(world, sc); };
  k.study_report = write_launch_study;
  k.outputs = launch_outputs();
  k.headline = [](const nlohmann::json& summary) {
    const auto& l = summary.at("launch");
    const double bandwidth = l.at("protocol_bandwidth_MBps").get<double>();
    return fmt::format("{} MB on {} ({}): launch {} ms (send {} ms, execute {} ms), {}",
                       base::readable(l.at("binary_bytes").get<double>() / 1e6),
                       base::counted(l.at("nodes").get<long>(), "node"), l.at("load").get<std::string>(),
                       base::readable(l.at("launch_ms").get<double>()), base::readable(l.at("send_ms").get<double>()),
                       base::readable(l.at("execute_ms").get<double>()),
                       bandwidth > 0 ? "protocol bandwidth " + base::readable(bandwidth) + " MB/s"
                                     : std::string("no protocol bandwidth (nothing sent)"));
  };
  return k;
}

} // namespace bcssim::sim
