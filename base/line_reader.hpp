#pragma once
// Reading a file of the user (a trace, a workload) as a stream of lines, whatever its compression: plain text,
// gzip (zlib) or xz (liblzma), told apart by their magic bytes. A LineReader holds one fixed input buffer and the longest line seen so far, so
// its memory does not grow with the file's length (buffer_bytes() says how much it holds): a fixed input buffer
// and a line buffer that only a line longer than any before it (spanning two fills) enlarges.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::base {

/// Bytes in order; read() returns 0 at the end. Errors (unreadable, corrupt compressed data) throw
/// std::runtime_error with the file's name.
class ByteSource {
public:
  virtual ~ByteSource() = default;
  virtual std::size_t read(char* into, std::size_t capacity) = 0;
  /// What the source holds besides the reader's buffer (a decompressor's state), for the memory bound.
  virtual std::size_t state_bytes() const { return 0; }
};

/// The file at `path`, decompressed when it starts with gzip's or xz's magic bytes. Throws std::runtime_error
/// when it cannot be opened.
std::unique_ptr<ByteSource> open_file(const std::string& path);

class LineReader {
public:
  static constexpr std::size_t kBufferBytes = 16 * 1024;
  static constexpr std::size_t kLineBytes = 1024;
  /// A longer line is an error (std::runtime_error), not a buffer that grows until memory runs out. A trace's
  /// longest, an alltoallv's counts on 16,384 ranks, is about 300 kB.
  static constexpr std::size_t kMaxLineBytes = std::size_t(16) << 20;

  explicit LineReader(std::unique_ptr<ByteSource> source);
  /// The next line without its end of line ('\n', "\r\n"); false at the end of the input. The view lives until
  /// the next call.
  bool next(std::string_view& line);
  /// 1-based number of the line next() returned last.
  std::uint64_t line_number() const { return line_number_; }
  /// Bytes this reader holds: its input buffer, its line buffer and the source's state.
  std::size_t buffer_bytes() const;

private:
  bool fill();

  std::unique_ptr<ByteSource> source_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0; // unread bytes are buffer_[begin_, end_)
  std::size_t end_ = 0;
  bool eof_ = false;
  std::string line_; // a line that spans two fills
  std::uint64_t line_number_ = 0;
};

} // namespace bcssim::base
