#pragma once
// What the converter needs of an OTF2 archive's global definitions: region names and paradigms, the MPI ranks'
// locations in rank order, and which communicators are MPI_COMM_WORLD or congruent with it.
#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace bcssim::apps::replay::otf2 {

struct Definitions {
  std::uint64_t resolution = 0; // ticks per second (ClockProperties)
  std::map<OTF2_StringRef, std::string> strings;
  struct Region {
    OTF2_StringRef name = OTF2_UNDEFINED_STRING;
    OTF2_Paradigm paradigm = OTF2_PARADIGM_UNKNOWN;
  };
  std::map<OTF2_RegionRef, Region> regions;
  struct Group {
    OTF2_GroupType type = OTF2_GROUP_TYPE_UNKNOWN;
    OTF2_Paradigm paradigm = OTF2_PARADIGM_UNKNOWN;
    std::vector<std::uint64_t> members;
  };
  std::map<OTF2_GroupRef, Group> groups;
  std::map<OTF2_CommRef, OTF2_GroupRef> comms;
  struct Location {
    OTF2_LocationType type = OTF2_LOCATION_TYPE_UNKNOWN;
    OTF2_LocationGroupRef group = 0;
  };
  std::map<OTF2_LocationRef, Location> locations;
  std::map<OTF2_AttributeRef, OTF2_StringRef> attributes; // their names

  /// The attribute named `name`, or OTF2_UNDEFINED_ATTRIBUTE.
  OTF2_AttributeRef attribute(const std::string& name) const;
  /// A reduction's element size in bytes that a record of bcs-sim's own archive carries (bcssim_records.hpp), or 0.
  int element_bytes(OTF2_AttributeList* list) const;
  OTF2_AttributeRef element_attribute = OTF2_UNDEFINED_ATTRIBUTE; // set by read()
  /// An alltoallv's per-pair counts that a record of bcs-sim's own archive carries, or "".
  std::string alltoallv_pairs(OTF2_AttributeList* list) const;
  OTF2_AttributeRef pairs_attribute = OTF2_UNDEFINED_ATTRIBUTE; // set by read()

  /// Reads them through `reader` (an open OTF2_Reader).
  void read(OTF2_Reader* reader);
  /// The MPI ranks' locations, by rank: the members of the group of type COMM_LOCATIONS and paradigm MPI (empty if
  /// the archive has none: not an MPI program's).
  std::vector<OTF2_LocationRef> mpi_locations() const;
  /// Whether `comm`'s group holds every rank in order (MPI_COMM_WORLD, or a duplicate of it).
  bool world(OTF2_CommRef comm, std::size_t ranks) const;
  /// The name of `region` ("" if unknown), and whether it is an MPI function.
  const std::string& name(OTF2_RegionRef region) const;
  bool mpi(OTF2_RegionRef region) const;
};

} // namespace bcssim::apps::replay::otf2
