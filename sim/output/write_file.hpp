#pragma once
// Writing a file so that a failure is never silent (issue 45: on a full disk a run exited 0 leaving 0-byte files):
// every write, and the close that may report a delayed error, is checked, and a failure is an error naming the
// file and the system's reason ("No space left on device"). The images gnuplot writes are checked after it ends.
#include <filesystem>
#include <string>
#include <string_view>

namespace bcssim::sim {

/// Writes `content` to `path` (created, or emptied first) and closes it. Throws std::runtime_error "cannot write
/// <path>: <reason>" when opening, any write or the close fails.
void write_file(const std::filesystem::path& path, std::string_view content);

/// Throws std::runtime_error "cannot write <path>: ..." unless `path` is a whole image: an SVG ending with its
/// </svg>, a PNG ending with its IEND chunk (a writer that ran out of space leaves an empty or cut file behind).
/// The reason names a full file system when `path`'s has next to no space left.
void check_image_complete(const std::filesystem::path& path);

/// Flushes standard output; throws std::runtime_error "cannot write standard output: <reason>" when a write to it
/// failed (a full disk it was redirected to, a closed pipe).
void flush_stdout();

} // namespace bcssim::sim
