// The NAS traces the repository carries (traces/nas, data) read as the replay reads them, every action kind checked
// against what traces/README.md counts per rank: messages (count, bytes,
// partners), and that every message fits the receive it matches (MG posts 270,400 B whatever arrives: the
// replay must move the send's bytes, tests/sim/test_replay.cpp), collectives and their sizes. Issue 43 part 3.
#include "apps/replay/trace.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace bcssim;
using namespace bcssim::apps::replay;
namespace fs = std::filesystem;

namespace {

struct RankStats {
  std::map<Kind, std::uint64_t> actions;
  std::map<std::uint64_t, std::uint64_t> send_sizes; // bytes -> sends (send and isend)
  std::map<std::uint64_t, std::uint64_t> recv_sizes; // posted bytes -> receives (recv and irecv)
  std::set<int> partners;                            // every peer of a message, either way
  std::vector<std::uint64_t> alltoallv_sent;         // per alltoallv, the bytes sent in all
  std::vector<std::size_t> allreduce_counts;         // per allreduce, its elements
  std::uint64_t bytes_sent = 0;
};

struct TraceStats {
  std::vector<RankStats> ranks;
  std::uint64_t messages = 0;
  std::uint64_t unmatched = 0;  // sends without a receive, or receives without a send
  std::uint64_t too_big = 0;    // sends larger than the receive they match
  std::uint64_t any_source = 0; // receives from MPI_ANY_SOURCE (none: NPB 3.3.1 names every source)
};

std::string nas_index(const std::string& name)
{
  return std::string(BCSSIM_SOURCE_DIR) + "/traces/nas/" + name + "/" + name + ".txt";
}

// Reads every rank's actions; matches the k-th send from s to d with tag t to the k-th receive d posted from s
// with tag t (MPI's non-overtaking order; these programs name every source).
TraceStats read_trace(const std::string& index)
{
  const Layout layout = read_layout(index);
  TraceStats t;
  t.ranks.resize(std::size_t(layout.ranks));
  std::map<std::tuple<int, int, int>, std::vector<std::uint64_t>> sends, recvs; // (src, dst, tag)
  for (int r = 0; r < layout.ranks; ++r) {
    RankStats& s = t.ranks[std::size_t(r)];
    ActionReader reader(layout, r);
    Action a;
    while (reader.next(a)) {
      ++s.actions[a.kind];
      switch (a.kind) {
        case Kind::send:
        case Kind::isend:
          ++s.send_sizes[a.bytes];
          s.bytes_sent += a.bytes;
          s.partners.insert(a.src);
          sends[{r, a.src, a.tag}].push_back(a.bytes);
          break;
        case Kind::recv:
        case Kind::irecv:
          t.any_source += a.any_source ? 1 : 0;
          ++s.recv_sizes[a.bytes];
          s.partners.insert(a.src);
          recvs[{a.src, r, a.tag}].push_back(a.bytes);
          break;
        case Kind::alltoallv:
          s.alltoallv_sent.push_back(std::accumulate(a.counts.begin(), a.counts.end(), std::uint64_t(0)));
          break;
        case Kind::allreduce:
          s.allreduce_counts.push_back(a.reduction.count);
          break;
        default:
          break;
      }
    }
  }
  for (const auto& [key, sent] : sends) {
    const auto it = recvs.find(key);
    const std::size_t posted = it == recvs.end() ? 0 : it->second.size();
    t.unmatched += sent.size() > posted ? sent.size() - posted : posted - sent.size();
    for (std::size_t i = 0; i < std::min(sent.size(), posted); ++i)
      t.too_big += sent[i] > it->second[i] ? 1 : 0;
    t.messages += sent.size();
  }
  for (const auto& [key, posted] : recvs)
    if (sends.count(key) == 0)
      t.unmatched += posted.size();
  return t;
}

// The repository carries the traces (traces/README.md): a missing one is a failure, not a skip.
bool absent(const std::string& index)
{
  REQUIRE_MESSAGE(fs::exists(index), index << ": the repository carries this trace (traces/README.md)");
  return false;
}

// The 64-rank trace `name` read whole.
std::optional<TraceStats> read_nas(const std::string& name)
{
  const std::string index = nas_index(name);
  if (absent(index))
    return std::nullopt;
  TraceStats t = read_trace(index);
  REQUIRE(t.ranks.size() == 64);
  return t;
}

std::uint64_t count(const RankStats& s, Kind k)
{
  const auto it = s.actions.find(k);
  return it == s.actions.end() ? 0 : it->second;
}

// Every message fits the receive it matches, none is left without its partner.
void check_matching(const TraceStats& t)
{
  CHECK(t.any_source == 0);
  CHECK(t.unmatched == 0);
  CHECK(t.too_big == 0);
}

} // namespace

TEST_CASE("NAS traces: IS - 11 rankings of allreduce (1029 ints), alltoall (1 int), alltoallv (8 MiB sent per rank)")
{
  const std::optional<TraceStats> trace = read_nas("is-C-64");
  if (!trace)
    return;
  const TraceStats& t = *trace;
  check_matching(t);
  for (std::size_t r = 0; r < 64; ++r) {
    CAPTURE(r);
    const RankStats& s = t.ranks[r];
    CHECK(count(s, Kind::alltoall) == 11);
    CHECK(s.alltoallv_sent == std::vector<std::uint64_t>(11, 2097152u * 4)); // 2,097,152 ints
    REQUIRE(s.allreduce_counts.size() == 11);
    CHECK(s.allreduce_counts.front() == 1029);
    // The verification: rank r > 0 receives 1 int from r - 1, rank r < 63 sends 1 int to r + 1.
    CHECK(count(s, Kind::send) == (r < 63 ? 1u : 0u));
    CHECK(count(s, Kind::irecv) == (r > 0 ? 1u : 0u));
    CHECK(s.bytes_sent == (r < 63 ? 4u : 0u));
  }
  CHECK(t.messages == 63);
}

