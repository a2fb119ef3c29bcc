#include "base/line_reader.hpp"

#include "base/input_file.hpp"

#include <fmt/format.h>
#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <sys/stat.h>

namespace bcssim::base {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const
  {
    if (f != nullptr)
      std::fclose(f);
  }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

File open_raw(const std::string& path)
{
  // Checked before the open too: opening a FIFO blocks until a writer comes (base/input_file.hpp).
  if (std::error_code ec; std::filesystem::is_directory(path, ec))
    throw std::runtime_error(fmt::format("{} is a folder, not a file", path));
  if (not_a_regular_file(path))
    throw std::runtime_error(fmt::format("{} is not a regular file (a pipe, a FIFO or a device): bcssim reads a "
                                         "file from its start, twice for a compressed one; save it to a file first",
                                         path));
  File f(std::fopen(path.c_str(), "rb"));
  if (!f)
    throw std::runtime_error(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  // The reader looks at a file's first bytes to tell plain text from gzip and xz, then reads it from its start
  // (a gzip file is opened again by name): a pipe, a FIFO or a device would lose those bytes, or never end.
  struct stat st {};
  if (::fstat(::fileno(f.get()), &st) != 0 || !S_ISREG(st.st_mode))
    throw std::runtime_error(fmt::format("{} is not a regular file (a pipe, a FIFO or a device): bcssim reads a "
                                         "file from its start, twice for a compressed one; save it to a file first",
                                         path));
  return f;
}

class PlainSource : public ByteSource {
public:
  PlainSource(File file, std::string path) : file_(std::move(file)), path_(std::move(path)) {}
  std::size_t read(char* into, std::size_t capacity) override
  {
    const std::size_t n = std::fread(into, 1, capacity, file_.get());
    if (n == 0 && std::ferror(file_.get()))
      throw std::runtime_error(fmt::format("cannot read {}", path_));
    return n;
  }

private:
  File file_;
  std::string path_;
};

// zlib's inflate over the raw file, member after member (a gzip file may hold several, RFC 1952 §2.2, which
// `gzip -d` and `zcat` read as one). Not gzread: it reads a file that ends inside its stream as a shorter one (to
// follow a file still being written) and skips whatever follows the last member without a word.
class GzipSource : public ByteSource {
public:
  GzipSource(File file, std::string path) : file_(std::move(file)), path_(std::move(path)), in_(8192)
  {
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) // 15: the largest window; +16: gzip wrapper only
      throw std::runtime_error(fmt::format("{}: cannot start the gzip decoder", path_));
  }
  ~GzipSource() override { inflateEnd(&stream_); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;
  std::size_t read(char* into, std::size_t capacity) override
  {
    stream_.next_out = reinterpret_cast<Bytef*>(into);
    stream_.avail_out = uInt(std::min<std::size_t>(capacity, 1u << 30));
    const uInt asked = stream_.avail_out;
    while (stream_.avail_out == asked && !done_) {
      if (stream_.avail_in == 0 && !fill()) {
        if (in_member_)
          throw std::runtime_error(fmt::format("{}: truncated or corrupt gzip data (unexpected end of file)", path_));
        done_ = true;
        break;
      }
      if (!in_member_) {
        start_member();
        continue;
      }
      const int r = inflate(&stream_, Z_NO_FLUSH);
      if (r == Z_STREAM_END) {
        in_member_ = false;
        ++members_;
      } else if (r != Z_OK && r != Z_BUF_ERROR) {
        throw std::runtime_error(
            fmt::format("{}: corrupt gzip data ({})", path_, stream_.msg != nullptr ? stream_.msg : zError(r)));
      }
    }
    return asked - stream_.avail_out;
  }
  std::size_t state_bytes() const override { return in_.size() + 32768 + 7160; } // input, window, state

private:
  // Reads the next bytes of the file into the buffer, behind the `keep` (0 or 1) bytes still unread there.
  bool fill(std::size_t keep = 0)
  {
    if (keep == 1)
      in_[0] = *stream_.next_in;
    const std::size_t n = std::fread(in_.data() + keep, 1, in_.size() - keep, file_.get());
    if (n == 0 && std::ferror(file_.get()))
      throw std::runtime_error(fmt::format("cannot read {}", path_));
    stream_.next_in = in_.data();
    stream_.avail_in = uInt(n + keep);
    return n > 0;
  }
  // After a member, only another member may follow: anything else is refused rather than skipped (gzip itself
  // warns "trailing garbage ignored"), so a damaged or appended-to file is never read as a shorter one.
  void start_member()
  {
    if (members_ > 0) {
      if (stream_.avail_in == 1) // a member's magic may straddle the buffer's end
        fill(1);
      if (stream_.avail_in < 2 || stream_.next_in[0] != 0x1f || stream_.next_in[1] != 0x8b)
        throw trailing();
      if (inflateReset(&stream_) != Z_OK)
        throw std::runtime_error(fmt::format("{}: cannot restart the gzip decoder", path_));
    }
    in_member_ = true;
  }
  std::runtime_error trailing() const
  {
    return std::runtime_error(fmt::format("{}: bytes after the end of its gzip data at byte {} that are not "
                                          "another gzip member: a damaged or appended-to file (gzip -t says "
                                          "\"trailing garbage ignored\"); recompress it",
                                          path_, std::ftell(file_.get()) - long(stream_.avail_in)));
  }

  File file_;
  std::string path_;
  std::vector<Bytef> in_;
  z_stream stream_{};
  bool in_member_ = false;
  bool done_ = false;
  unsigned members_ = 0;
};

// liblzma's stream decoder over the raw file; its memory is the dictionary the file was compressed with.
class XzSource : public ByteSource {
public:
  XzSource(File file, std::string path) : file_(std::move(file)), path_(std::move(path)), in_(8192)
  {
    if (lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
      throw std::runtime_error(fmt::format("{}: cannot start the xz decoder", path_));
  }
  ~XzSource() override { lzma_end(&stream_); }
  XzSource(const XzSource&) = delete;
  XzSource& operator=(const XzSource&) = delete;
  std::size_t read(char* into, std::size_t capacity) override
  {
    stream_.next_out = reinterpret_cast<std::uint8_t*>(into);
    stream_.avail_out = capacity;
    while (stream_.avail_out == capacity && !done_) {
      lzma_action action = LZMA_RUN;
      if (stream_.avail_in == 0) {
        const std::size_t n = std::fread(in_.data(), 1, in_.size(), file_.get());
        if (n == 0 && std::ferror(file_.get()))
          throw std::runtime_error(fmt::format("cannot read {}", path_));
        stream_.next_in = in_.data();
        stream_.avail_in = n;
        if (n == 0)
          action = LZMA_FINISH;
      }
      const lzma_ret r = lzma_code(&stream_, action);
      if (r == LZMA_STREAM_END)
        done_ = true;
      else if (r != LZMA_OK)
        throw std::runtime_error(fmt::format("{}: corrupt or truncated xz data (liblzma error {})", path_, int(r)));
    }
    return capacity - stream_.avail_out;
  }
  std::size_t state_bytes() const override { return in_.size() + std::size_t(lzma_memusage(&stream_)); }

private:
  File file_;
  std::string path_;
  std::vector<std::uint8_t> in_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool done_ = false;
};

} // namespace

std::unique_ptr<ByteSource> open_file(const std::string& path)
{
  File f = open_raw(path);
  unsigned char magic[6] = {};
  const std::size_t n = std::fread(magic, 1, sizeof magic, f.get());
  if (n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
    std::rewind(f.get());
    return std::make_unique<GzipSource>(std::move(f), path);
  }
  static const unsigned char xz_magic[6] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
  if (n == 6 && std::memcmp(magic, xz_magic, 6) == 0) {
    std::rewind(f.get());
    return std::make_unique<XzSource>(std::move(f), path);
  }
  std::rewind(f.get());
  return std::make_unique<PlainSource>(std::move(f), path);
}

LineReader::LineReader(std::unique_ptr<ByteSource> source) : source_(std::move(source)), buffer_(kBufferBytes)
{
  line_.reserve(kLineBytes); // grows only for a longer line that spans two fills
}

bool LineReader::fill()
{
  if (eof_)
    return false;
  begin_ = 0;
  end_ = source_->read(buffer_.data(), buffer_.size());
  if (end_ == 0)
    eof_ = true;
  return end_ > 0;
}

bool LineReader::next(std::string_view& line)
{
  line_.clear();
  bool spanning = false; // the line started in an earlier fill and is gathered in line_
  for (;;) {
    if (begin_ == end_ && !fill()) {
      if (!spanning)
        return false;
      break; // the last line has no end of line
    }
    const char* start = buffer_.data() + begin_;
    const auto* nl = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
    if (nl == nullptr) {
      if (line_.size() + (end_ - begin_) > kMaxLineBytes) // e.g. /dev/zero, or a binary file
        throw std::runtime_error(fmt::format("line {} is longer than {} MiB: not a file of text lines",
                                             line_number_ + 1, kMaxLineBytes >> 20));
      line_.append(start, end_ - begin_);
      begin_ = end_;
      spanning = true;
      continue;
    }
    const std::size_t len = std::size_t(nl - start);
    begin_ += len + 1;
    if (spanning) {
      line_.append(start, len);
      break;
    }
    line = std::string_view(start, len);
    ++line_number_;
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    return true;
  }
  line = line_;
  ++line_number_;
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  return true;
}

std::size_t LineReader::buffer_bytes() const { return buffer_.capacity() + line_.capacity() + source_->state_bytes(); }

} // namespace bcssim::base
