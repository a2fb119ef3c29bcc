#pragma once
// An OTF2 archive written by a test through Debian's OTF2 library, as Score-P writes one for an MPI program: the
// ranks' locations in an MPI COMM_LOCATIONS group, MPI_COMM_WORLD (and another communicator of ranks 0 and 1),
// regions of paradigm MPI for the calls and one user region, and each rank's events through its writer.
#include <otf2/otf2.h>

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace e2e {

class Otf2Archive {
public:
  static constexpr OTF2_CommRef kWorld = 0;
  static constexpr OTF2_CommRef kPair = 1; // ranks 0 and 1 only: not MPI_COMM_WORLD

  /// Opens `dir`/traces.otf2 for writing, `ranks` locations, `resolution` ticks a second.
  Otf2Archive(const std::filesystem::path& dir, int ranks, std::uint64_t resolution)
      : ranks_(ranks), resolution_(resolution)
  {
    std::filesystem::remove_all(dir);
    archive_ = OTF2_Archive_Open(dir.string().c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                 OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    REQUIRE(archive_ != nullptr);
    static OTF2_FlushCallbacks flush{
        [](void*, OTF2_FileType, OTF2_LocationRef, void*, bool) -> OTF2_FlushType { return OTF2_FLUSH; },
        [](void*, OTF2_FileType, OTF2_LocationRef) -> OTF2_TimeStamp { return 0; }};
    OTF2_Archive_SetFlushCallbacks(archive_, &flush, nullptr);
    OTF2_Archive_SetSerialCollectiveCallbacks(archive_);
    OTF2_Archive_SetCreator(archive_, "bcs-sim test");
    REQUIRE(OTF2_Archive_OpenEvtFiles(archive_) == OTF2_SUCCESS);
    for (int r = 0; r < ranks; ++r)
      writers_.push_back(OTF2_Archive_GetEvtWriter(archive_, OTF2_LocationRef(r)));
  }
  Otf2Archive(const Otf2Archive&) = delete;
  Otf2Archive& operator=(const Otf2Archive&) = delete;

  OTF2_EvtWriter* rank(int r) { return writers_.at(std::size_t(r)); }

  /// A region's reference: an MPI function's (paradigm MPI) or, for any other name, a user function's.
  OTF2_RegionRef region(const std::string& name)
  {
    const auto [it, made] = regions_.emplace(name, OTF2_RegionRef(regions_.size()));
    return it->second;
  }

  /// Enter(t) of `name`, `inside(t)` for the records within, Leave(t + 1): an MPI call of one tick.
  template <class Inside> void call(int r, OTF2_TimeStamp t, const std::string& name, Inside inside)
  {
    OTF2_EvtWriter_Enter(rank(r), nullptr, t, region(name));
    inside(rank(r), t);
    OTF2_EvtWriter_Leave(rank(r), nullptr, t + 1, region(name));
  }
  void call(int r, OTF2_TimeStamp t, const std::string& name)
  {
    call(r, t, name, [](OTF2_EvtWriter*, OTF2_TimeStamp) {});
  }

  /// Closes the event files and writes the definitions.
  void close()
  {
    for (OTF2_EvtWriter* w : writers_)
      OTF2_Archive_CloseEvtWriter(archive_, w);
    OTF2_Archive_CloseEvtFiles(archive_);
    REQUIRE(OTF2_Archive_OpenDefFiles(archive_) == OTF2_SUCCESS);
    for (int r = 0; r < ranks_; ++r)
      OTF2_Archive_CloseDefWriter(archive_, OTF2_Archive_GetDefWriter(archive_, OTF2_LocationRef(r)));
    OTF2_Archive_CloseDefFiles(archive_);
    OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive_);
    OTF2_GlobalDefWriter_WriteClockProperties(g, resolution_, 0, 1'000'000'000'000ULL, OTF2_UNDEFINED_TIMESTAMP);
    std::uint32_t next_string = 0;
    const auto string = [&](const std::string& text) {
      OTF2_GlobalDefWriter_WriteString(g, next_string, text.c_str());
      return next_string++;
    };
    const OTF2_StringRef empty = string("");
    for (const auto& [name, ref] : regions_) {
      const bool mpi = name.rfind("MPI_", 0) == 0;
      const OTF2_StringRef s = string(name);
      OTF2_GlobalDefWriter_WriteRegion(g, ref, s, s, empty, OTF2_REGION_ROLE_FUNCTION,
                                       mpi ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, empty, 0,
                                       0);
    }
    OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, string("machine"), string("machine"),
                                             OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    std::vector<std::uint64_t> locations;
    std::vector<std::uint64_t> world;
    for (int r = 0; r < ranks_; ++r) {
      OTF2_GlobalDefWriter_WriteLocationGroup(g, OTF2_LocationGroupRef(r), string("rank " + std::to_string(r)),
                                              OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP);
      OTF2_GlobalDefWriter_WriteLocation(g, OTF2_LocationRef(r), string("main thread"), OTF2_LOCATION_TYPE_CPU_THREAD,
                                         0, OTF2_LocationGroupRef(r));
      locations.push_back(std::uint64_t(r));
      world.push_back(std::uint64_t(r));
    }
    OTF2_GlobalDefWriter_WriteGroup(g, 0, string("MPI locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, std::uint32_t(ranks_), locations.data());
    OTF2_GlobalDefWriter_WriteGroup(g, 1, string("world"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, std::uint32_t(ranks_), world.data());
    const std::uint64_t pair[] = {0, 1};
    OTF2_GlobalDefWriter_WriteGroup(g, 2, string("pair"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, 2, pair);
    OTF2_GlobalDefWriter_WriteComm(g, kWorld, string("MPI_COMM_WORLD"), 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_GlobalDefWriter_WriteComm(g, kPair, string("pair"), 2, kWorld, OTF2_COMM_FLAG_NONE);
    OTF2_Archive_CloseGlobalDefWriter(archive_, g);
    REQUIRE(OTF2_Archive_Close(archive_) == OTF2_SUCCESS);
    archive_ = nullptr;
  }

  ~Otf2Archive()
  {
    if (archive_ != nullptr)
      OTF2_Archive_Close(archive_);
  }

private:
  int ranks_;
  std::uint64_t resolution_;
  OTF2_Archive* archive_ = nullptr;
  std::vector<OTF2_EvtWriter*> writers_;
  std::map<std::string, OTF2_RegionRef> regions_;
};

} // namespace e2e
