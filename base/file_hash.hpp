#pragma once
// A file's bytes as they are now, hashed: what tells a file rewritten under the same name (a trace, the running
// binary) from the one read before.
#include <cstdint>
#include <string>

namespace bcssim::base {

/// XXH3-64 of the file's bytes, read in 1 MiB blocks; the hash of no bytes when it cannot be read (the reader
/// that opens it next reports why).
std::uint64_t file_hash(const std::string& path);

/// XXH3-128 of the file's bytes as 32 lower-case hex digits, in the canonical (big-endian) order `xxhsum -H2`
/// prints (Debian's xxhash package), so that a checksum file written by that tool can be checked here. Throws
/// std::runtime_error when the file cannot be read.
std::string file_hash128_hex(const std::string& path);

} // namespace bcssim::base
