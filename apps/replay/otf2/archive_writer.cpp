#include "apps/replay/otf2/archive_writer.hpp"

#include "apps/replay/otf2/bcssim_records.hpp"
#include "base/envelope.hpp"
#include "mpi/reduce_op.hpp"

#include <otf2/otf2.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace bcssim::apps::replay::otf2 {
namespace {

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) { return 0; }

constexpr OTF2_CommRef kWorld = 0;
constexpr OTF2_AttributeRef kElementAttributeRef = 0, kPairsAttributeRef = 1;
constexpr std::uint32_t kNoRoot = OTF2_UNDEFINED_UINT32;

// The strings events refer to (an alltoallv's counts), numbered as first used: the definitions' own follow them.
struct EventStrings {
  std::map<std::string, OTF2_StringRef> refs;
  OTF2_StringRef operator()(const std::string& text)
  {
    return refs.emplace(text, OTF2_StringRef(refs.size())).first->second;
  }
};

// The regions the archive defines, numbered as first used.
struct Regions {
  std::map<std::string, OTF2_RegionRef> refs;
  OTF2_RegionRef operator()(const std::string& name)
  {
    return refs.emplace(name, OTF2_RegionRef(refs.size())).first->second;
  }
};

std::uint64_t sum(const std::vector<std::uint64_t>& v) { return std::accumulate(v.begin(), v.end(), std::uint64_t(0)); }

// One rank's actions as its location's events.
class RankEvents {
public:
  RankEvents(OTF2_EvtWriter* w, Regions& regions, EventStrings& strings, int rank, int ranks, ArchiveWritten& out)
      : w_(w), regions_(regions), strings_(strings), me_(rank), n_(std::uint64_t(ranks)), out_(out)
  {
  }

  void action(const Action& a);
  void finish()
  {
    complete_all("MPI_Waitall"); // what the trace left pending, as SMPI's replay completes it before MPI_Finalize
  }
  OTF2_TimeStamp time() const { return t_; }

private:
  struct Pending {
    int src, dst, tag;
    std::uint64_t id, bytes;
    bool send;
  };
  template <class Records> void call(const char* name, Records records)
  {
    OTF2_EvtWriter_Enter(w_, nullptr, t_, regions_(name));
    records();
    OTF2_EvtWriter_Leave(w_, nullptr, t_, regions_(name));
    out_.events += 2;
  }
  void call(const char* name)
  {
    call(name, [] {});
  }
  void collective(const char* name, OTF2_CollectiveOp op, std::uint32_t root, std::uint64_t sent,
                  std::uint64_t received, std::size_t element = 0, const std::string& pairs = "");
  void burst(double flops);
  void complete(const Pending& p);
  void complete_all(const char* name);
  void unsupported(const std::string& what) { count_unsupported(out_.unsupported, what, 1, me_); }

  OTF2_EvtWriter* w_;
  Regions& regions_;
  EventStrings& strings_;
  int me_;
  std::uint64_t n_;
  ArchiveWritten& out_;
  OTF2_TimeStamp t_ = 0;
  long double flops_ = 0;       // of every burst so far
  std::uint64_t ticks_ = 0;     // written for them (a tick a flop: the remainder carries)
  std::deque<Pending> pending_; // posting order
  std::uint64_t next_id_ = 0;
};

void RankEvents::burst(double flops)
{
  flops_ += flops;
  const auto whole = static_cast<std::uint64_t>(std::floor(flops_));
  if (whole <= ticks_)
    return;
  OTF2_EvtWriter_Enter(w_, nullptr, t_, regions_(kComputeRegion));
  t_ += whole - ticks_;
  ticks_ = whole;
  OTF2_EvtWriter_Leave(w_, nullptr, t_, regions_(kComputeRegion));
  out_.events += 2;
}

void RankEvents::collective(const char* name, OTF2_CollectiveOp op, std::uint32_t root, std::uint64_t sent,
                            std::uint64_t received, std::size_t element, const std::string& pairs)
{
  call(name, [&] {
    OTF2_EvtWriter_MpiCollectiveBegin(w_, nullptr, t_);
    OTF2_AttributeList* attributes = nullptr;
    if (element == 4 || element == 8) {
      attributes = OTF2_AttributeList_New();
      OTF2_AttributeList_AddUint8(attributes, kElementAttributeRef, std::uint8_t(element));
    }
    if (!pairs.empty()) {
      if (attributes == nullptr)
        attributes = OTF2_AttributeList_New();
      OTF2_AttributeList_AddStringRef(attributes, kPairsAttributeRef, strings_(pairs));
    }
    OTF2_EvtWriter_MpiCollectiveEnd(w_, attributes, t_, op, kWorld, root, sent, received);
    if (attributes != nullptr)
      OTF2_AttributeList_Delete(attributes);
    out_.events += 2;
  });
}

