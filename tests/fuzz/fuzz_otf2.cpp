// libFuzzer target: an OTF2 archive's events converted into a trace (apps/replay/otf2/convert.hpp). The input is not
// the archive's bytes (those are Debian's OTF2 library's to decode) but the events in it: each byte chooses a record
// (Enter and Leave of MPI and user regions and bcs-sim's compute region, sends, receives, requests and their
// completions and cancellations, collectives with any operation, root, communicator, byte counts and bcs-sim's
// attributes, another rank, time passing), written through the library's writer as a tool would, so that the
// converter's own handling of any sequence of records is what is fuzzed. Only Otf2Error (exit 2 in the CLI) may
// escape; see fuzz_common.hpp.
#include "apps/replay/otf2/bcssim_records.hpp"
#include "apps/replay/otf2/convert.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/inputs.hpp"

#include <otf2/otf2.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) { return 0; }

const char* const kRegions[] = {"MPI_Init",
                                "MPI_Send",
                                "MPI_Sendrecv",
                                "MPI_Waitall",
                                "MPI_Alltoallv",
                                "user_code",
                                bcssim::apps::replay::otf2::kComputeRegion};
const char* const kPairs[] = {"1 2 | 3 4", "4 4 4 4 |4 4 4 4", "x |", "", "|", "99999999999999999999999 | 1",
                              "1 | 2 | 3"};

// The input, byte by byte; zeros once it is used up.
struct Bytes {
  const std::uint8_t* data;
  std::size_t size;
  std::size_t at = 0;
  bool more() const { return at < size; }
  std::uint8_t next() { return at < size ? data[at++] : 0; }
  std::uint64_t wide() { return std::uint64_t(next()) << 8 | next(); }
};

