#include "sim/output/plot.hpp"

#include "bcs/core/implementations.hpp"
#include "mpi/backend.hpp"
#include "storm/algorithms.hpp"

#include "sim/output/signals.hpp"
#include "sim/output/write_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

namespace bcssim::sim {

namespace {
bool control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }
} // namespace

std::string gp_text(const std::string& text)
{
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\'')
      out += "''";
    else
      out += control(c) ? ' ' : c;
  }
  return out;
}

std::string gp_quote(const std::string& text) { return "'" + gp_text(text) + "'"; }

namespace {
constexpr std::array<unsigned, kPaletteColours> kPalette = {
    0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf,
    0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xc7c7c7, 0xdbdb8d, 0x9edae5};
} // namespace

std::string palette_colour(std::size_t i) { return fmt::format("#{:06x}", kPalette[i % kPaletteColours]); }

std::string gp_palette_array(const std::string& name)
{
  std::string out = fmt::format("array {}[{}] = [", name, kPaletteColours);
  for (std::size_t i = 0; i < kPaletteColours; ++i)
    out += fmt::format("{}0x{:06x}", i ? ", " : "", kPalette[i]);
  return out + "]\n";
}

std::size_t title_characters(int width)
{
  return std::size_t(std::max(20, (width - 2 * kTitleMargin) / kTitleCharPixels));
}

namespace {

// Each printable ASCII character's advance in DejaVu Sans (what pngcairo's 'Helvetica' is on Debian), in 1/2048
// em, from the font's own table; any other byte counts as a digit.
constexpr int kAdvance[95] = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,  1303, 1303, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294,
    1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403,
    1251, 1403, 799,  690,  799,  1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186,
    569,  1995, 1298, 1253, 1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716,
};

double title_pixels(std::string_view text)
{
  double units = 0;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    units += b >= 32 && b < 127 ? kAdvance[b - 32] : 1303;
  }
  return units * kTitleEmPixels / 2048;
}

// Where a title line of at most `chars` characters of `rest` ends: after ", " or at a blank where it can, else
// after a - / _ or . of one long word (a folder's name), else at `chars`.
std::size_t line_end(std::string_view rest, std::size_t chars)
{
  std::size_t cut = rest.rfind(", ", chars - 1);
  cut = cut != std::string_view::npos && cut > chars / 2 ? cut + 2 : rest.rfind(' ', chars);
  if (cut == std::string_view::npos || cut == 0) {
    cut = rest.find_last_of("-/_.", chars - 1);
    cut = cut != std::string_view::npos && cut > chars / 2 ? cut + 1 : chars;
  }
  return cut;
}

std::string_view trimmed(std::string_view line)
{
  while (!line.empty() && line.back() == ' ')
    line.remove_suffix(1);
  return line;
}

} // namespace

std::size_t title_fit(std::string_view text, int width)
{
  const double budget = std::max(20 * kTitleCharPixels, width - 2 * kTitleMargin);
  double used = 0;
  for (std::size_t n = 0; n < text.size(); ++n) {
    used += title_pixels(text.substr(n, 1));
    if (used > budget)
      return n;
  }
  return text.size();
}

std::string gp_title(const std::string& text, int width)
{
  // Lines of at most title_characters(width) (the rule every title was wrapped by); a line whose glyphs are wider
  // than the canvas (capitals: a 73-character upper-case --out ran off a 700-pixel plot, issue 67's re-check) is
  // wrapped again at what they fit.
  const double budget = std::max(20 * kTitleCharPixels, width - 2 * kTitleMargin);
  const std::size_t chars = title_characters(width);
  std::string out;
  std::string_view rest = text;
  for (;;) {
    std::size_t cut = rest.size() > chars ? line_end(rest, chars) : rest.size();
    if (title_pixels(trimmed(rest.substr(0, cut))) > budget)
      cut = line_end(rest, std::max<std::size_t>(1, title_fit(rest, width)));
    if (cut >= rest.size())
      break;
    out += gp_text(std::string(trimmed(rest.substr(0, cut)))) + "' . \"\\n\" . '";
    rest.remove_prefix(cut);
    while (!rest.empty() && rest.front() == ' ')
      rest.remove_prefix(1);
  }
  return out + gp_text(std::string(rest));
}

