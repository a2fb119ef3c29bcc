#pragma once
// SHA-256 (FIPS 180-4), for what must tell content apart against someone who would forge it: a results folder's
// manifest records the hash of each gnuplot script bcssim wrote, and `bcssim render` runs a script only when its
// bytes still hash to it (issue 67). XXH3, the project's other hash, is fast but not collision resistant: a
// script could be edited to keep its XXH3 value.
#include <filesystem>
#include <string>
#include <string_view>

namespace bcssim::sim {

/// The SHA-256 of `bytes`, as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

/// The SHA-256 of a file's bytes, as 64 lowercase hex digits; throws std::runtime_error naming the file if it
/// cannot be read.
std::string file_sha256_hex(const std::filesystem::path& file);

} // namespace bcssim::sim
