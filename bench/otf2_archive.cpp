// Writes a large OTF2 archive of an MPI program, as Score-P lays one out, for bench/otf2_memory.sh (issue 66 part 2:
// "a 1,024-rank archive of 10^8 events replays within 2 GB"). Each rank runs a ring: even ranks send to the right
// and then receive from the left, odd ranks the reverse (so BCS-MPI's blocking sends do not wait on each other),
// 1,000 ticks of computation between calls, and an MPI_Allreduce every 100 iterations.
//   bench_otf2_archive DIR RANKS EVENTS_PER_RANK   (writes DIR/traces.otf2 and DIR/traces/)
#include <otf2/otf2.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) { return 0; }

enum Region : OTF2_RegionRef { init, send, recv, allreduce, finalize, regions };
const char* const kNames[] = {"MPI_Init", "MPI_Send", "MPI_Recv", "MPI_Allreduce", "MPI_Finalize"};

} // namespace

int main(int argc, char** argv)
{
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s DIR RANKS EVENTS_PER_RANK\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const int ranks = std::atoi(argv[2]);
  const long events = std::atol(argv[3]);
  if (ranks < 2 || events < 10) {
    std::fprintf(stderr, "RANKS >= 2 and EVENTS_PER_RANK >= 10\n");
    return 2;
  }
  OTF2_Archive* archive = OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                            OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr)
    return 1;
  static OTF2_FlushCallbacks flush{pre_flush, post_flush};
  OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr);
  OTF2_Archive_SetSerialCollectiveCallbacks(archive);
  OTF2_Archive_SetCreator(archive, "bcs-sim bench_otf2_archive");
  OTF2_Archive_OpenEvtFiles(archive);
  for (int r = 0; r < ranks; ++r) { // one location at a time: the writer's memory is one location's buffer
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, OTF2_LocationRef(r));
    OTF2_TimeStamp t = 0;
    long written = 0;
    const auto call = [&](Region region, auto inside) {
      OTF2_EvtWriter_Enter(w, nullptr, t, region);
      inside();
      OTF2_EvtWriter_Leave(w, nullptr, t + 10, region);
      t += 1010; // the call's 10 ticks and 1,000 of computation after it
      written += 3;
    };
    const std::uint32_t right = std::uint32_t((r + 1) % ranks), left = std::uint32_t((r + ranks - 1) % ranks);
    const auto do_send = [&] { call(send, [&] { OTF2_EvtWriter_MpiSend(w, nullptr, t, right, 0, 1, 4096); }); };
    const auto do_recv = [&] { call(recv, [&] { OTF2_EvtWriter_MpiRecv(w, nullptr, t + 9, left, 0, 1, 4096); }); };
    call(init, [] {});
    for (long i = 0; written + 6 < events; ++i) {
      if (r % 2 == 0) {
        do_send();
        do_recv();
      } else {
        do_recv();
        do_send();
      }
      if (i % 100 == 99 && written + 3 < events)
        call(allreduce, [&] {
          OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, t);
          OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, t + 9, OTF2_COLLECTIVE_OP_ALLREDUCE, 0, OTF2_UNDEFINED_UINT32,
                                          std::uint64_t(ranks) * 8, std::uint64_t(ranks) * 8);
        });
    }
    call(finalize, [] {});
    OTF2_Archive_CloseEvtWriter(archive, w);
  }
  OTF2_Archive_CloseEvtFiles(archive);
  OTF2_Archive_OpenDefFiles(archive);
  for (int r = 0; r < ranks; ++r)
    OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, OTF2_LocationRef(r)));
  OTF2_Archive_CloseDefFiles(archive);
  OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
  OTF2_GlobalDefWriter_WriteClockProperties(g, 1'000'000'000, 0, 1'000'000'000'000ULL, OTF2_UNDEFINED_TIMESTAMP);
  std::uint32_t next = 0;
  const auto string = [&](const std::string& text) {
    OTF2_GlobalDefWriter_WriteString(g, next, text.c_str());
    return next++;
  };
  const OTF2_StringRef empty = string("");
  for (int region = 0; region < int(regions); ++region) {
    const OTF2_StringRef s = string(kNames[region]);
    OTF2_GlobalDefWriter_WriteRegion(g, OTF2_RegionRef(region), s, s, empty, OTF2_REGION_ROLE_FUNCTION,
                                     OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE, empty, 0, 0);
  }
  OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string("machine"), string("machine"), OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  std::vector<std::uint64_t> members;
  const OTF2_StringRef thread = string("main thread");
  for (int r = 0; r < ranks; ++r) {
    OTF2_GlobalDefWriter_WriteLocationGroup(g, OTF2_LocationGroupRef(r), string("rank " + std::to_string(r)),
                                            OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocation(g, OTF2_LocationRef(r), thread, OTF2_LOCATION_TYPE_CPU_THREAD, 0,
                                       OTF2_LocationGroupRef(r));
    members.push_back(std::uint64_t(r));
  }
  OTF2_GlobalDefWriter_WriteGroup(g, 0, string("MPI locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                  OTF2_GROUP_FLAG_NONE, std::uint32_t(ranks), members.data());
  OTF2_GlobalDefWriter_WriteGroup(g, 1, string("world"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                  OTF2_GROUP_FLAG_NONE, std::uint32_t(ranks), members.data());
  OTF2_GlobalDefWriter_WriteComm(g, 0, string("MPI_COMM_WORLD"), 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  OTF2_Archive_CloseGlobalDefWriter(archive, g);
  return OTF2_Archive_Close(archive) == OTF2_SUCCESS ? 0 : 1;
}
