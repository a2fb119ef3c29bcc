#pragma once
// What bcs-sim's own archives (`bcssim convert --to otf2`) carry beyond Score-P's records, so that a trace comes
// back from OTF2 as it went in: each computation burst as a region of its own (paradigm USER), so that two bursts in
// a row stay two; and the element size of a reduction's datatype on its MpiCollectiveEnd, since the NIC's reduce
// costs per element and OTF2 keeps bytes only; and an alltoallv's per-pair counts as a string attribute. An archive of another tool has neither: its computation is the time
// outside MPI, its reductions are counted in bytes.
namespace bcssim::apps::replay::otf2 {

inline constexpr const char* kComputeRegion = "bcssim:compute";
inline constexpr const char* kElementBytesAttribute = "bcssim:element_bytes"; // OTF2_TYPE_UINT8: 4 or 8
// OTF2_TYPE_STRING on an MPI_Alltoallv's MpiCollectiveEnd: the bytes the rank sends to each rank, then "|", then
// the bytes it receives from each (OTF2 keeps only the two totals).
inline constexpr const char* kAlltoallvCountsAttribute = "bcssim:alltoallv_counts";

} // namespace bcssim::apps::replay::otf2
