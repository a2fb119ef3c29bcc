#include "apps/replay/otf2/convert.hpp"

#include "apps/replay/otf2/definitions.hpp"
#include "apps/replay/otf2/rank_writer.hpp"
#include "apps/replay/otf2/v_collectives.hpp"

#include <otf2/otf2.h>

#include <fmt/format.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace bcssim::apps::replay::otf2 {
namespace {

// The library's own message for its last error (it would print it on stderr otherwise).
thread_local std::string last_error;

OTF2_ErrorCode keep_error(void*, const char*, std::uint64_t, const char*, OTF2_ErrorCode code, const char* format,
                          va_list args)
{
  char text[512];
  std::vsnprintf(text, sizeof text, format, args);
  last_error = fmt::format("{} ({})", text, OTF2_Error_GetDescription(code));
  return code;
}

RankWriter& writer(void* data) { return *static_cast<RankWriter*>(data); }

// The event callbacks: each hands its record to the rank's writer.
OTF2_CallbackCode on_enter(OTF2_LocationRef, OTF2_TimeStamp t, std::uint64_t, void* data, OTF2_AttributeList*,
                           OTF2_RegionRef region)
{
  writer(data).enter(t, region);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_leave(OTF2_LocationRef, OTF2_TimeStamp t, std::uint64_t, void* data, OTF2_AttributeList*,
                           OTF2_RegionRef region)
{
  writer(data).leave(t, region);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                          std::uint32_t to, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes)
{
  writer(data).send(to, comm, tag, bytes);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                           std::uint32_t to, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
                           std::uint64_t request)
{
  writer(data).isend(to, comm, tag, bytes, request);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_isend_complete(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                                    std::uint64_t request)
{
  writer(data).isend_complete(request);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_irecv_request(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                                   std::uint64_t request)
{
  writer(data).irecv_request(request);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                           std::uint32_t from, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
                           std::uint64_t request)
{
  writer(data).irecv(from, comm, tag, bytes, request);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                          std::uint32_t from, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes)
{
  writer(data).recv(from, comm, tag, bytes);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_cancelled(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*,
                               std::uint64_t request)
{
  writer(data).cancelled(request);
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode on_collective_end(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data,
                                    OTF2_AttributeList* attributes, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                    std::uint32_t root, std::uint64_t sent, std::uint64_t received)
{
  RankWriter& w = writer(data);
  w.collective(comm, CollectiveRecord{int(op), root, sent, received, w.definitions().element_bytes(attributes),
                                      w.definitions().alltoallv_pairs(attributes)});
  return OTF2_CALLBACK_SUCCESS;
}

// The first pass of an archive with v collectives: each rank's own counts of them (v_collectives.hpp).
struct Collector {
  const Definitions& defs;
  VCollectives& calls;
  int rank;
  int ranks;
};
OTF2_CallbackCode on_collective_end_collect(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data,
                                            OTF2_AttributeList* attributes, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                            std::uint32_t root, std::uint64_t sent, std::uint64_t received)
{
  auto& c = *static_cast<Collector*>(data);
  if (per_rank_counts(int(op)) && c.defs.world(comm, std::size_t(c.ranks)))
    c.calls.add(c.rank, CollectiveRecord{int(op), root, sent, received, c.defs.element_bytes(attributes), ""});
  return OTF2_CALLBACK_SUCCESS;
}

// Records the format cannot hold, counted by kind.
template <const char* What, class... Args>
OTF2_CallbackCode count(OTF2_LocationRef, OTF2_TimeStamp, std::uint64_t, void* data, OTF2_AttributeList*, Args...)
{
  writer(data).unsupported(What);
  return OTF2_CALLBACK_SUCCESS;
}
constexpr char kNonBlockingCollective[] = "non-blocking collectives";
constexpr char kRma[] = "one-sided communication (RMA)";
constexpr char kIo[] = "I/O";
constexpr char kThreads[] = "threads";

OTF2_EvtReaderCallbacks* event_callbacks()
{
  OTF2_EvtReaderCallbacks* c = OTF2_EvtReaderCallbacks_New();
  OTF2_EvtReaderCallbacks_SetEnterCallback(c, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback(c, on_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(c, on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(c, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(c, on_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(c, on_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(c, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(c, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback(c, on_cancelled);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(c, on_collective_end);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(c, count<kNonBlockingCollective, std::uint64_t>);
  OTF2_EvtReaderCallbacks_SetRmaWinCreateCallback(c, count<kRma, OTF2_RmaWinRef>);
  OTF2_EvtReaderCallbacks_SetRmaPutCallback(c,
                                            count<kRma, OTF2_RmaWinRef, std::uint32_t, std::uint64_t, std::uint64_t>);
  OTF2_EvtReaderCallbacks_SetRmaGetCallback(c,
                                            count<kRma, OTF2_RmaWinRef, std::uint32_t, std::uint64_t, std::uint64_t>);
  OTF2_EvtReaderCallbacks_SetIoCreateHandleCallback(
      c, count<kIo, OTF2_IoHandleRef, OTF2_IoAccessMode, OTF2_IoCreationFlag, OTF2_IoStatusFlag>);
  OTF2_EvtReaderCallbacks_SetIoOperationBeginCallback(
      c, count<kIo, OTF2_IoHandleRef, OTF2_IoOperationMode, OTF2_IoOperationFlag, std::uint64_t, std::uint64_t>);
  OTF2_EvtReaderCallbacks_SetThreadForkCallback(c, count<kThreads, OTF2_Paradigm, std::uint32_t>);
  OTF2_EvtReaderCallbacks_SetThreadCreateCallback(c, count<kThreads, OTF2_CommRef, std::uint64_t>);
  return c;
}

struct ReaderCloser {
  void operator()(OTF2_Reader* r) const { OTF2_Reader_Close(r); }
};

using ReaderPtr = std::unique_ptr<OTF2_Reader, ReaderCloser>;

// One pass over the ranks' locations, in rank order: `read(r, reader, events)` registers its callbacks on rank r's
// event reader and reads it. Each pass opens the archive anew (a reader reads a location's events once).
void each_rank(const std::string& anchor, const std::vector<OTF2_LocationRef>& ranks,
               const std::function<void(std::size_t, OTF2_Reader*, OTF2_EvtReader*)>& read,
               const std::function<Otf2Error(const std::string&)>& fail)
{
  ReaderPtr reader(OTF2_Reader_Open(anchor.c_str()));
  if (!reader || OTF2_Reader_SetSerialCollectiveCallbacks(reader.get()) != OTF2_SUCCESS)
    throw fail("cannot be read");
  for (OTF2_LocationRef location : ranks)
    OTF2_Reader_SelectLocation(reader.get(), location);
  const bool local_definitions = OTF2_Reader_OpenDefFiles(reader.get()) == OTF2_SUCCESS;
  if (OTF2_Reader_OpenEvtFiles(reader.get()) != OTF2_SUCCESS)
    throw fail("its event files cannot be opened");
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    // The location's own definitions map its local references to the global ones: read before its events.
    if (local_definitions)
      if (OTF2_DefReader* local = OTF2_Reader_GetDefReader(reader.get(), ranks[r])) {
        std::uint64_t read_definitions = 0;
        OTF2_Reader_ReadAllLocalDefinitions(reader.get(), local, &read_definitions);
        OTF2_Reader_CloseDefReader(reader.get(), local);
      }
    OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(reader.get(), ranks[r]);
    if (events == nullptr)
      throw fail(fmt::format("rank {}'s events (location {}) cannot be read", r, ranks[r]));
    read(r, reader.get(), events);
    OTF2_Reader_CloseEvtReader(reader.get(), events);
  }
  OTF2_Reader_CloseEvtFiles(reader.get());
  if (local_definitions)
    OTF2_Reader_CloseDefFiles(reader.get());
}

} // namespace

Conversion convert(const std::string& anchor, const std::filesystem::path& ranks_dir, double host_speed)
{
  OTF2_Error_RegisterCallback(keep_error, nullptr);
  const std::function<Otf2Error(const std::string&)> fail = [&anchor](const std::string& what) {
    return Otf2Error(fmt::format("{}: {}{}", anchor, what, last_error.empty() ? "" : ": " + last_error));
  };
  last_error.clear(); // (that `anchor` names a file is the caller's check: sim/record/convert.cpp)
  Definitions defs;
  Conversion result;
  {
    ReaderPtr reader(OTF2_Reader_Open(anchor.c_str()));
    if (!reader)
      throw fail("not an OTF2 archive");
    if (OTF2_Reader_SetSerialCollectiveCallbacks(reader.get()) != OTF2_SUCCESS)
      throw fail("cannot be read");
    defs.read(reader.get());
    if (char* creator = nullptr; OTF2_Reader_GetCreator(reader.get(), &creator) == OTF2_SUCCESS && creator != nullptr) {
      result.creator = creator;
      std::free(creator); // NOLINT(cppcoreguidelines-no-malloc): the library's copy, allocated with malloc
    }
  }
  if (defs.resolution == 0)
    throw fail("its clock properties give no timer resolution");
  const std::vector<OTF2_LocationRef> ranks = defs.mpi_locations();
  if (ranks.empty())
    throw fail("not an MPI program's archive (no group of the MPI ranks' locations)");
  result.ranks = int(ranks.size());
  // Threads beside a rank's: their work is not on the rank's timeline, which is all the format has.
  std::map<OTF2_LocationGroupRef, long> locations_per_process;
  for (const auto& [ref, location] : defs.locations)
    if (location.type == OTF2_LOCATION_TYPE_CPU_THREAD)
      ++locations_per_process[location.group];

  std::unique_ptr<OTF2_EvtReaderCallbacks, void (*)(OTF2_EvtReaderCallbacks*)> callbacks(
      event_callbacks(), OTF2_EvtReaderCallbacks_Delete);
  // Writes every rank's file; with `v`, the v collectives' counts from it. True when a rank met v collectives
  // without it.
  const auto write_ranks = [&](const VCollectives* v) {
    bool wants_counts = false;
    result.events = 0;
    result.unsupported.clear();
    each_rank(
        anchor, ranks,
        [&](std::size_t r, OTF2_Reader* reader, OTF2_EvtReader* events) {
          RankWriter rank(defs, int(r), int(ranks.size()), host_speed,
                          (ranks_dir / fmt::format("rank-{}.txt", r)).string(), v);
          const auto location = defs.locations.find(ranks[r]);
          if (location != defs.locations.end())
            if (long all = locations_per_process[location->second.group]; all > 1)
              rank.unsupported("threads besides the rank's (their locations' events are not read)", all - 1);
          OTF2_Reader_RegisterEvtCallbacks(reader, events, callbacks.get(), &rank);
          std::uint64_t read = 0;
          if (OTF2_Reader_ReadAllLocalEvents(reader, events, &read) != OTF2_SUCCESS)
            throw fail(fmt::format("rank {}'s events (location {}) end early or are damaged", r, ranks[r]));
          rank.finish();
          result.events += rank.events();
          for (const auto& [what, count] : rank.unsupported())
            count_unsupported(result.unsupported, what, count, int(r));
          wants_counts = wants_counts || rank.wants_per_rank_counts();
        },
        fail);
    return wants_counts;
  };
  if (!write_ranks(nullptr))
    return result;
  // v collectives: every rank's own counts first, then the files again with them.
  VCollectives calls(int(ranks.size()));
  std::unique_ptr<OTF2_EvtReaderCallbacks, void (*)(OTF2_EvtReaderCallbacks*)> collect(OTF2_EvtReaderCallbacks_New(),
                                                                                       OTF2_EvtReaderCallbacks_Delete);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(collect.get(), on_collective_end_collect);
  each_rank(
      anchor, ranks,
      [&](std::size_t r, OTF2_Reader* reader, OTF2_EvtReader* events) {
        Collector collector{defs, calls, int(r), int(ranks.size())};
        OTF2_Reader_RegisterEvtCallbacks(reader, events, collect.get(), &collector);
        std::uint64_t read = 0;
        if (OTF2_Reader_ReadAllLocalEvents(reader, events, &read) != OTF2_SUCCESS)
          throw fail(fmt::format("rank {}'s events (location {}) end early or are damaged", r, ranks[r]));
      },
      fail);
  write_ranks(&calls);
  return result;
}

} // namespace bcssim::apps::replay::otf2
