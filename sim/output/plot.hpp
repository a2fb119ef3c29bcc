#pragma once
// Renders a gnuplot script inside a results folder (the .gp and its data stay beside the images).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::sim {

/// Text made safe inside a single-quoted gnuplot string ('...', where gnuplot interprets nothing but a doubled
/// quote): each ' doubled, and each control character replaced by a space. A newline above all: it would end the
/// string and the command, and gnuplot would run the rest of the text (a title from --out or --set) as commands.
/// Every text of a run (a title, a folder name, an override's value, a series' label) reaches a .gp this way.
std::string gp_text(const std::string& text);
/// A plot title for gnuplot's single-quoted strings on a canvas `width` pixels wide (the whole image: a multiplot's
/// title spans it): gp_text's, wrapped (after ", " or at a blank where it can, else after a - / _ or .) into lines of at most
/// title_characters(width), joined by "' . \"\\n\" . '", so that a title listing many --set overrides is shown whole
/// rather than clipped at both edges of the image (issue 45 item 15; issue 67 item 10: the width is the canvas's,
/// since a fixed count of characters fitted 900 pixels only without the words a kind adds).
std::string gp_title(const std::string& text, int width);
/// The characters a title line may have on a canvas `width` pixels wide: kTitleMargin pixels kept clear on each
/// side, kTitleCharPixels per character. Measured: pngcairo's 'Helvetica,11' (DejaVu Sans on Debian) drew a
/// 95-character title of the results' own kind (lower case, digits, '=', '.', '_') 726 pixels wide, 7.6 per
/// character; the SVG's 12-point font is 12/11 of that, 8.3. A test measures every plot kind's title in its PNG.
inline constexpr int kTitleCharPixels = 9;
inline constexpr int kTitleMargin = 10;
std::size_t title_characters(int width);
/// The em of a title's font in pixels: 11 points at 96 dots an inch (the PNG's; the measured 7.6 pixels a
/// character above is 0.52 em of it, the average advance of such a title's characters in DejaVu Sans).
inline constexpr double kTitleEmPixels = 14.67;
/// How many leading characters of `text` fit one title line of a canvas `width` pixels wide: at most
/// title_characters(width), fewer where the glyphs are wide (capitals: a 73-character upper-case --out ran off a
/// 700-pixel plot, issue 67's re-check).
std::size_t title_fit(std::string_view text, int width);

/// A categorical palette of kPaletteColours colours (the usual ten, then their light forms): colour i mod
/// kPaletteColours as "#rrggbb", and the same as a gnuplot array `name` of 0xrrggbb numbers (name[i + 1]) for
/// `lc rgb variable`.
inline constexpr std::size_t kPaletteColours = 20;
std::string palette_colour(std::size_t i);
std::string gp_palette_array(const std::string& name);
/// `text` as one single-quoted gnuplot string: "'" + gp_text(text) + "'".
std::string gp_quote(const std::string& text);
/// `text` made safe as part of one line of a comment or of a data file: control characters replaced by a space,
/// and a last backslash (which would join the next line to this one) followed by a space.
std::string gp_line(const std::string& text);
/// `text` as one double-quoted string of a gnuplot data file (e.g. a label read by xtic()): gp_line's, each "
/// made a '.
std::string gp_data_string(const std::string& text);

/// The gnuplot loop that draws `body` (indented lines, each ending in a newline) into <stem>.svg and <stem>.png
/// of width x height pixels. Text is noenhanced: an underscore in a title (e.g. an override's path) is itself, not
/// a subscript.
std::string svg_and_png(const std::string& stem, int width, int height, const std::string& body);

/// One style across the plots (issue 21): a series named for an MPI, a scheduling algorithm, a core-primitive
/// implementation or a pair of memories gets the same colour (and point type) in every panel and every plot, e.g.
/// "quadrics" blue and "bcs" red; "<impl>:main" is dashed beside "<impl>:elan". A name that starts with one of
/// these words and a space ("gs mpl=2") takes its colour. Others: "lc <fallback>", gnuplot's cycle.
std::string series_style(const std::string& name, int fallback);

/// The styles of the series of one plot: series_style's, unless two series would look alike (e.g. "gs
/// preset=crescendo" and "gs preset=accelerando"), then gnuplot's colour cycle for all.
std::vector<std::string> series_styles(const std::vector<std::string>& names);

/// The settings every plot shares: its legend outside the data, and a margin so no line lies on the frame.
std::string common_plot_settings();

/// gnuplot's tick list for a log-2 axis of message sizes from `smallest` to `largest` bytes (both > 0): every power
/// of 32 they span, in binary units with a space ("1 B", "32 KiB"); gnuplot's "%.0b%B" wrote "1  B" and "1kiB".
std::string size_tics(std::uint64_t smallest, std::uint64_t largest);

/// Runs `gnuplot script` with `dir` as working directory, then checks that it wrote <stem>.svg and <stem>.png whole
/// (sim/output/write_file.hpp). Throws std::runtime_error naming the image when gnuplot fails or leaves one empty
/// or cut short (a full disk), so that the results folder is not committed. Without gnuplot installed it only says
/// so on stderr: the scripts and their data are the results, and `gnuplot NAME.gp` draws them later.
void render_gnuplot(const std::filesystem::path& dir, const std::string& script);
/// The images script `script` (in `dir`) draws, <stem>.svg and <stem>.png, that exist as anything but a regular
/// file (a symlink, dangling or not, a folder, a FIFO): gnuplot would write through a link to a file outside the
/// results. render_gnuplot refuses to draw over them; `bcssim render` checks every script first (exit 2).
std::vector<std::filesystem::path> images_not_regular(const std::filesystem::path& dir, const std::string& script);

} // namespace bcssim::sim
