#include "apps/sweep3d_proxy/sweep3d.hpp"

#include "apps/common/variable_work.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace bcssim::apps::sweep3d {
namespace {

// The octants in sweep3d's order: i, j, k directions -1 or +1 (---, --+, -+-, -++, +--, +-+, ++-, +++).
struct Octant {
  int di, dj, dk;
};
constexpr std::array<Octant, 8> octants{
    {{-1, -1, -1}, {-1, -1, +1}, {-1, +1, -1}, {-1, +1, +1}, {+1, -1, -1}, {+1, -1, +1}, {+1, +1, -1}, {+1, +1, +1}}};

// Cells of a dimension on grid coordinate `p` of `n`: the first `total mod n` coordinates get one more.
int share(int total, int n, int p) { return total / n + (p < total % n ? 1 : 0); }

void require(bool ok, const std::string& what)
{
  if (!ok)
    throw std::invalid_argument(what);
}

// sweep3d 2.2b's tags: 1000 * iq * d for octant iq (1-8) and the side the face comes in from, d = 1 west,
// 2 south, 3 east, 4 north (read from its traces: traces/sweep3d-2.2b, e.g. 3000 and 4000 for the
// faces from the east and the north in the first octant).
int face_tag(int octant, int from_side) { return 1000 * (octant + 1) * from_side; }
constexpr int from_west = 1, from_south = 2, from_east = 3, from_north = 4;

} // namespace

void square_grid(int ranks, int& npe_i, int& npe_j)
{
  npe_i = 1;
  for (int d = 1; d <= ranks / d; ++d) // not d * d <= ranks: that overflows an int past d = 46340
    if (ranks % d == 0)
      npe_i = d;
  npe_j = ranks / npe_i;
}

void check(const Spec& s, int ranks)
{
  require(s.npe_i >= 1 && s.npe_j >= 1 && s.npe_i * s.npe_j == ranks,
          "sweep3d: npe_i x npe_j = " + std::to_string(s.npe_i) + " x " + std::to_string(s.npe_j) + " must equal the " +
              std::to_string(ranks) + " ranks of the job");
  require(s.it_g >= s.npe_i, "sweep3d: it_g = " + std::to_string(s.it_g) + " gives a rank no column");
  require(s.jt_g >= s.npe_j, "sweep3d: jt_g = " + std::to_string(s.jt_g) + " gives a rank no row");
  require(s.kt >= 1 && s.mk >= 1, "sweep3d: kt and mk must be at least 1");
  require(s.mm == 3 || s.mm == 6, "sweep3d: mm = " + std::to_string(s.mm) + ", expected 3 or 6");
  require(s.mmi >= 1 && s.mm % s.mmi == 0,
          "sweep3d: mmi = " + std::to_string(s.mmi) + " must divide mm = " + std::to_string(s.mm));
  require(s.iterations >= 1, "sweep3d: iterations must be at least 1");
  require(s.grind >= 0, "sweep3d: grind must not be negative");
}

// Face sizes use mk even for a shorter last k-block, as sweep3d's buffers do.
std::uint64_t Geometry::ew_bytes() const { return std::uint64_t(jt) * std::uint64_t(mk) * std::uint64_t(mmi) * 8; }
std::uint64_t Geometry::ns_bytes() const { return std::uint64_t(it) * std::uint64_t(mk) * std::uint64_t(mmi) * 8; }

Geometry geometry(const Spec& s, int rank)
{
  Geometry g;
  g.i = rank % s.npe_i;
  g.j = rank / s.npe_i;
  g.it = share(s.it_g, s.npe_i, g.i);
  g.jt = share(s.jt_g, s.npe_j, g.j);
  g.mk = std::min(s.mk, s.kt);
  g.kb = (s.kt + g.mk - 1) / g.mk;
  g.mmi = s.mmi;
  g.mmo = s.mm / s.mmi;
  g.west = g.i > 0;
  g.east = g.i + 1 < s.npe_i;
  g.south = g.j > 0;
  g.north = g.j + 1 < s.npe_j;
  return g;
}

Traffic traffic_per_iteration(const Spec& s, int rank)
{
  const Geometry g = geometry(s, rank);
  Traffic t;
  const std::uint64_t blocks = std::uint64_t(g.mmo) * std::uint64_t(g.kb);
  for (const Octant& o : octants) {
    // Sweeping towards +i the inflow comes from the west and the outflow goes east; towards -i the reverse.
    const bool ew_in = o.di > 0 ? g.west : g.east;
    const bool ew_out = o.di > 0 ? g.east : g.west;
    const bool ns_in = o.dj > 0 ? g.south : g.north;
    const bool ns_out = o.dj > 0 ? g.north : g.south;
    t.recvs += blocks * (ew_in + ns_in);
    t.recv_bytes += blocks * (ew_in * g.ew_bytes() + ns_in * g.ns_bytes());
    t.sends += blocks * (ew_out + ns_out);
    t.send_bytes += blocks * (ew_out * g.ew_bytes() + ns_out * g.ns_bytes());
  }
  return t;
}

