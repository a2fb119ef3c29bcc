#include "base/line_reader.hpp"

#include <fmt/format.h>
#include <lzma.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <stdexcept>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(base_line_reader, "base.line_reader: Reading a file of the user");

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
  File f(std::fopen(path.c_str(), "rb"));
  if (!f)
    throw std::runtime_error(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  // The reader looks at a file's first bytes to tell plain text from gzip and xz, then reads it from its start
  // (a gzip file is opened again by name): a pipe, a FIFO or a device would lose those bytes, or never end.
  struct stat st{};
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

// zlib's gzFile: its own input and output buffers (gzbuffer, 8 KiB by default) and inflate's 32 KiB window.
class GzipSource : public ByteSource {
public:
  explicit GzipSource(const std::string& path) : path_(path), file_(gzopen(path.c_str(), "rb"))
  {
    if (file_ == nullptr)
      throw std::runtime_error(fmt::format("cannot open {}", path));
  }
  ~GzipSource() override { gzclose(file_); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;
  std::size_t read(char* into, std::size_t capacity) override
  {
    const int n = gzread(file_, into, unsigned(capacity));
    int code = Z_OK;
    std::string what = gzerror(file_, &code); // "<path>: <what>"
    if (what.rfind(path_ + ": ", 0) == 0)
      what.erase(0, path_.size() + 2);
    if (n < 0)
      throw std::runtime_error(fmt::format("{}: corrupt gzip data ({})", path_, what));
    // gzread does not fail at an end of input inside the stream (it lets a growing file be read): its
    // Z_BUF_ERROR, "unexpected end of file", is a truncated file, not the end of the data.
    if (code == Z_BUF_ERROR)
      throw std::runtime_error(fmt::format("{}: truncated or corrupt gzip data ({})", path_, what));
    return std::size_t(n);
  }
  std::size_t state_bytes() const override { return 8192 + 2 * 8192 + 32768 + 7160; } // in, out, window, state

private:
  std::string path_;
  gzFile file_;
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
  if (n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
    return std::make_unique<GzipSource>(path);
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
