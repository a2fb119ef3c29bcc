#pragma once
// Optional user buffers of collective algorithms: skeleton applications pass null buffers (sizes only), so
// offsets into a null buffer stay null and copies involving one do nothing.
#include <cstdint>
#include <cstring>

namespace bcssim::base {

inline char* at(void* base, std::uint64_t offset) { return base ? static_cast<char*>(base) + offset : nullptr; }
inline const char* at(const void* base, std::uint64_t offset)
{
  return base ? static_cast<const char*>(base) + offset : nullptr;
}
inline void copy(void* to, const void* from, std::uint64_t bytes)
{
  if (to != nullptr && from != nullptr && bytes > 0 && to != from)
    std::memmove(to, from, bytes);
}

} // namespace bcssim::base
