// Sources: 000 = BCS-MPI chapter, 002 = thesis excerpt, 004 = MRNet (docs/references.md).
#include "bcs/core/params.hpp"

#include "bcs/core/implementations.hpp"

namespace bcssim::bcs::core {
namespace {

using base::Quantity;
using Transport = SoftwareTreeSpec::Transport;

// LogP triples for networks we do not simulate link by link. 000 Table 2.1 pins only the cost of a tree level:
// global compare 46 log2 n us on GigE, 20 log2 n us on Myrinet and InfiniBand; a fan-out-4 level is 2 log2
// units, and request down + staggered replies up cost 5g + 4o + 2L per level (docs/model.md). The split
// between o, g and L is assumed.
// G (LogGP's gap per byte) is each network's line rate, the most its link can carry: GigE 1 Gb/s (IEEE 802.3z /
// 802.3ab), Myrinet-2000 2 Gb/s per direction (Myricom's Myrinet-2000 links, 2+2 Gb/s), InfiniBand 4x SDR 10 Gb/s
// signalling = 8 Gb/s of data after 8b/10b (InfiniBand Architecture Specification 1.0). Real MPI bandwidths are
// lower; a line rate only makes sure no simulated transfer beats the wire.
struct Triple {
  const char* name;
  double o, g, L, G;
};
constexpr Triple kNetworks[] = {
    {"gige", 3e-6, 6e-6, 25e-6, 8e-9}, {"myrinet", 2e-6, 3.2e-6, 8e-6, 4e-9}, {"infiniband", 2e-6, 4e-6, 6e-6, 1e-9}};

} // namespace

const base::ParamGroup<ImplSpec>& impl_params()
{
  static const base::ParamGroup<ImplSpec> g = [] {
    base::ParamGroup<ImplSpec> g("bcs.core");
    std::vector<std::pair<std::string, std::string>> choices;
    std::string doc = "Implementation of Xfer-And-Signal / Test-Event / Compare-And-Write.";
    for (const Implementation& i : implementations()) {
      choices.emplace_back(i.name, i.name);
      doc += " " + i.name + ": " + i.doc + ".";
    }
    g.choice<std::string>("impl", &ImplSpec::impl, implementations().front().name.c_str(), choices, doc, "002 §3.4");
    return g;
  }();
  return g;
}

const base::ParamGroup<SoftwareTreeSpec>& software_tree_params()
{
  static const base::ParamGroup<SoftwareTreeSpec> g = [] {
    base::ParamGroup<SoftwareTreeSpec> g("bcs.core.software_tree");
    g.integer("fanout", &SoftwareTreeSpec::fanout, 4, 1, 1024, "Children per node of the software tree.",
              "002 §2.4.2.2 (balanced tree); 004 §2.6");
    g.quantity("overhead", &SoftwareTreeSpec::overhead, Quantity::time, "20ns", 0, 1,
               "o: per message at the sender and again at the receiver (receives are serialized).",
               "a NIC thread switch, about 2 cycles (002 §2.2.1): on the platform network the put itself "
               "(descriptor cycles, DMA start-up, wire) is already modelled");
    g.quantity("gap", &SoftwareTreeSpec::gap, Quantity::time, "20ns", 0, 1,
               "g: between successive sends of one node (the first send waits one gap too, 004 §2.6).",
               "a NIC thread switch, about 2 cycles (002 §2.2.1), as for the overhead");
    g.quantity("latency", &SoftwareTreeSpec::latency, Quantity::time, "5us", 0, 1,
               "L: transit of one message when network = logp.", "scenario choice");
    g.quantity("gap_per_byte", &SoftwareTreeSpec::gap_per_byte, Quantity::time, "0s", 0, 1,
               "G (LogGP): time per byte after the first when network = logp; a node's next send waits for the "
               "previous one's bytes, and a message arrives (bytes - 1) G + L after its overhead. 0 = LogP "
               "(no bandwidth limit).",
               "scenario choice; the named networks set their line rate (bcs/core/params.cpp)");
    // Declared after overhead, gap and latency: a named network replaces the three.
    g.add(base::choice_decl(
              "network", "platform", {"platform", "logp", "gige", "myrinet", "infiniband"},
              "Transit of one tree message: 'platform' = an RDMA put over the simulated QsNet with the "
              "overhead and gap below; 'logp' = the fixed latency below; gige / myrinet / infiniband = "
              "LogGP (o, g, L, G): o, g, L reproduce 000 Table 2.1, G is the line rate (see docs/model.md).",
              "scenario choice"),
          [](SoftwareTreeSpec& s, const base::ParamValue& v) {
            s.transport = v.word() == "platform" ? Transport::platform : Transport::logp;
            for (const Triple& n : kNetworks)
              if (v.word() == n.name) {
                s.overhead = n.o;
                s.gap = n.g;
                s.latency = n.L;
                s.gap_per_byte = n.G;
              }
          });
    return g;
  }();
  return g;
}

} // namespace bcssim::bcs::core
