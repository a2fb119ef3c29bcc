#pragma once
// Reads the pixels of a PNG as gnuplot's pngcairo writes it (8-bit RGB or RGBA, grey or grey + alpha, not
// interlaced), as grey levels, so that a test can measure what a plot shows (where its title's ink lies).
#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace e2e {

struct GreyImage {
  unsigned width = 0, height = 0;
  std::vector<std::uint8_t> grey; // row by row, 0 black
  std::uint8_t at(unsigned x, unsigned y) const { return grey[std::size_t(y) * width + x]; }
};

inline GreyImage read_png_grey(const std::filesystem::path& file)
{
  std::ifstream in(file, std::ios::binary);
  const std::string d((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto fail = [&](const std::string& why) { return std::runtime_error(file.string() + ": " + why); };
  if (d.size() < 8 || d.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0)
    throw fail("not a PNG");
  const auto u32 = [&](std::size_t at) {
    return (std::uint32_t(std::uint8_t(d[at])) << 24) | (std::uint32_t(std::uint8_t(d[at + 1])) << 16) |
           (std::uint32_t(std::uint8_t(d[at + 2])) << 8) | std::uint32_t(std::uint8_t(d[at + 3]));
  };
  GreyImage img;
  unsigned channels = 0;
  std::string idat;
  for (std::size_t at = 8; at + 8 <= d.size();) {
    const std::uint32_t length = u32(at);
    const std::string type = d.substr(at + 4, 4);
    if (at + 12 + length > d.size())
      throw fail("a chunk runs past the end");
    if (type == "IHDR") {
      img.width = u32(at + 8);
      img.height = u32(at + 12);
      const int depth = std::uint8_t(d[at + 16]), colour = std::uint8_t(d[at + 17]),
                interlace = std::uint8_t(d[at + 20]);
      channels = colour == 2 ? 3 : colour == 6 ? 4 : colour == 0 ? 1 : colour == 4 ? 2 : 0;
      if (depth != 8 || channels == 0 || interlace != 0)
        throw fail("not an 8-bit, non-interlaced grey or RGB(A) PNG");
    } else if (type == "IDAT")
      idat += d.substr(at + 8, length);
    at += 12 + length;
  }
  const std::size_t stride = std::size_t(img.width) * channels;
  std::vector<std::uint8_t> raw((stride + 1) * img.height);
  uLongf size = uLongf(raw.size());
  if (channels == 0 ||
      uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(idat.data()), uLong(idat.size())) != Z_OK ||
      size != raw.size())
    throw fail("its image data does not inflate to its size");
  // Undo each row's filter (PNG spec §9): None, Sub, Up, Average, Paeth, on bytes, `channels` to a pixel.
  std::vector<std::uint8_t> prev(stride, 0), row(stride);
  img.grey.resize(std::size_t(img.width) * img.height);
  for (unsigned y = 0; y < img.height; ++y) {
    const std::uint8_t* src = &raw[y * (stride + 1)];
    const int filter = src[0];
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= channels ? row[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      int p = 0;
      switch (filter) {
        case 0:
          p = 0;
          break;
        case 1:
          p = a;
          break;
        case 2:
          p = b;
          break;
        case 3:
          p = (a + b) / 2;
          break;
        case 4: {
          const int pa = std::abs(b - c), pb = std::abs(a - c), pc = std::abs(a + b - 2 * c);
          p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          throw fail("an unknown row filter");
      }
      row[i] = std::uint8_t(src[1 + i] + p);
    }
    for (unsigned x = 0; x < img.width; ++x) {
      const std::uint8_t* px = &row[std::size_t(x) * channels];
      img.grey[std::size_t(y) * img.width + x] = channels >= 3 ? std::uint8_t((int(px[0]) + px[1] + px[2]) / 3) : px[0];
    }
    prev = row;
  }
  return img;
}

} // namespace e2e
