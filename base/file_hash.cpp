#include "base/file_hash.hpp"
#include "base/input_file.hpp"

#include <xxhash.h>

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>
#include <vector>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(base_file_hash, "base.file_hash: A file's bytes as they are now, hashed");

namespace bcssim::base {

std::uint64_t file_hash(const std::string& path)
{
  std::ifstream in = input_file(path);
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  std::vector<char> buffer(std::size_t(1) << 20);
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    XXH3_64bits_update(state, buffer.data(), std::size_t(in.gcount()));
  }
  const std::uint64_t hash = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return hash;
}

std::string file_hash128_hex(const std::string& path)
{
  std::ifstream in = input_file(path);
  if (!in)
    throw std::runtime_error("cannot be opened");
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  std::vector<char> buffer(std::size_t(1) << 20);
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    XXH3_128bits_update(state, buffer.data(), std::size_t(in.gcount()));
  }
  const bool failed = in.bad();
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state));
  XXH3_freeState(state);
  if (failed)
    throw std::runtime_error("cannot be read");
  std::string hex;
  for (unsigned char byte : canonical.digest)
    hex += fmt::format("{:02x}", byte);
  return hex;
}

} // namespace bcssim::base
