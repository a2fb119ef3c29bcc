#pragma once
// A file's bytes as they are now, hashed: what tells a file rewritten under the same name (a trace, the running
// binary) from the one read before.
#include <cstdint>
#include <string>

namespace bcssim::base {

/// XXH3-64 of the file's bytes, read in 1 MiB blocks; the hash of no bytes when it cannot be read (the reader
/// that opens it next reports why).
std::uint64_t file_hash(const std::string& path);

} // namespace bcssim::base
