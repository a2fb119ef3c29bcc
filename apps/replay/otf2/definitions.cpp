#include "apps/replay/otf2/definitions.hpp"

#include "apps/replay/otf2/bcssim_records.hpp"

namespace bcssim::apps::replay::otf2 {
namespace {

Definitions& defs(void* data) { return *static_cast<Definitions*>(data); }

OTF2_CallbackCode on_clock(void* data, std::uint64_t resolution, std::uint64_t, std::uint64_t, std::uint64_t)
{
  defs(data).resolution = resolution;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_string(void* data, OTF2_StringRef self, const char* text)
{
  defs(data).strings[self] = text != nullptr ? text : "";
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_region(void* data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_StringRef,
                            OTF2_RegionRole, OTF2_Paradigm paradigm, OTF2_RegionFlag, OTF2_StringRef, std::uint32_t,
                            std::uint32_t)
{
  defs(data).regions[self] = {name, paradigm};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location(void* data, OTF2_LocationRef self, OTF2_StringRef, OTF2_LocationType type, std::uint64_t,
                              OTF2_LocationGroupRef group)
{
  defs(data).locations[self] = {type, group};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_group(void* data, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type, OTF2_Paradigm paradigm,
                           OTF2_GroupFlag, std::uint32_t count, const std::uint64_t* members)
{
  defs(data).groups[self] = {type, paradigm, std::vector<std::uint64_t>(members, members + count)};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_comm(void* data, OTF2_CommRef self, OTF2_StringRef, OTF2_GroupRef group, OTF2_CommRef,
                          OTF2_CommFlag)
{
  defs(data).comms[self] = group;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_attribute(void* data, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_Type)
{
  defs(data).attributes[self] = name;
  return OTF2_CALLBACK_SUCCESS;
}

} // namespace

OTF2_AttributeRef Definitions::attribute(const std::string& name) const
{
  for (const auto& [ref, text] : attributes)
    if (const auto s = strings.find(text); s != strings.end() && s->second == name)
      return ref;
  return OTF2_UNDEFINED_ATTRIBUTE;
}

void Definitions::read(OTF2_Reader* reader)
{
  OTF2_GlobalDefReader* global = OTF2_Reader_GetGlobalDefReader(reader);
  OTF2_GlobalDefReaderCallbacks* callbacks = OTF2_GlobalDefReaderCallbacks_New();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(callbacks, on_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(callbacks, on_string);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(callbacks, on_region);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(callbacks, on_location);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(callbacks, on_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(callbacks, on_comm);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(callbacks, on_attribute);
  OTF2_Reader_RegisterGlobalDefCallbacks(reader, global, callbacks, this);
  OTF2_GlobalDefReaderCallbacks_Delete(callbacks);
  std::uint64_t read = 0;
  OTF2_Reader_ReadAllGlobalDefinitions(reader, global, &read);
  OTF2_Reader_CloseGlobalDefReader(reader, global);
  element_attribute = attribute(kElementBytesAttribute);
  pairs_attribute = attribute(kAlltoallvCountsAttribute);
}

std::string Definitions::alltoallv_pairs(OTF2_AttributeList* list) const
{
  OTF2_StringRef text = OTF2_UNDEFINED_STRING;
  if (list == nullptr || pairs_attribute == OTF2_UNDEFINED_ATTRIBUTE ||
      OTF2_AttributeList_GetStringRef(list, pairs_attribute, &text) != OTF2_SUCCESS)
    return "";
  const auto s = strings.find(text);
  return s != strings.end() ? s->second : "";
}

int Definitions::element_bytes(OTF2_AttributeList* list) const
{
  std::uint8_t bytes = 0;
  if (list == nullptr || element_attribute == OTF2_UNDEFINED_ATTRIBUTE ||
      OTF2_AttributeList_GetUint8(list, element_attribute, &bytes) != OTF2_SUCCESS)
    return 0;
  return bytes;
}

std::vector<OTF2_LocationRef> Definitions::mpi_locations() const
{
  for (const auto& [ref, group] : groups)
    if (group.type == OTF2_GROUP_TYPE_COMM_LOCATIONS && group.paradigm == OTF2_PARADIGM_MPI)
      return group.members;
  return {};
}

bool Definitions::world(OTF2_CommRef comm, std::size_t ranks) const
{
  const auto c = comms.find(comm);
  if (c == comms.end())
    return false;
  const auto g = groups.find(c->second);
  if (g == groups.end() || g->second.members.size() != ranks)
    return false;
  for (std::size_t i = 0; i < ranks; ++i)
    if (g->second.members[i] != i)
      return false;
  return true;
}

const std::string& Definitions::name(OTF2_RegionRef region) const
{
  static const std::string none;
  const auto r = regions.find(region);
  if (r == regions.end())
    return none;
  const auto s = strings.find(r->second.name);
  return s != strings.end() ? s->second : none;
}

bool Definitions::mpi(OTF2_RegionRef region) const
{
  const auto r = regions.find(region);
  return r != regions.end() && r->second.paradigm == OTF2_PARADIGM_MPI;
}

} // namespace bcssim::apps::replay::otf2
