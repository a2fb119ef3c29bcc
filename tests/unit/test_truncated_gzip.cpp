// A gzip file cut short, or with bytes after its data, is an error naming the file for every reader of user files
// (base/line_reader.hpp: SWF workloads and traces share it), not a shorter file read without a word.
#include "apps/replay/trace.hpp"
#include "base/line_reader.hpp"
#include "workloads/swf.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

using namespace bcssim;
namespace fs = std::filesystem;

namespace {

// `text` gzip-compressed in memory (one gzip member, as `gzip` writes it).
std::string gzipped(const std::string& text)
{
  z_stream z{};
  REQUIRE(deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, uLong(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = uInt(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

struct Folder {
  fs::path dir = fs::temp_directory_path() / "bcssim-truncated-gzip";
  Folder() { fs::create_directories(dir); }
  ~Folder() { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& bytes) const
  {
    std::ofstream(dir / name, std::ios::binary) << bytes;
    return (dir / name).string();
  }
};

// Every line of `path` through base::LineReader; the message of what it threw ("" when it read to the end).
std::string read_all(const std::string& path, std::size_t* lines_read = nullptr)
{
  try {
    base::LineReader lines(base::open_file(path));
    std::string_view line;
    std::size_t n = 0;
    while (lines.next(line))
      ++n;
    if (lines_read != nullptr)
      *lines_read = n;
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// An SWF workload of `jobs` jobs.
std::string swf_text(int jobs)
{
  std::string text = "; MaxProcs: 8\n";
  for (int i = 1; i <= jobs; ++i)
    text += std::to_string(i) + " " + std::to_string(i * 7) + " -1 " + std::to_string(100 + i * 13 % 97) +
            " 2 -1 -1 2 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
  return text;
}

} // namespace

TEST_CASE("a gzip file cut short anywhere is an error naming the file; the whole file reads to its end")
{
  const Folder f;
  const std::string whole = gzipped(swf_text(2000));
  std::size_t n = 0;
  CHECK(read_all(f.write("whole.swf.gz", whole), &n) == "");
  CHECK(n == 2001);
  // Cut inside the header, inside the deflate data (several places), and inside the 8-byte trailer.
  for (std::size_t keep : {std::size_t(5), std::size_t(12), whole.size() / 3, whole.size() / 2, whole.size() - 20,
                           whole.size() - 9, whole.size() - 4, whole.size() - 1}) {
    CAPTURE(keep);
    const std::string path = f.write("cut.swf.gz", whole.substr(0, keep));
    CHECK(read_all(path) == path + ": truncated or corrupt gzip data (unexpected end of file)");
  }
}

TEST_CASE("a gzip file reads member after member, and bytes after its last member are refused, not skipped")
{
  const Folder f;
  const std::string first = gzipped(swf_text(300)), second = gzipped("1 7 -1 100 2 -1 -1 2 -1 -1 1\n");
  std::size_t n = 0;
  // Two members (`cat a.gz b.gz`, RFC 1952 §2.2): read as one file, as zcat does.
  CHECK(read_all(f.write("two.swf.gz", first + second), &n) == "");
  CHECK(n == 302);
  // Anything else after a member: appended text, one byte, zeros, a member's magic cut short.
  for (const std::string& tail :
       {std::string("5 jobs more\n"), std::string("x"), std::string(512, '\0'), std::string("\x1f")}) {
    CAPTURE(tail.size());
    const std::string path = f.write("tail.swf.gz", first + tail);
    CHECK(read_all(path) == path + ": bytes after the end of its gzip data at byte " + std::to_string(first.size()) +
                                " that are not another gzip member: a damaged or appended-to file (gzip -t says "
                                "\"trailing garbage ignored\"); recompress it");
  }
  // After a second member too, and a second member cut short is truncated like the first.
  const std::string path = f.write("tail2.swf.gz", first + second + "!");
  CHECK(read_all(path).find("at byte " + std::to_string(first.size() + second.size())) != std::string::npos);
  const std::string cut = f.write("cut2.swf.gz", first + second.substr(0, second.size() - 3));
  CHECK(read_all(cut) == cut + ": truncated or corrupt gzip data (unexpected end of file)");
  // A damaged byte inside the deflate data.
  std::string damaged = first;
  damaged[damaged.size() / 2] = char(damaged[damaged.size() / 2] ^ 0x5a);
  CHECK(read_all(f.write("bad.swf.gz", damaged)).find("gzip data") != std::string::npos);
}

TEST_CASE("a truncated .gz workload is exit-2 material naming the file, not fewer jobs")
{
  const Folder f;
  const std::string whole = gzipped(swf_text(2000));
  CHECK(workloads::read_swf(f.write("w.swf.gz", whole)).jobs.size() == 2000);
  const std::string path = f.write("t.swf.gz", whole.substr(0, whole.size() * 31 / 100));
  try {
    const auto swf = workloads::read_swf(path);
    FAIL("read " << swf.jobs.size() << " jobs of a truncated file");
  } catch (const workloads::SwfError& e) {
    CHECK(e.line() == 0);
    CHECK(e.value() == path);
    CHECK(e.allowed() == "a readable SWF file (" + path + ": truncated or corrupt gzip data (unexpected end of file))");
  }
}

TEST_CASE("a truncated .gz trace is a replay.trace error naming the file, in its layout, validation and replay")
{
  const Folder f;
  std::string text = "0 init\n1 init\n";
  for (int i = 0; i < 3000; ++i)
    text += "0 compute " + std::to_string(1000 + i) + "\n1 compute " + std::to_string(2000 + i) + "\n";
  text += "0 finalize\n1 finalize\n";
  const std::string whole = gzipped(text);
  apps::replay::validate(apps::replay::read_layout(f.write("whole.txt.gz", whole)));
  const std::string shared = f.write("t.txt.gz", whole.substr(0, whole.size() / 2));
  CHECK_THROWS_WITH_AS(apps::replay::read_layout(shared),
                       doctest::Contains("truncated or corrupt gzip data (unexpected end of file)"),
                       base::ParamRuleError);
  // A rank file of an index: the layout reads only its first line, the validation and the reader all of it.
  f.write("rank0.txt", "0 init\n0 compute 5\n0 finalize\n");
  std::string rank1 = "1 init\n";
  for (int i = 0; i < 3000; ++i)
    rank1 += "1 compute " + std::to_string(1000 + i) + "\n";
  const std::string cut = gzipped(rank1 + "1 finalize\n");
  f.write("rank1.txt.gz", cut.substr(0, cut.size() / 2));
  const std::string index = f.write("index.txt", "rank0.txt\nrank1.txt.gz\n");
  const apps::replay::Layout layout = apps::replay::read_layout(index);
  CHECK_THROWS_WITH_AS(apps::replay::validate(layout),
                       doctest::Contains("rank1.txt.gz: truncated or corrupt gzip data"), base::ParamRuleError);
  apps::replay::ActionReader reader(layout, 1);
  apps::replay::Action a;
  CHECK_THROWS_WITH_AS(
      [&] {
        while (reader.next(a)) {
        }
      }(),
      doctest::Contains("rank1.txt.gz: truncated or corrupt gzip data"), base::ParamRuleError);
}

TEST_CASE("a pipe, a FIFO or a device is refused naming it: the reader needs a file's first bytes twice")
{
  const Folder f;
  const fs::path fifo = f.dir / "w.fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // No writer: the reader looks at the type before it opens (opening a FIFO blocks until a writer comes; with one
  // writer here, a reader that opened first and refused after was how this test passed until 2026-12-06).
  CHECK(read_all(fifo.string()) == fifo.string() + " is not a regular file (a pipe, a FIFO or a device): bcssim reads "
                                                   "a file from its start, twice for a compressed one; save it to a "
                                                   "file first");
  CHECK(read_all("/dev/zero").rfind("/dev/zero is not a regular file", 0) == 0);
  // What /dev/zero used to stand for, in a regular file: a line longer than the reader holds.
  const std::string endless = f.write("zeros.swf", std::string(17u << 20, '0'));
  CHECK(read_all(endless).find("line 1 is longer than 16 MiB: not a file of text lines") != std::string::npos);
}
