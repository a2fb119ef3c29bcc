// Kind "microbench": the raw QsNet substrate (Elan3lib-level RDMA puts) and the core primitives. Sources:
// 002 = thesis excerpt, 003 = Kumar & Kalé (docs/references.md).
#include "sim/kinds/microbench/kind.hpp"

#include "base/units.hpp"
#include "bcs/core/implementations.hpp"

#include "sim/kinds/microbench/collective_bench.hpp"
#include "sim/kinds/microbench/collective_report.hpp"
#include "sim/kinds/microbench/microbench.hpp"
#include "sim/kinds/microbench/microbench_report.hpp"
#include "sim/machine/machine_params.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {
namespace {

using base::Quantity;

// The microbench section as a scenario writes it.
struct Input {
  MicrobenchSpec substrate;
  bool collectives = false;
  std::vector<unsigned> collective_nodes; // [] = 2, 4, 16, ... up to the machine
  std::vector<std::string> collective_impls;
  std::uint64_t broadcast_bytes = 0;
  std::vector<elan3::Memory> broadcast_memories;
};

const std::vector<std::string> kPaths = {"elan-elan", "elan-main", "main-elan", "main-main"};

std::vector<unsigned> unsigneds(const base::ParamValue& v)
{
  std::vector<unsigned> out;
  for (double x : v.numbers)
    out.push_back(unsigned(x));
  return out;
}

const base::ParamGroup<Input>& params()
{
  static const base::ParamGroup<Input> g = [] {
    base::ParamGroup<Input> g("microbench");
    g.add(base::integer_decl("pair", 0, 0, 16777215, "Source and destination node of the latency and bandwidth sweeps.",
                             "scenario choice"),
          [](Input& in, const base::ParamValue& v) {
            if (v.numbers.size() == 2) { // a single value stands for a list of one: check() reports any other count
              in.substrate.src = unsigned(v.numbers[0]);
              in.substrate.dst = unsigned(v.numbers[1]);
            }
          })
        .listed(base::numbers({0, 1}));
    g.add(base::quantity_decl("sizes", Quantity::size, "0B", 0, 1e9,
                              "Message sizes of the latency and bandwidth sweeps.", "scenario choice"),
          [](Input& in, const base::ParamValue& v) {
            in.substrate.sizes.clear();
            for (double s : v.numbers)
              in.substrate.sizes.push_back(std::uint64_t(s));
          })
        .listed(base::quantities(Quantity::size, {"0B", "1B", "4B", "16B", "64B", "256B", "1KiB", "4KiB", "16KiB",
                                                  "64KiB", "256KiB", "1MiB"}));
    g.add(base::word_list_decl("paths", kPaths, {"elan-elan", "main-main"},
                               "Source-destination memories of the sweeps: elan = NIC memory, main = host memory over "
                               "PCI.",
                               "scenario choice"),
          [](Input& in, const base::ParamValue& v) {
            in.substrate.paths.clear();
            for (const std::string& p : v.words)
              in.substrate.paths.push_back(parse_memory_path(p));
          });
    g.add(base::quantity_decl("bandwidth_size", Quantity::size, "1MiB", 1, 1e10,
                              "Message size of the bidirectional and distance measurements.", "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.substrate.bandwidth_size = std::uint64_t(v.number()); });
    g.add(base::flag_decl("bidirectional", true,
                          "Also send between the pair in both directions at once, for every path.", "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.substrate.bidirectional = v.number() != 0; });
    g.add(base::flag_decl("distance", true,
                          "Also measure worst-case bandwidth vs tree size: node 0 to node k^h - 1 for each level h.",
                          "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.substrate.distance = v.number() != 0; });
    g.add(base::choice_decl("distance_path", "elan-main", kPaths, "Memories of the distance measurement.",
                            "003 Table 7 measures Elan to main"),
          [](Input& in, const base::ParamValue& v) { in.substrate.distance_path = parse_memory_path(v.word()); });
    g.flag("collectives", &Input::collectives, true,
           "Also measure the core primitives on node sets 0..n-1: barrier, broadcast bandwidth at the "
           "source, global compare and Compare-And-Write, for each implementation.");
    g.add(base::integer_decl("collective_nodes", 2, 2, 16777216,
                             "Set sizes n of the collective measurements; [] = 2, 4, 16, 64, ... up to "
                             "platform.nodes, and platform.nodes itself.",
                             "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.collective_nodes = unsigneds(v); })
        .listed(base::numbers({}));
    g.add(base::word_list_decl("collective_impls", bcs::core::implementation_names(), bcs::core::implementation_names(),
                               "Core-primitive implementations measured side by side (software_tree with "
                               "bcs.core.software_tree.*).",
                               "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.collective_impls = v.words; });
    g.add(base::quantity_decl("broadcast_size", Quantity::size, "1MiB", 0, 1e10,
                              "Bytes of the broadcast-bandwidth measurement.", "scenario choice"),
          [](Input& in, const base::ParamValue& v) { in.broadcast_bytes = std::uint64_t(v.number()); });
    g.add(base::word_list_decl("broadcast_memories", {"elan", "main"}, {"elan", "main"},
                               "Memory the broadcast reads at the source and writes at the destinations.",
                               "002 §2.4.2.1 measures both"),
          [](Input& in, const base::ParamValue& v) {
            in.broadcast_memories.clear();
            for (const std::string& m : v.words)
              in.broadcast_memories.push_back(m == "main" ? elan3::Memory::main : elan3::Memory::elan);
          });
    return g;
  }();
  return g;
}

void check(const Scenario& sc)
{
  const Input in = sc.spec(params());
  const unsigned nodes = machine_size(sc).nodes;
  if (sc.value("microbench.pair").numbers.size() != 2 || in.substrate.src == in.substrate.dst ||
      in.substrate.src >= nodes || in.substrate.dst >= nodes)
    throw ScenarioError("microbench.pair", sc.shown("microbench.pair"),
                        fmt::format("two distinct node numbers below platform.nodes = {}", nodes));
  for (unsigned n : in.collective_nodes)
    if (n > nodes)
      throw ScenarioError("microbench.collective_nodes", sc.shown("microbench.collective_nodes"),
                          fmt::format("set sizes from 2 to platform.nodes = {}", nodes));
}

// Set sizes of the collective benchmarks ([] = 2, 4, 16, ... up to the node count, and it).
std::vector<unsigned> set_sizes(const Input& in, unsigned nodes)
{
  if (!in.collective_nodes.empty())
    return in.collective_nodes;
  std::vector<unsigned> out;
  for (unsigned n = 2; n < nodes; n = n == 2 ? 4 : n * 4)
    out.push_back(n);
  out.push_back(nodes);
  return out;
}

class MicrobenchRun : public KindRun {
public:
  MicrobenchRun(World& world, const Scenario& sc) : timing_(world.platform_spec().timing)
  {
    const Input in = sc.spec(params());
    auto substrate = start_microbench(world.platform(), world.dma(), in.substrate, runs_);
    if (!in.collectives)
      return;
    CollectiveBenchSpec spec;
    spec.nodes = set_sizes(in, world.platform_spec().nodes);
    for (const std::string& name : in.collective_impls)
      spec.impls.push_back(&world.primitives(name));
    spec.broadcast_bytes = in.broadcast_bytes;
    spec.broadcast_memories = in.broadcast_memories;
    start_collective_bench(world.machine(), world.host(), spec, runs_, substrate);
  }
  void finish() override {}
  const std::vector<Measurement>& runs() const { return runs_; }
  void summarize(nlohmann::json& summary) const override
  {
    summary["figures"] = microbench_figures(runs_);
    summary["collective_figures"] = collective_figures(runs_);
  }
  void write(const ResultsDir& dir) const override
  {
    dir.write("runs.csv", microbench_csv(runs_));
    write_microbench_plot(dir, timing_, runs_);
    write_collective_plot(dir, dir.title(), runs_);
  }

private:
  qsnet::LinkTiming timing_;
  std::vector<Measurement> runs_;
};

// The substrate's figures it measured: 0 B latency and peak bandwidth per path, the barrier on the most nodes.
std::string microbench_headline(const nlohmann::json& summary)
{
  std::vector<std::string> parts;
  const auto& f = summary.at("figures");
  if (f.contains("latency_us"))
    for (const auto& r : f.at("latency_us"))
      if (r.at("size_B") == 0) {
        parts.push_back(fmt::format("0 B RDMA latency {} us ({})", base::readable(r.at("latency_us").get<double>()),
                                    r.at("path").get<std::string>()));
        break;
      }
  if (f.contains("peak_bandwidth_MBps")) {
    std::vector<std::string> paths;
    for (const auto& [path, value] : f.at("peak_bandwidth_MBps").items())
      if (value.get<double>() > 0) // 0: only empty messages were sent, a bandwidth is not measured
        paths.push_back(fmt::format("{} {}", path, base::readable(value.get<double>())));
    if (!paths.empty())
      parts.push_back(fmt::format("peak bandwidth (MB/s) {}", fmt::join(paths, ", ")));
  }
  if (summary.contains("collective_figures") && summary.at("collective_figures").contains("barrier_us")) {
    std::vector<std::pair<std::string, std::pair<long, double>>> most; // per implementation, in first-seen order
    for (const auto& r : summary.at("collective_figures").at("barrier_us")) {
      const std::string impl = r.at("impl").get<std::string>();
      auto it = std::find_if(most.begin(), most.end(), [&](const auto& m) { return m.first == impl; });
      if (it == most.end())
        it = most.insert(most.end(), {impl, {0, 0.0}});
      if (r.at("nodes").get<long>() > it->second.first)
        it->second = {r.at("nodes").get<long>(), r.at("barrier_us").get<double>()};
    }
    for (const auto& [impl, m] : most)
      parts.push_back(
          fmt::format("barrier on {} {} us ({})", base::counted(m.first, "node"), base::readable(m.second), impl));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

} // namespace

const std::vector<Measurement>& microbench_results(const KindRun& run)
{
  return dynamic_cast<const MicrobenchRun&>(run).runs();
}

Kind microbench_kind()
{
  Kind k;
  k.name = "microbench";
  k.doc = "measures the raw QsNet substrate (Elan3lib-level RDMA puts) and the core primitives";
  k.params = base::declarations(params());
  k.check = check;
  k.start = [](World& world, const Scenario& sc) { return std::make_unique<MicrobenchRun>(world, sc); };
  k.outputs = microbench_outputs();
  k.headline = microbench_headline;
  return k;
}

} // namespace bcssim::sim