std::string gp_line(const std::string& text)
{
  std::string out = text;
  for (char& c : out)
    if (control(c))
      c = ' ';
  if (!out.empty() && out.back() == '\\')
    out += ' ';
  return out;
}

std::string gp_data_string(const std::string& text)
{
  std::string out = gp_line(text);
  for (char& c : out)
    if (c == '"')
      c = '\'';
  return "\"" + out + "\"";
}

std::string svg_and_png(const std::string& stem, int width, int height, const std::string& body)
{
  const std::string size = std::to_string(width) + "," + std::to_string(height) + " noenhanced";
  const std::string svg_size = std::to_string(width) + "," + std::to_string(height) + " dynamic noenhanced";
  return "do for [fmt in 'svg png'] {\n"
         "  if (fmt eq 'svg') { set terminal svg size " +
         svg_size +
         " font 'Helvetica,12' } "
         "else { set terminal pngcairo size " +
         size +
         " font 'Helvetica,11' }\n"
         "  set output " +
         gp_quote(stem + ".") + ".fmt\n" + body + "}\n";
}

std::string series_style(const std::string& name, int fallback)
{
  // Each word keeps its colour in every plot: a backend's and an algorithm's as their registrations declare it
  // (mpi/backend.hpp, storm/algorithms.hpp, bcs/core/implementations.hpp), then the NIC's paths, from the same
  // categorical palette.
  static const std::pair<const char*, const char*> kColours[] = {
      {"elan-elan", "#2ca02c"}, {"elan-main", "#9467bd"}, {"main-main", "#8c564b"}};
  const std::string word = name.substr(0, std::min(name.find(' '), name.find(':')));
  std::string colour;
  for (const mpi::Backend& b : mpi::backends())
    if (word == b.name)
      colour = b.colour;
  for (const storm::Algorithm& a : storm::algorithms())
    if (colour.empty() && word == a.name)
      colour = a.colour;
  for (const bcs::core::Implementation& i : bcs::core::implementations())
    if (colour.empty() && word == i.name)
      colour = i.colour;
  for (const auto& [key, c] : kColours)
    if (colour.empty() && word == key)
      colour = c;
  if (colour.empty())
    return "lc " + std::to_string(fallback);
  const bool main_memory = name.size() > 5 && name.compare(name.size() - 5, 5, ":main") == 0;
  return "lc rgb '" + colour + "'" + (main_memory ? " dt 2" : "");
}