TEST_CASE("NAS traces: EP - no point-to-point message; a bcast, a barrier and 4 allreduce (1, 1, 10, 1 doubles)")
{
  const std::optional<TraceStats> trace = read_nas("ep-C-64");
  if (!trace)
    return;
  const TraceStats& t = *trace;
  CHECK(t.messages == 0);
  for (const RankStats& s : t.ranks) {
    CHECK(s.partners.empty());
    CHECK(count(s, Kind::bcast) == 1);
    CHECK(count(s, Kind::barrier) == 1);
    CHECK(s.allreduce_counts == std::vector<std::size_t>{1, 1, 10, 1});
  }
}

TEST_CASE("NAS traces: CG - 76 x 263 irecv/send/wait triplets per rank with its row partners and its transpose")
{
  const std::optional<TraceStats> trace = read_nas("cg-C-64");
  if (!trace)
    return;
  const TraceStats& t = *trace;
  check_matching(t);
  for (int r = 0; r < 64; ++r) {
    CAPTURE(r);
    const RankStats& s = t.ranks[std::size_t(r)];
    // The untimed conj_grad and the 75 iterations: 263 triplets each.
    CHECK(count(s, Kind::send) == 76u * 263);
    CHECK(count(s, Kind::irecv) == 76u * 263);
    CHECK(count(s, Kind::wait) == 76u * 263);
    // 104 exchanges of 18,750 doubles, 156 of one double and 3 of two per iteration.
    CHECK(s.send_sizes == std::map<std::uint64_t, std::uint64_t>{{8, 76u * 156}, {16, 76u * 3}, {150000, 76u * 104}});
    const int transpose = (r % 8) * 8 + r / 8;
    std::set<int> allowed = {r ^ 1, r ^ 2, r ^ 4, transpose};
    CHECK(std::includes(allowed.begin(), allowed.end(), s.partners.begin(), s.partners.end()));
  }
}

TEST_CASE("NAS traces: MG - every irecv posts 270,400 B, the sends carry 4.53 GB in all, with the periodic neighbours")
{
  const std::optional<TraceStats> trace = read_nas("mg-C-64");
  if (!trace)
    return;
  const TraceStats& t = *trace;
  check_matching(t);
  std::uint64_t sent = 0, sends = 0, irecvs = 0;
  for (int r = 0; r < 64; ++r) {
    CAPTURE(r);
    const RankStats& s = t.ranks[std::size_t(r)];
    REQUIRE(s.recv_sizes.size() == 1);
    CHECK(s.recv_sizes.begin()->first == 270400u);
    CHECK(s.send_sizes.rbegin()->first <= 270400u);
    sent += s.bytes_sent;
    sends += count(s, Kind::send);
    irecvs += count(s, Kind::irecv);
    // The 4 x 4 x 4 torus: x r±1, y r±4, z r±16 (wrapping); on the coarsest levels also 2 apart along an axis.
    const int x = r % 4, y = r / 4 % 4, z = r / 16;
    const auto at = [](int i, int j, int k) { return ((k + 4) % 4) * 16 + ((j + 4) % 4) * 4 + (i + 4) % 4; };
    std::set<int> allowed;
    for (int d : {-2, -1, 1, 2}) {
      allowed.insert(at(x + d, y, z));
      allowed.insert(at(x, y + d, z));
      allowed.insert(at(x, y, z + d));
    }
    CHECK(std::includes(allowed.begin(), allowed.end(), s.partners.begin(), s.partners.end()));
  }
  CHECK(sends == irecvs);
  CHECK(double(sent) == doctest::Approx(4.53e9).epsilon(0.005));
}

TEST_CASE("NAS traces: LU - wavefront messages of 5 x 20 or 21 doubles and ghost exchanges with the 4 grid neighbours")
{
  const std::optional<TraceStats> trace = read_nas("lu-C-64");
  if (!trace)
    return;
  const TraceStats& t = *trace;
  check_matching(t);
  for (int r = 0; r < 64; ++r) {
    CAPTURE(r);
    const RankStats& s = t.ranks[std::size_t(r)];
    const int x = r % 8, y = r / 8;
    std::set<int> neighbours;
    if (x > 0)
      neighbours.insert(r - 1);
    if (x < 7)
      neighbours.insert(r + 1);
    if (y > 0)
      neighbours.insert(r - 8);
    if (y < 7)
      neighbours.insert(r + 8);
    CHECK(s.partners == neighbours);
    // The sweeps: 160 k-planes, a message of 5 x 19, 20 or 21 doubles (the neighbours' widths) to every existing
    // neighbour, in 51 SSOR steps (the warm-up and the 50 recorded). rhs's ghost exchange: 2 x 5 x 20 or 21 x 162
    // doubles with each neighbour, 54 times (once per step, and at each ssor's start and in the error norms).
    std::uint64_t sweep = 0, ghost = 0, other = 0, other_bytes = 0;
    for (const auto& [bytes, n] : s.send_sizes) {
      (bytes == 760 || bytes == 800 || bytes == 840 ? sweep : bytes == 259200 || bytes == 272160 ? ghost : other) += n;
      other_bytes = std::max(other_bytes, bytes == 760 || bytes == 800 || bytes == 840 || bytes >= 259200 ? 0 : bytes);
    }
    CHECK(sweep == 51u * 160 * neighbours.size());
    CHECK(ghost == 54u * neighbours.size());
    CHECK(other <= 4); // the surface integral: a few small messages
    CHECK(other_bytes < 2000);
  }
}
