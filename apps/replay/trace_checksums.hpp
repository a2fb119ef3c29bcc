#pragma once
// A trace checked against the checksums recorded with it (`replay.checksums`): the files the replay reads are the
// ones whose provenance the checksum file vouches for (traces/README.md). The file is what `xxhsum -H2` (Debian's
// xxhash package) writes: one "<32 hex digits of XXH3-128>  <path>" line per file, paths relative to the checksum
// file's folder; the same tool checks it (`xxhsum -c`).
#include "apps/replay/trace.hpp"

#include <string>

namespace bcssim::apps::replay {

/// The scenario path of the checksum file, on which every error below is reported.
inline constexpr const char* kChecksumsPath = "replay.checksums";

/// Checks every file `layout` reads (the index, each rank file or the shared file) against `sums`: each must be
/// listed there and hash to its line's value. Files listed but not read (the platform, the input deck) are not
/// read. Throws base::ParamRuleError on replay.checksums naming the file, the recorded and the found checksum.
void verify_checksums(const Layout& layout, const std::string& sums);

} // namespace bcssim::apps::replay
