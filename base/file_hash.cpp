#include "base/file_hash.hpp"
#include "base/input_file.hpp"

#include <xxhash.h>

#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <stdexcept>

namespace bcssim::base {

namespace {
// Feeds `in`'s bytes to `update` in chunks. The chunk is not zeroed: a run hashes each trace file of every rank
// (apps/replay/trace.cpp), and clearing a 1 MiB buffer for each was a tenth of a small replay's instructions.
template <class Update> void feed(std::istream& in, Update update)
{
  constexpr std::size_t kChunk = std::size_t(1) << 20;
  const std::unique_ptr<char[]> chunk(new char[kChunk]);
  while (in) {
    in.read(chunk.get(), std::streamsize(kChunk));
    update(chunk.get(), std::size_t(in.gcount()));
  }
}
} // namespace

std::uint64_t file_hash(const std::string& path)
{
  std::ifstream in = input_file(path);
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  feed(in, [state](const char* bytes, std::size_t n) { XXH3_64bits_update(state, bytes, n); });
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
  feed(in, [state](const char* bytes, std::size_t n) { XXH3_128bits_update(state, bytes, n); });
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