void write_archive(const std::filesystem::path& dir, Bytes& in)
{
  std::filesystem::remove_all(dir);
  // The smallest chunks the library takes: the archive is written and read once per input.
  OTF2_Archive* archive = OTF2_Archive_Open(dir.string().c_str(), "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_MIN,
                                            OTF2_CHUNK_SIZE_MIN, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr)
    bcssim::fuzz::finding("the fuzz target could not open an archive to write");
  static OTF2_FlushCallbacks flush{pre_flush, post_flush};
  OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr);
  OTF2_Archive_SetSerialCollectiveCallbacks(archive);
  OTF2_Archive_OpenEvtFiles(archive);
  const int ranks = 1 + in.next() % 4;
  std::vector<OTF2_EvtWriter*> writers;
  std::vector<OTF2_TimeStamp> time(std::size_t(ranks), 0);
  for (int r = 0; r < ranks; ++r)
    writers.push_back(OTF2_Archive_GetEvtWriter(archive, OTF2_LocationRef(r)));
  int r = 0;
  for (int events = 0; in.more() && events < 2000; ++events) {
    OTF2_EvtWriter* w = writers[std::size_t(r)];
    OTF2_TimeStamp& t = time[std::size_t(r)];
    const std::uint8_t op = in.next() % 12;
    const std::uint32_t peer = in.next() % 6; // past the ranks too
    const OTF2_CommRef comm = in.next() % 3;  // world, a pair, one never defined
    switch (op) {
      case 0:
        OTF2_EvtWriter_Enter(w, nullptr, t, OTF2_RegionRef(peer % 7));
        break;
      case 1:
        OTF2_EvtWriter_Leave(w, nullptr, t, OTF2_RegionRef(peer % 7));
        break;
      case 2:
        OTF2_EvtWriter_MpiSend(w, nullptr, t, peer, comm, in.next(), in.wide());
        break;
      case 3:
        OTF2_EvtWriter_MpiIsend(w, nullptr, t, peer, comm, in.next(), in.wide(), in.next() % 4);
        break;
      case 4:
        OTF2_EvtWriter_MpiIsendComplete(w, nullptr, t, in.next() % 4);
        break;
      case 5:
        OTF2_EvtWriter_MpiIrecvRequest(w, nullptr, t, in.next() % 4);
        break;
      case 6:
        OTF2_EvtWriter_MpiIrecv(w, nullptr, t, peer, comm, in.next(), in.wide(), in.next() % 4);
        break;
      case 7:
        OTF2_EvtWriter_MpiRecv(w, nullptr, t, peer, comm, in.next(), in.wide());
        break;
      case 8:
        OTF2_EvtWriter_MpiRequestCancelled(w, nullptr, t, in.next() % 4);
        break;
      case 9: { // a collective, with bcs-sim's attributes or not
        OTF2_AttributeList* attributes = OTF2_AttributeList_New();
        const std::uint8_t which = in.next();
        if (which & 1)
          OTF2_AttributeList_AddUint8(attributes, 0, in.next());
        if (which & 2)
          OTF2_AttributeList_AddStringRef(attributes, 1, OTF2_StringRef(in.next() % 7));
        const auto collective = OTF2_CollectiveOp(in.next() % 22);
        OTF2_EvtWriter_MpiCollectiveEnd(w, attributes, t, collective, comm, peer == 5 ? OTF2_UNDEFINED_UINT32 : peer,
                                        in.wide(), in.wide());
        OTF2_AttributeList_Delete(attributes);
        break;
      }
      case 10:
        r = (r + 1) % ranks;
        break;
      default:
        t += in.wide();
        break;
    }
  }
  for (OTF2_EvtWriter* w : writers)
    OTF2_Archive_CloseEvtWriter(archive, w);
  OTF2_Archive_CloseEvtFiles(archive);
  OTF2_Archive_OpenDefFiles(archive);
  for (int q = 0; q < ranks; ++q)
    OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, OTF2_LocationRef(q)));
  OTF2_Archive_CloseDefFiles(archive);
  OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
  OTF2_GlobalDefWriter_WriteClockProperties(g, 1'000'000'000, 0, 1ULL << 40, OTF2_UNDEFINED_TIMESTAMP);
  std::uint32_t next = 0;
  const auto string = [&](const std::string& text) {
    OTF2_GlobalDefWriter_WriteString(g, next, text.c_str());
    return next++;
  };
  for (const char* pairs : kPairs) // strings 0-6: the alltoallv attribute's values
    string(pairs);
  const OTF2_StringRef empty = string("");
  for (std::size_t i = 0; i < 7; ++i) {
    const std::string name = kRegions[i];
    const bool mpi = name.rfind("MPI_", 0) == 0;
    const OTF2_StringRef s = string(name);
    OTF2_GlobalDefWriter_WriteRegion(g, OTF2_RegionRef(i), s, s, empty, OTF2_REGION_ROLE_FUNCTION,
                                     mpi ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, empty, 0, 0);
  }
  OTF2_GlobalDefWriter_WriteAttribute(g, 0, string(bcssim::apps::replay::otf2::kElementBytesAttribute), empty,
                                      OTF2_TYPE_UINT8);
  OTF2_GlobalDefWriter_WriteAttribute(g, 1, string(bcssim::apps::replay::otf2::kAlltoallvCountsAttribute), empty,
                                      OTF2_TYPE_STRING);
  OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, empty, empty, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  std::vector<std::uint64_t> members;
  for (int q = 0; q < ranks; ++q) {
    OTF2_GlobalDefWriter_WriteLocationGroup(g, OTF2_LocationGroupRef(q), empty, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                            OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocation(g, OTF2_LocationRef(q), empty, OTF2_LOCATION_TYPE_CPU_THREAD, 0,
                                       OTF2_LocationGroupRef(q));
    members.push_back(std::uint64_t(q));
  }
  const std::uint64_t pair[] = {0, 1};
  OTF2_GlobalDefWriter_WriteGroup(g, 0, empty, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                  std::uint32_t(ranks), members.data());
  OTF2_GlobalDefWriter_WriteGroup(g, 1, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                  std::uint32_t(ranks), members.data());
  OTF2_GlobalDefWriter_WriteGroup(g, 2, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, 2,
                                  pair);
  OTF2_GlobalDefWriter_WriteComm(g, 0, empty, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  OTF2_GlobalDefWriter_WriteComm(g, 1, empty, 2, 0, OTF2_COMM_FLAG_NONE);
  OTF2_Archive_CloseGlobalDefWriter(archive, g);
  OTF2_Archive_Close(archive);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static const bcssim::fuzz::Scratch scratch("otf2");
  Bytes in{data, size};
  write_archive(scratch.dir() / "archive", in);
  std::filesystem::remove_all(scratch.dir() / "ranks");
  std::filesystem::create_directories(scratch.dir() / "ranks");
  bcssim::fuzz::expect_bad_input_only<bcssim::apps::replay::otf2::Otf2Error>([&] {
    bcssim::apps::replay::otf2::convert((scratch.dir() / "archive" / "traces.otf2").string(), scratch.dir() / "ranks",
                                        1e9);
  });
  return 0;
}