void RankEvents::complete(const Pending& p)
{
  if (p.send)
    OTF2_EvtWriter_MpiIsendComplete(w_, nullptr, t_, p.id);
  else
    OTF2_EvtWriter_MpiIrecv(w_, nullptr, t_, std::uint32_t(p.src), kWorld, std::uint32_t(p.tag), p.bytes, p.id);
  ++out_.events;
}

void RankEvents::complete_all(const char* name)
{
  if (pending_.empty())
    return;
  call(name, [&] {
    for (const Pending& p : pending_)
      complete(p);
  });
  pending_.clear();
}

void RankEvents::action(const Action& a)
{
  const std::uint64_t r = std::uint64_t(me_);
  const bool root = a.root == me_;
  const auto reduction_bytes = [&a] { return std::uint64_t(a.reduction.count * mpi::size_of(a.reduction.type)); };
  const auto element = [&a] { return mpi::size_of(a.reduction.type); };
  switch (a.kind) {
    case Kind::init:
      return call("MPI_Init");
    case Kind::finalize:
      complete_all("MPI_Waitall");
      return call("MPI_Finalize");
    case Kind::comm_size:
    case Kind::comm_split:
    case Kind::comm_dup:
    case Kind::location: // no-ops of the replay
      return;
    case Kind::compute:
      return burst(a.amount);
    case Kind::sleep:
      return unsupported("sleep (OTF2 has no record of one: it would come back as computation)");
    case Kind::test:
      return unsupported("test (whether it completes is decided by the run)");
    case Kind::send:
      return call("MPI_Send", [&] {
        OTF2_EvtWriter_MpiSend(w_, nullptr, t_, std::uint32_t(a.src), kWorld, std::uint32_t(a.tag), a.bytes);
        ++out_.events;
      });
    case Kind::isend: {
      const std::uint64_t id = next_id_++;
      pending_.push_back({me_, a.src, a.tag, id, a.bytes, true});
      return call("MPI_Isend", [&] {
        OTF2_EvtWriter_MpiIsend(w_, nullptr, t_, std::uint32_t(a.src), kWorld, std::uint32_t(a.tag), a.bytes, id);
        ++out_.events;
      });
    }
    case Kind::recv:
    case Kind::irecv: {
      // OTF2 records the sender and tag a receive matched, which for a wildcard only the run knows.
      if (a.any_source || a.tag == base::ANY_TAG)
        return unsupported("receives from any source or with any tag (OTF2 records what a receive matched, which "
                           "the run decides)");
      if (a.probe_size)
        return unsupported("receives of a probed size (OTF2 records the size received, which the run decides)");
      if (a.kind == Kind::recv)
        return call("MPI_Recv", [&] {
          OTF2_EvtWriter_MpiRecv(w_, nullptr, t_, std::uint32_t(a.src), kWorld, std::uint32_t(a.tag), a.bytes);
          ++out_.events;
        });
      const std::uint64_t id = next_id_++;
      pending_.push_back({a.src, me_, a.tag, id, a.bytes, false});
      return call("MPI_Irecv", [&] {
        OTF2_EvtWriter_MpiIrecvRequest(w_, nullptr, t_, id);
        ++out_.events;
      });
    }
    case Kind::wait: {
      // The oldest pending request of (sender, receiver, tag), as the replay's wait takes it.
      for (auto it = pending_.begin(); it != pending_.end(); ++it)
        if (it->src == a.src && it->dst == a.dst && it->tag == a.tag) {
          const Pending p = *it;
          pending_.erase(it);
          return call("MPI_Wait", [&] { complete(p); });
        }
      return unsupported("waits for a request no isend or irecv posted");
    }
    case Kind::waitall:
      return complete_all("MPI_Waitall");
    case Kind::sendrecv:
      return call("MPI_Sendrecv", [&] {
        OTF2_EvtWriter_MpiSend(w_, nullptr, t_, std::uint32_t(a.dst), kWorld, 0, a.bytes);
        OTF2_EvtWriter_MpiRecv(w_, nullptr, t_, std::uint32_t(a.src), kWorld, 0, a.recv_bytes);
        out_.events += 2;
      });
    // Collectives: Score-P's byte counts (collectives.hpp), N ranks, b a block.
    case Kind::barrier:
      return collective("MPI_Barrier", OTF2_COLLECTIVE_OP_BARRIER, kNoRoot, 0, 0);
    case Kind::bcast:
      return collective("MPI_Bcast", OTF2_COLLECTIVE_OP_BCAST, std::uint32_t(a.root), root ? n_ * a.bytes : 0, a.bytes);
    case Kind::reduce:
      collective("MPI_Reduce", OTF2_COLLECTIVE_OP_REDUCE, std::uint32_t(a.root), reduction_bytes(),
                 root ? n_ * reduction_bytes() : 0, element());
      return burst(a.amount);
    case Kind::allreduce:
      collective("MPI_Allreduce", OTF2_COLLECTIVE_OP_ALLREDUCE, kNoRoot, n_ * reduction_bytes(), n_ * reduction_bytes(),
                 element());
      return burst(a.amount);
    case Kind::scan:
      collective("MPI_Scan", OTF2_COLLECTIVE_OP_SCAN, kNoRoot, (n_ - r) * reduction_bytes(),
                 (r + 1) * reduction_bytes(), element());
      return burst(a.amount);
    case Kind::exscan:
      collective("MPI_Exscan", OTF2_COLLECTIVE_OP_EXSCAN, kNoRoot, (n_ - 1 - r) * reduction_bytes(),
                 r * reduction_bytes(), element());
      return burst(a.amount);
    case Kind::reducescatter: {
      const std::uint64_t e = element();
      const std::uint64_t all = std::accumulate(a.reduce_counts.begin(), a.reduce_counts.end(), std::uint64_t(0));
      collective("MPI_Reduce_scatter", OTF2_COLLECTIVE_OP_REDUCE_SCATTER, kNoRoot, all * e,
                 n_ * a.reduce_counts.at(r) * e, e);
      return burst(a.amount);
    }
    case Kind::alltoall:
      return collective("MPI_Alltoall", OTF2_COLLECTIVE_OP_ALLTOALL, kNoRoot, n_ * a.bytes, n_ * a.bytes);
    case Kind::alltoallv: { // the totals, and the per-pair counts as bcs-sim's own attribute (bcssim_records.hpp)
      std::string pairs;
      for (std::uint64_t c : a.counts)
        pairs += fmt::format("{} ", c);
      pairs += "|";
      for (std::uint64_t c : a.recv_counts)
        pairs += fmt::format(" {}", c);
      return collective("MPI_Alltoallv", OTF2_COLLECTIVE_OP_ALLTOALLV, kNoRoot, sum(a.counts), sum(a.recv_counts), 0,
                        pairs);
    }
    case Kind::gather: // the root's own block in place (a send of 0) is not received
      return collective("MPI_Gather", OTF2_COLLECTIVE_OP_GATHER, std::uint32_t(a.root), a.bytes,
                        root ? (a.bytes == 0 ? n_ - 1 : n_) * a.recv_bytes : 0);
    case Kind::scatter:
      return collective("MPI_Scatter", OTF2_COLLECTIVE_OP_SCATTER, std::uint32_t(a.root), root ? n_ * a.bytes : 0,
                        a.recv_bytes);
    case Kind::allgather: // the replay moves the receive count's blocks
      return collective("MPI_Allgather", OTF2_COLLECTIVE_OP_ALLGATHER, kNoRoot, n_ * a.recv_bytes, n_ * a.recv_bytes);
    case Kind::gatherv:
      return collective("MPI_Gatherv", OTF2_COLLECTIVE_OP_GATHERV, std::uint32_t(a.root), a.bytes,
                        root ? sum(a.counts) : 0);
    case Kind::scatterv:
      return collective("MPI_Scatterv", OTF2_COLLECTIVE_OP_SCATTERV, std::uint32_t(a.root), root ? sum(a.counts) : 0,
                        a.recv_bytes);
    case Kind::allgatherv:
      return collective("MPI_Allgatherv", OTF2_COLLECTIVE_OP_ALLGATHERV, kNoRoot, n_ * a.bytes, sum(a.counts));
  }
}