std::vector<std::string> series_styles(const std::vector<std::string>& names)
{
  std::vector<std::string> styles;
  for (std::size_t i = 0; i < names.size(); ++i)
    styles.push_back(series_style(names[i], int(i) + 1));
  // "<impl>:main" keeps its impl's colour, told apart by its dash; identical styles are what must not happen.
  for (std::size_t i = 0; i < styles.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (styles[i] == styles[j] && names[i] != names[j]) {
        for (std::size_t k = 0; k < styles.size(); ++k)
          styles[k] = "lc " + std::to_string(k + 1);
        return styles;
      }
  return styles;
}

std::string common_plot_settings()
{
  return "set key outside right top\nset offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02\n";
}

std::vector<std::filesystem::path> images_not_regular(const std::filesystem::path& dir, const std::string& script)
{
  std::vector<std::filesystem::path> out;
  for (const char* ext : {".svg", ".png"}) {
    std::filesystem::path image = dir / script;
    image.replace_extension(ext);
    std::error_code ec;
    const auto st = std::filesystem::symlink_status(image, ec);
    if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
      out.push_back(image);
  }
  return out;
}

void render_gnuplot(const std::filesystem::path& dir, const std::string& script)
{
  if (const auto links = images_not_regular(dir, script); !links.empty())
    throw std::runtime_error("cannot draw " + links.front().string() +
                             ": it is not a regular file (a symbolic link, a folder or a FIFO), which gnuplot "
                             "would write through; remove it");
  // An image drawn before is unlinked first, so that gnuplot writes a file of its own: through a hard link it
  // would have rewritten every other name of that file, outside the results too (hostile pass of 2026-12-07).
  for (const char* ext : {".svg", ".png"}) {
    std::filesystem::path image = dir / script;
    image.replace_extension(ext);
    std::error_code ec;
    std::filesystem::remove(image, ec); // none there: nothing to do; one that cannot go: gnuplot's error names it
  }
  constexpr int kNoGnuplot = 127; // the child's exit when gnuplot cannot be started
  std::fflush(nullptr);
  // gnuplot's messages come through a pipe, so that the one it prints for a plot whose points share one x (a
  // study of one value: "warning: empty x range [1:1], adjusting to [0.99:1.01]") is left out; it draws that
  // plot as asked. Every other line goes to stderr.
  int messages[2]; // close-on-exec: no other child (a study's point, another gnuplot) holds the pipe open
  if (::pipe2(messages, O_CLOEXEC) != 0)
    throw std::runtime_error("cannot start gnuplot for " + (dir / script).string() + ": " + std::strerror(errno));
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(messages[0]);
    ::close(messages[1]);
    throw std::runtime_error("cannot start gnuplot for " + (dir / script).string() + ": " + std::strerror(errno));
  }
  if (pid == 0) {
    child_after_fork(parent, SIGKILL);
    ::close(messages[0]);
    if (::dup2(messages[1], STDERR_FILENO) < 0 || ::chdir(dir.c_str()) != 0)
      ::_exit(126);
    ::close(messages[1]);
    ::execlp("gnuplot", "gnuplot", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(kNoGnuplot);
  }
  register_child(pid);
  ::close(messages[1]);
  std::string said;
  std::array<char, 4096> block;
  for (ssize_t n; (n = ::read(messages[0], block.data(), block.size())) != 0;)
    if (n > 0)
      said.append(block.data(), std::size_t(n));
    else if (errno != EINTR)
      break;
  ::close(messages[0]);
  for (std::size_t start = 0; start < said.size();) {
    const std::size_t end = std::min(said.find('\n', start), said.size());
    const std::string_view line(said.data() + start, end - start);
    if (line.find("empty x range") == std::string_view::npos && line.find("empty y range") == std::string_view::npos)
      std::fprintf(stderr, "%.*s\n", int(line.size()), line.data());
    start = end + 1;
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  stop_if_interrupted();
  unregister_child(pid);
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code == kNoGnuplot) {
    static bool said = false; // once per process
    if (!said)
      std::fprintf(stderr, "warning: gnuplot is not installed (scripts/install-deps.sh): no .svg or .png drawn; "
                           "the .gp scripts and their data are kept (gnuplot NAME.gp draws them)\n");
    said = true;
    return;
  }
  if (code != 0)
    throw std::runtime_error("gnuplot " + (dir / script).string() + " failed (exit " + std::to_string(code) +
                             "; its message is above)");
  const std::string stem = std::filesystem::path(script).stem().string();
  for (const char* ext : {".svg", ".png"})
    check_image_complete(dir / (stem + ext));
}

std::string size_tics(std::uint64_t smallest, std::uint64_t largest)
{
  std::string tics;
  for (std::uint64_t t = 1; t <= largest * 2; t *= 32) {
    static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    std::uint64_t v = t;
    int u = 0;
    while (v >= 1024 && u < 4) {
      v /= 1024;
      ++u;
    }
    if (t * 2 >= smallest)
      tics += fmt::format("{}'{} {}' {}", tics.empty() ? "" : ", ", v, kUnits[u], t);
  }
  return tics;
}

} // namespace bcssim::sim
