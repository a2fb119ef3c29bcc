// docs/extending.md's example kind: one DMA put of toy_kind.bytes from node 0's main memory to node 1's, timed.
#include "sim/kinds/toy_kind/kind.hpp"

#include "base/units.hpp"
#include "models/elan3/dma.hpp"

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>

namespace bcssim::sim {
namespace {

class ToyRun : public KindRun {
public:
  ToyRun(World& world, const Scenario& sc) : bytes_(std::uint64_t(sc.quantity("toy_kind.bytes")))
  {
    elan3::DmaEngine& dma = world.dma();
    const std::uint64_t bytes = bytes_;
    dma.start_on_nic(0, "toy_put", [&dma, bytes, this] {
      dma.put({0, elan3::Memory::main}, {1, elan3::Memory::main}, bytes);
      arrived_ = simgrid::s4u::Engine::get_clock();
    });
  }
  void finish() override
  {
    if (arrived_ < 0)
      throw std::logic_error("toy_kind: the put did not arrive");
  }
  void summarize(nlohmann::json& summary) const override
  {
    summary["toy_kind"] = {{"bytes", bytes_}, {"put_us", arrived_ * 1e6}};
  }
  void write(const ResultsDir& dir) const override
  {
    dir.write("runs.csv", fmt::format("bytes,put_us\n{},{:.3f}\n", bytes_, arrived_ * 1e6));
  }

private:
  std::uint64_t bytes_;
  double arrived_ = -1;
};

} // namespace

Kind toy_kind_kind()
{
  Kind k;
  k.name = "toy_kind";
  k.doc = "docs/extending.md's example: one DMA put from node 0 to node 1, timed";
  k.params = {base::quantity_decl("toy_kind.bytes", base::Quantity::size, "64KiB", 0, 1e9,
                                  "Bytes of the put from node 0's main memory to node 1's.", "scenario choice")};
  k.check = [](const Scenario& sc) {
    if (sc.integer("platform.nodes") < 2)
      throw ScenarioError("platform.nodes", sc.shown("platform.nodes"), "at least 2 for kind toy_kind");
  };
  k.start = [](World& world, const Scenario& sc) { return std::make_unique<ToyRun>(world, sc); };
  k.outputs = {{"runs.csv",
                "One row: the put.",
                {{"bytes", "B", "toy_kind.bytes"}, {"put_us", "us", "the put's arrival at node 1"}}}};
  k.headline = [](const nlohmann::json& summary) {
    const auto& t = summary.at("toy_kind");
    return fmt::format("{} B put in {} us", t.at("bytes").get<std::uint64_t>(),
                       base::readable(t.at("put_us").get<double>()));
  };
  return k;
}

} // namespace bcssim::sim
