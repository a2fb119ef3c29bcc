#include "sim/study/study_bars.hpp"

#include "base/units.hpp"
#include "mpi/backend.hpp"
#include "sim/output/plot.hpp"
#include "sim/study/study.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {

void write_study_bars(const ResultsDir& dir, const std::string& stem,
                      const std::vector<std::pair<std::string, double>>& bars, const std::string& title)
{
  std::string csv = "point,time_s\n", dat = "# point time_s\n";
  double hi = 0;
  for (const auto& [label, seconds] : bars) {
    csv += coordinate_cell(label) + fmt::format(",{:.9f}\n", seconds);
    dat += gp_data_string(label) + fmt::format(" {:.9f}\n", seconds);
    hi = std::max(hi, seconds);
  }
  dir.write(stem + ".csv", csv);
  dir.write(stem + ".dat", dat);
  constexpr int kWidth = 700, kHeight = 500;
  const std::string gp = fmt::format(
      "# {0}. Regenerate with: gnuplot {1}.gp\n"
      "{2}set grid y\nset key off\nset xtics nomirror\nset ylabel 'run time (s)'\nset title '{3}'\n"
      "set yrange [0:{4}]\nset xrange [-0.6:{5}]\nset boxwidth 0.6\nset style fill solid 0.6\n{6}",
      gp_text(title), stem, gp_palette_array("C") + "\n", gp_title(title, kWidth),
      base::readable(hi > 0 ? hi * 1.1 : 1), base::readable(double(bars.size()) - 0.4),
      svg_and_png(
          stem, kWidth, kHeight,
          fmt::format("  plot '{0}.dat' using 0:2:(C[int($0) % 20 + 1]):xtic(1) with boxes lc rgb variable, \\\n"
                      "       '' using 0:2:(sprintf('%.4g s', $2)) with labels offset 0,1\n",
                      stem)));
  dir.write(stem + ".gp", gp);
  dir.render(stem + ".gp");
}

void write_comparison_bars(const ResultsDir& dir, const Study& st, const std::vector<double>& seconds,
                           const std::string& what)
{
  const bool mpi_only = st.dimensions().size() == 1;
  std::vector<std::pair<std::string, double>> bars;
  for (std::size_t i = 0; i < seconds.size(); ++i)
    bars.emplace_back(mpi_only ? mpi::backend(st.coordinates(i)[0].get<std::string>()).title : st.label(i), seconds[i]);
  std::string slowdown;
  if (mpi_only && seconds.size() == 2 && seconds[0] > 0)
    slowdown = fmt::format(": {} {:+.1f} % over {}", bars[1].first, (seconds[1] / seconds[0] - 1) * 100, bars[0].first);
  write_study_bars(dir, "time", bars, fmt::format("{}: {} run time on each MPI{}", dir.title(), what, slowdown));
}

} // namespace bcssim::sim
