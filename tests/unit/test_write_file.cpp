// Writing results so that no failure is silent (sim/output/write_file.hpp): a write that fails (a full disk,
// /dev/full here) names the file and the system's reason, and an image gnuplot left empty or cut short is an error.
#include "sim/output/write_file.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace bcssim::sim;
namespace fs = std::filesystem;

TEST_CASE("write_file: the content whole, or an error naming the file and 'No space left on device'")
{
  const fs::path dir = fs::temp_directory_path() / "bcssim-test-write-file";
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_file(dir / "a.txt", "first, longer content\n");
  write_file(dir / "a.txt", "second\n"); // emptied first
  std::ifstream in(dir / "a.txt");
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == "second\n");
  for (const std::string& content : {std::string("x"), std::string(1 << 20, 'y')}) {
    CAPTURE(content.size());
    CHECK_THROWS_WITH_AS(write_file("/dev/full", content), "cannot write /dev/full: No space left on device",
                         std::runtime_error);
  }
  CHECK_THROWS_WITH_AS(write_file(dir / "none" / "b.txt", "x"),
                       ("cannot write " + (dir / "none" / "b.txt").string() + ": No such file or directory").c_str(),
                       std::runtime_error);
  fs::remove_all(dir);
}

TEST_CASE("check_image_complete: an SVG ends with </svg>, a PNG with its IEND chunk; empty or cut is an error")
{
  const fs::path dir = fs::temp_directory_path() / "bcssim-test-images";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string png_end("\0\0\0\0IEND\xae\x42\x60\x82", 12);
  write_file(dir / "ok.svg", "<svg>\n</svg>\n\n");
  write_file(dir / "ok.png", "\x89PNG...." + png_end);
  CHECK_NOTHROW(check_image_complete(dir / "ok.svg"));
  CHECK_NOTHROW(check_image_complete(dir / "ok.png"));
  write_file(dir / "cut.svg", "<svg>\n<path d='M 0 0");
  write_file(dir / "cut.png", "\x89PNG....\0\0\0\0IE");
  write_file(dir / "empty.png", "");
  CHECK_THROWS_WITH_AS(check_image_complete(dir / "cut.svg"),
                       doctest::Contains("cut.svg: gnuplot left it incomplete (20 B)"), std::runtime_error);
  CHECK_THROWS_WITH_AS(check_image_complete(dir / "cut.png"), doctest::Contains("cut.png: gnuplot left it incomplete"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(check_image_complete(dir / "empty.png"),
                       ("cannot write " + (dir / "empty.png").string() + ": gnuplot left it empty").c_str(),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(check_image_complete(dir / "none.svg"), doctest::Contains("none.svg: gnuplot did not write it"),
                       std::runtime_error);
  fs::remove_all(dir);
}
