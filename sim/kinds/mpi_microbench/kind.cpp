// Kind "mpi_microbench": OSU-style MPI benchmarks (apps/microbench) run as MPI jobs, one after another, on the
// scenario's backend. Sources: 003 = Kumar & Kalé (docs/references.md).
#include "sim/kinds/mpi_microbench/kind.hpp"

#include "base/units.hpp"

#include "sim/kinds/mpi_microbench/mpi_bench.hpp"
#include "sim/kinds/mpi_microbench/mpi_bench_report.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/slice_probe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bcssim::sim {
namespace {

using base::Quantity;

std::vector<std::uint64_t> bytes_of(const base::ParamValue& v)
{
  std::vector<std::uint64_t> out;
  for (double b : v.numbers)
    out.push_back(std::uint64_t(b));
  return out;
}

// mpi_microbench.tests left as it is (benchmarks.hpp: head_to_head deadlocks above the eager sizes, so not by
// default).
std::vector<std::string> default_benchmarks()
{
  std::vector<std::string> out;
  for (const MpiBenchmark& b : mpi_benchmarks())
    if (b.by_default)
      out.push_back(b.name);
  return out;
}

std::vector<unsigned> unsigneds(const base::ParamValue& v)
{
  std::vector<unsigned> out;
  for (double x : v.numbers)
    out.push_back(unsigned(x));
  return out;
}

const base::ParamGroup<MpiBenchSpec>& params()
{
  static const base::ParamGroup<MpiBenchSpec> g = [] {
    base::ParamGroup<MpiBenchSpec> g("mpi_microbench");
    g.add(base::word_list_decl(
              "tests", mpi_benchmark_names(), default_benchmarks(),
              "Benchmarks to run. pingpong: half the round trip vs size; bandwidth / bidirectional: a window of "
              "non-blocking messages one way / both ways at once vs size; posted_receives: ping-pong latency "
              "with extra receives posted first (003 Table 2); barrier / bcast / allreduce: time per call vs "
              "processes; head_to_head: both ranks Send then Recv (MPI calls this unsafe: it deadlocks once "
              "a message is too large to go eagerly, and the run reports the blocked ranks).",
              "scenario choice (OSU micro-benchmarks; 003 §3)"),
          [](MpiBenchSpec& s, const base::ParamValue& v) {
            s.tests.clear();
            for (const std::string& w : v.words) // the catalogue allows only their names
              s.tests.push_back(&mpi_benchmark(w));
          });
    g.add(base::integer_decl("pair", 0, 0, 16777215,
                             "Nodes of rank 0 and rank 1 in the two-rank benchmarks (one rank per node).",
                             "scenario choice; 003 measures neighbouring nodes"),
          [](MpiBenchSpec& s, const base::ParamValue& v) {
            if (v.numbers.size() == 2) { // a single value stands for a list of one: check() reports any other count
              s.node_a = unsigned(v.numbers[0]);
              s.node_b = unsigned(v.numbers[1]);
            }
          })
        .listed(base::numbers({0, 1}));
    g.add(base::quantity_decl("sizes", Quantity::size, "0B", 0, 1e9,
                              "Message sizes of pingpong, bandwidth, bidirectional and head_to_head.",
                              "scenario choice"),
          [](MpiBenchSpec& s, const base::ParamValue& v) { s.sizes = bytes_of(v); })
        .listed(base::quantities(Quantity::size,
                                 {"0B", "16B", "64B", "256B", "1KiB", "4KiB", "16KiB", "64KiB", "256KiB", "1MiB"}));
    g.integer("iterations", &MpiBenchSpec::iterations, 20, 1, 1e6,
              "Timed repetitions of each measurement, after 2 untimed warm-up repetitions.", "scenario choice");
    g.integer("window", &MpiBenchSpec::window, 64, 1, 1e5,
              "Messages in flight per repetition of bandwidth and "
              "bidirectional.",
              "OSU osu_bw default window");
    g.add(base::integer_decl("posted_receives", 1, 1, 1e5,
                             "Receives posted at each rank during the posted_receives ping-pong, the matching "
                             "one last (003 Table 2 uses 1 and 33).",
                             "003 Table 2"),
          [](MpiBenchSpec& s, const base::ParamValue& v) { s.posted = unsigneds(v); })
        .listed(base::numbers({1, 9, 17, 25, 33}));
    g.add(base::quantity_decl("posted_sizes", Quantity::size, "16B", 0, 1e9,
                              "Message sizes of the posted_receives ping-pong.", "003 Table 2"),
          [](MpiBenchSpec& s, const base::ParamValue& v) { s.posted_sizes = bytes_of(v); })
        .listed(base::quantities(Quantity::size, {"16B", "64B", "256B"}));
    g.add(base::integer_decl("processes", 2, 1, 16777216,
                             "Process counts of barrier, bcast and allreduce; [] = 2, 4, 8, ... up to "
                             "platform.nodes x platform.pes_per_node, and that total itself.",
                             "scenario choice"),
          [](MpiBenchSpec& s, const base::ParamValue& v) { s.processes = unsigneds(v); })
        .listed(base::numbers({}));
    g.add(base::quantity_decl("collective_size", Quantity::size, "8B", 0, 1e9,
                              "Bytes of each bcast and allreduce (allreduce: doubles, so a multiple of 8).",
                              "scenario choice"),
          [](MpiBenchSpec& s, const base::ParamValue& v) { s.collective_size = std::uint64_t(v.number()); });
    return g;
  }();
  return g;
}

// The pair on two nodes, process counts that fit the machine, whole doubles to reduce.
void check(const Scenario& sc)
{
  const MpiBenchSpec s = sc.spec(params());
  const std::int64_t nodes = machine_size(sc).nodes;
  if (sc.value("mpi_microbench.pair").numbers.size() != 2 || s.node_a == s.node_b || s.node_a >= nodes ||
      s.node_b >= nodes)
    throw ScenarioError("mpi_microbench.pair", sc.shown("mpi_microbench.pair"),
                        fmt::format("two distinct node numbers below platform.nodes = {}", nodes));
  const std::int64_t pes = machine_size(sc).pes_per_node;
  for (std::size_t i = 0; i < s.processes.size(); ++i)
    if (s.processes[i] > nodes * pes)
      throw ScenarioError(
          fmt::format("mpi_microbench.processes[{}]", i), std::to_string(s.processes[i]),
          fmt::format("at most platform.nodes x platform.pes_per_node = {} x {} = {}", nodes, pes, nodes * pes));
  if (std::any_of(s.tests.begin(), s.tests.end(), [](const MpiBenchmark* b) { return b->reduces_doubles; }) &&
      s.collective_size % 8 != 0)
    throw ScenarioError("mpi_microbench.collective_size", sc.shown("mpi_microbench.collective_size"),
                        "a multiple of 8 B when allreduce runs (it reduces doubles)");
  check_slice_leaves_time(sc);
}

MpiBenchSpec spec_of(const Scenario& sc)
{
  MpiBenchSpec s = sc.spec(params());
  if (s.processes.empty()) {
    const auto capacity = std::int64_t(machine_size(sc).pes());
    for (std::int64_t p = 2; p < capacity; p *= 2)
      s.processes.push_back(unsigned(p));
    s.processes.push_back(unsigned(capacity));
  }
  return s;
}

class MpiMicrobenchRun : public KindRun {
public:
  MpiMicrobenchRun(World& world, const Scenario& sc)
      : backend_(sc.mpi()), bench_(std::make_unique<MpiBench>(world, sc, spec_of(sc)))
  {
    bench_->start();
  }
  void finish() override
  {
    bench_->check(); // an application's deadlock, reported rank by rank
    runs_ = bench_->results();
    bench_.reset();
  }
  const std::vector<MpiMeasurement>& runs() const { return runs_; }
  void summarize(nlohmann::json& summary) const override
  {
    summary["mpi"] = backend_;
    summary["mpi_figures"] = mpi_bench_figures(runs_);
  }
  void write(const ResultsDir& dir) const override
  {
    dir.write("runs.csv", mpi_bench_csv(runs_));
    write_mpi_bench_plot(dir, dir.title(), backend_, runs_);
  }

private:
  std::string backend_;
  std::unique_ptr<MpiBench> bench_;
  std::vector<MpiMeasurement> runs_;
};

// The OSU-style figures it measured: the smallest message's ping-pong latency, the peak bandwidth, the barrier on
// the most processes.
std::string mpi_microbench_headline(const nlohmann::json& summary)
{
  const auto& f = summary.at("mpi_figures");
  std::vector<std::string> parts;
  if (f.contains("pingpong_latency_us") && !f.at("pingpong_latency_us").empty()) {
    const auto& list = f.at("pingpong_latency_us");
    const auto& least = *std::min_element(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.at("size_B").template get<double>() < b.at("size_B").template get<double>();
    });
    parts.push_back(fmt::format("ping-pong {} B latency {} us", least.at("size_B").get<long>(),
                                base::readable(least.at("latency_us").get<double>())));
  }
  if (f.contains("peak_bandwidth_MBps"))
    parts.push_back(fmt::format("peak bandwidth {} MB/s", base::readable(f.at("peak_bandwidth_MBps").get<double>())));
  if (f.contains("barrier_us") && !f.at("barrier_us").empty()) {
    const auto& list = f.at("barrier_us");
    const auto& most = *std::max_element(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.at("processes").template get<long>() < b.at("processes").template get<long>();
    });
    parts.push_back(fmt::format("barrier on {} processes {} us", most.at("processes").get<long>(),
                                base::readable(most.at("barrier_us").get<double>())));
  }
  return summary.at("mpi").get<std::string>() + ": " + fmt::format("{}", fmt::join(parts, "; "));
}

} // namespace

const std::vector<MpiMeasurement>& mpi_bench_results(const KindRun& run)
{
  return dynamic_cast<const MpiMicrobenchRun&>(run).runs();
}

Kind mpi_microbench_kind()
{
  Kind k;
  k.name = "mpi_microbench";
  k.doc = "runs OSU-style MPI benchmarks on the backend 'mpi'";
  k.params = base::declarations(params());
  k.check = check;
  k.start = [](World& world, const Scenario& sc) { return std::make_unique<MpiMicrobenchRun>(world, sc); };
  k.outputs = mpi_microbench_outputs();
  k.on_backend = true;
  k.headline = mpi_microbench_headline;
  return k;
}

} // namespace bcssim::sim