void run(mpi::Comm& comm, const Spec& s)
{
  check(s, comm.size());
  const int me = comm.rank();
  const Geometry g = geometry(s, me);
  const int west = me - 1, east = me + 1, south = me - s.npe_i, north = me + s.npe_i;
  VariableWork work(1.0, s.imbalance, s.variability, s.seed, me); // exactly 1 per block without either

  // Set-up as in sweep3d 2.2b (read_input.f, msg_stuff): one int, one int per rank, a barrier, 16 ints and 4
  // doubles of the input deck, a barrier. Contents are not modelled, only sizes.
  comm.bcast(nullptr, 4, 0);
  comm.bcast(nullptr, 4 * std::uint64_t(comm.size()), 0);
  comm.barrier();
  comm.bcast(nullptr, 16 * 4, 0);
  comm.bcast(nullptr, 4 * 8, 0);
  comm.barrier();

  std::vector<mpi::Request> pending, inflow;
  for (int iteration = 0; iteration < s.iterations; ++iteration) {
    for (int iq = 0; iq < int(octants.size()); ++iq) {
      const Octant& o = octants[std::size_t(iq)];
      // A face travelling towards +i comes in from the west; its tag says so at both ends.
      const int tag_ew = face_tag(iq, o.di > 0 ? from_west : from_east);
      const int tag_ns = face_tag(iq, o.dj > 0 ? from_south : from_north);
      const int ew_from = o.di > 0 ? (g.west ? west : -1) : (g.east ? east : -1);
      const int ew_to = o.di > 0 ? (g.east ? east : -1) : (g.west ? west : -1);
      const int ns_from = o.dj > 0 ? (g.south ? south : -1) : (g.north ? north : -1);
      const int ns_to = o.dj > 0 ? (g.north ? north : -1) : (g.south ? south : -1);
      for (int m = 0; m < g.mmo; ++m)
        for (int b = 0; b < g.kb; ++b) {
          // Blocks go up (dk = +1) or down the k axis; only the last one from the bottom may be shorter.
          const int kblock = o.dk > 0 ? b : g.kb - 1 - b;
          const int nk = std::min(g.mk, s.kt - kblock * g.mk);
          switch (s.variant) {
            case Variant::blocking:
              if (ew_from >= 0)
                comm.recv(nullptr, g.ew_bytes(), ew_from, tag_ew);
              if (ns_from >= 0)
                comm.recv(nullptr, g.ns_bytes(), ns_from, tag_ns);
              break;
            case Variant::non_blocking:
            case Variant::ordered: {
              std::vector<mpi::Request>& receives = s.variant == Variant::ordered ? inflow : pending;
              if (ew_from >= 0)
                receives.push_back(comm.irecv(nullptr, g.ew_bytes(), ew_from, tag_ew));
              if (ns_from >= 0)
                receives.push_back(comm.irecv(nullptr, g.ns_bytes(), ns_from, tag_ns));
              if (!inflow.empty()) { // ordered: the block needs its inflow faces
                comm.waitall(inflow);
                inflow.clear();
              }
              break;
            }
          }
          comm.compute(double(g.it) * double(g.jt) * double(nk) * double(g.mmi) * s.grind * work.next());
          if (s.variant == Variant::blocking) {
            if (ew_to >= 0)
              comm.send(nullptr, g.ew_bytes(), ew_to, tag_ew);
            if (ns_to >= 0)
              comm.send(nullptr, g.ns_bytes(), ns_to, tag_ns);
          } else {
            if (ew_to >= 0)
              pending.push_back(comm.isend(nullptr, g.ew_bytes(), ew_to, tag_ew));
            if (ns_to >= 0)
              pending.push_back(comm.isend(nullptr, g.ns_bytes(), ns_to, tag_ns));
          }
          if (s.variant == Variant::non_blocking && !pending.empty()) { // "MPI_Waitall at the end" (000 §6.3)
            comm.waitall(pending);
            pending.clear();
          }
        }
      // Ordered: the outflow sends of the octant complete together before the next octant reuses the face
      // buffers.
      if (!pending.empty()) {
        comm.waitall(pending);
        pending.clear();
      }
    }
    // The convergence test: flux-fixup count (int SUM) and the largest relative change (double MAX).
    int fixups = 0, fixups_all = 0;
    double change = 0, change_all = 0;
    comm.allreduce(&fixups, &fixups_all, 1, mpi::Datatype::int32, mpi::Op::sum);
    comm.allreduce(&change, &change_all, 1, mpi::Datatype::float64, mpi::Op::max);
  }
  // After the loop: a barrier and the 8 Allreduce of the timing and balance summaries.
  comm.barrier();
  for (int k = 0; k < 8; ++k) {
    double value = 0, result = 0;
    comm.allreduce(&value, &result, 1, mpi::Datatype::float64, mpi::Op::max);
  }
}

} // namespace bcssim::apps::sweep3d