void write_definitions(OTF2_Archive* archive, const Regions& regions, const EventStrings& event_strings, int ranks,
                       std::uint64_t resolution, OTF2_TimeStamp length)
{
  OTF2_Archive_OpenDefFiles(archive);
  for (int r = 0; r < ranks; ++r)
    OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, OTF2_LocationRef(r)));
  OTF2_Archive_CloseDefFiles(archive);
  OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
  OTF2_GlobalDefWriter_WriteClockProperties(g, resolution, 0, length, OTF2_UNDEFINED_TIMESTAMP);
  // The events' strings first, with the references the events gave them.
  std::vector<std::pair<OTF2_StringRef, std::string>> used;
  for (const auto& [text, ref] : event_strings.refs)
    used.emplace_back(ref, text);
  std::sort(used.begin(), used.end());
  for (const auto& [ref, text] : used)
    OTF2_GlobalDefWriter_WriteString(g, ref, text.c_str());
  std::uint32_t next = std::uint32_t(used.size());
  const auto string = [&](const std::string& text) {
    OTF2_GlobalDefWriter_WriteString(g, next, text.c_str());
    return next++;
  };
  const OTF2_StringRef empty = string("");
  // In reference order: the regions as first used.
  std::vector<std::pair<OTF2_RegionRef, std::string>> ordered;
  for (const auto& [name, ref] : regions.refs)
    ordered.emplace_back(ref, name);
  std::sort(ordered.begin(), ordered.end());
  for (const auto& [ref, name] : ordered) {
    const OTF2_StringRef s = string(name);
    const bool mpi = name.rfind("MPI_", 0) == 0;
    OTF2_GlobalDefWriter_WriteRegion(g, ref, s, s, empty, mpi ? OTF2_REGION_ROLE_FUNCTION : OTF2_REGION_ROLE_CODE,
                                     mpi ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, empty, 0, 0);
  }
  OTF2_GlobalDefWriter_WriteAttribute(g, kElementAttributeRef, string(kElementBytesAttribute),
                                      string("a reduction's element size in bytes (bcs-sim)"), OTF2_TYPE_UINT8);
  OTF2_GlobalDefWriter_WriteAttribute(g, kPairsAttributeRef, string(kAlltoallvCountsAttribute),
                                      string("an alltoallv's bytes to each rank | from each rank (bcs-sim)"),
                                      OTF2_TYPE_STRING);
  OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string("machine"), string("machine"), OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  std::vector<std::uint64_t> members;
  const OTF2_StringRef thread = string("rank thread");
  for (int r = 0; r < ranks; ++r) {
    OTF2_GlobalDefWriter_WriteLocationGroup(g, OTF2_LocationGroupRef(r), string(fmt::format("MPI Rank {}", r)),
                                            OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocation(g, OTF2_LocationRef(r), thread, OTF2_LOCATION_TYPE_CPU_THREAD, 0,
                                       OTF2_LocationGroupRef(r));
    members.push_back(std::uint64_t(r));
  }
  OTF2_GlobalDefWriter_WriteGroup(g, 0, string("MPI ranks"), OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                  OTF2_GROUP_FLAG_NONE, std::uint32_t(ranks), members.data());
  OTF2_GlobalDefWriter_WriteGroup(g, 1, string("MPI_COMM_WORLD's ranks"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                  OTF2_GROUP_FLAG_NONE, std::uint32_t(ranks), members.data());
  OTF2_GlobalDefWriter_WriteComm(g, kWorld, string("MPI_COMM_WORLD"), 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  OTF2_Archive_CloseGlobalDefWriter(archive, g);
}

} // namespace

ArchiveWritten write_archive(const Layout& layout, const std::filesystem::path& dir, std::uint64_t host_speed)
{
  if (host_speed == 0)
    throw std::invalid_argument("write_archive: a host speed of at least 1 flop/s");
  OTF2_Archive* archive = OTF2_Archive_Open(dir.string().c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024,
                                            4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr)
    throw std::runtime_error(dir.string() + ": an OTF2 archive cannot be made there");
  struct Closer {
    OTF2_Archive* a;
    ~Closer()
    {
      if (a != nullptr) // an error on the way: what was written is left for the caller to remove
        OTF2_Archive_Close(a);
    }
  } closer{archive};
  static OTF2_FlushCallbacks flush{pre_flush, post_flush};
  OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr);
  OTF2_Archive_SetSerialCollectiveCallbacks(archive);
  OTF2_Archive_SetCreator(archive, "bcs-sim (bcssim convert --to otf2)");
  if (OTF2_Archive_OpenEvtFiles(archive) != OTF2_SUCCESS)
    throw std::runtime_error(dir.string() + ": the archive's event files cannot be written");
  ArchiveWritten out;
  Regions regions;
  EventStrings strings;
  OTF2_TimeStamp length = 0;
  for (int r = 0; r < layout.ranks; ++r) { // one location at a time: memory holds one rank's pending requests
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, OTF2_LocationRef(r));
    RankEvents events(w, regions, strings, r, layout.ranks, out);
    ActionReader reader(layout, r);
    for (Action a; reader.next(a);)
      events.action(a);
    events.finish();
    length = std::max(length, events.time());
    if (OTF2_Archive_CloseEvtWriter(archive, w) != OTF2_SUCCESS)
      throw std::runtime_error(fmt::format("{}: rank {}'s events cannot be written (disk full?)", dir.string(), r));
  }
  OTF2_Archive_CloseEvtFiles(archive);
  write_definitions(archive, regions, strings, layout.ranks, host_speed, length);
  closer.a = nullptr;
  if (OTF2_Archive_Close(archive) != OTF2_SUCCESS)
    throw std::runtime_error(dir.string() + ": the archive cannot be closed (disk full?)");
  return out;
}

} // namespace bcssim::apps::replay::otf2
