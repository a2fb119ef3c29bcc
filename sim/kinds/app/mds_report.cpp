#include "sim/kinds/app/mds_report.hpp"

#include "sim/output/csv.hpp"
#include "sim/output/fixed_format.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {
namespace {

using bcs::mds::Distribution;
using bcs::mds::Mmds;
using bcs::mds::Summary;

std::string ms(double seconds) { return fixed4_text(seconds * 1e3); }

// Rows of one summary: the primitives in name order, then Table 5.3's two interval rows.
std::string summary_rows(const std::string& prefix, const Mmds& m)
{
  std::string out;
  auto row = [&](const std::string& name, const Summary& s) {
    out += fmt::format("{}{},{},{},{},{},{}\n", prefix, csv_cell(name), ms(s.min), ms(s.max), ms(s.total), s.count,
                       ms(s.average()));
  };
  for (const auto& [name, s] : m.summary())
    if (name != bcs::mds::kCompGranularity && name != bcs::mds::kCommOverhead)
      row(name, s);
  for (const char* interval : {bcs::mds::kCompGranularity, bcs::mds::kCommOverhead}) {
    const auto it = m.summary().find(interval);
    row(interval, it == m.summary().end() ? Summary{} : it->second);
  }
  return out;
}

std::string distribution_rows(const std::string& who, const std::string& metric, const std::string& unit,
                              const Distribution& d, double scale)
{
  std::string out;
  for (const auto& [bin, count] : d.bins())
    out += fmt::format("{},{},{},{},{},{}\n", csv_cell(who), csv_cell(metric), csv_cell(unit),
                       fixed4_text(double(bin) * d.width() * scale), fixed4_text(double(bin + 1) * d.width() * scale),
                       count);
  return out;
}

std::string distributions(const std::string& who, const Mmds& m)
{
  std::string out = distribution_rows(who, bcs::mds::kCompGranularity, "ms", m.granularity(), 1e3) +
                    distribution_rows(who, bcs::mds::kCommOverhead, "ms", m.overhead(), 1e3);
  for (const auto& [name, d] : m.latencies())
    out += distribution_rows(who, name + " latency", "ms", d, 1e3);
  for (const auto& [name, d] : m.sizes())
    out += distribution_rows(who, name + " size", "B", d, 1.0);
  return out;
}

std::string us(double seconds) { return fixed4_text(seconds * 1e6); }

// A line plot of columns of `csv` against its first (the slice), as svg and png.
void plot(const ResultsDir& dir, const std::string& stem, const std::string& csv, const std::string& title,
          const std::string& ylabel, const std::vector<std::pair<int, std::string>>& columns)
{
  std::string lines;
  for (const auto& [column, name] : columns)
    lines += fmt::format("{}'{}' using 1:{} skip 1 with steps lw 2 title '{}'", lines.empty() ? "" : ", ", csv, column,
                         gp_text(name));
  const std::string gp = fmt::format(
      "# {0}. Regenerate with: gnuplot {1}.gp\n"
      "set datafile separator ','\nset grid\nset key outside right top\n"
      "set xlabel 'time slice'\nset ylabel '{2}'\nset title '{4}'\nset yrange [0:*]\nset offsets 0, 0, graph 0.08, 0\n"
      "{3}",
      gp_line(title), stem, gp_text(ylabel), svg_and_png(stem, 900, 500, "  plot " + lines + "\n"),
      gp_title(title, 900 - 120)); // less the key beside the plot (the title is centred on the plot)
  dir.write(stem + ".gp", gp);
  dir.render(stem + ".gp");
}

} // namespace

void write_emds(const ResultsDir& dir, const AppResult& run)
{
  if (!run.emds)
    return;
  std::string global = "slice,getts_us,gtdem_us,gtmsm_us,gtts_us,usrts,usrdem,usrmsm\n";
  for (const auto& g : run.emds_global)
    global += fmt::format("{},{},{},{},{},{},{},{}\n", g.slice, us(g.getts), us(g.gtdem), us(g.gtmsm), us(g.gtts),
                          g.usrts, g.usrdem, g.usrmsm);
  std::string local = "slice,node,letts_us,ltdem_us,lmsm_us,ltts_us,np2pdem,np2pmsm,ncolldem,ncollmsm,bpts\n";
  std::string node = "slice,np2pdem,np2pmsm,ncolldem,ncollmsm,bpts\n";
  std::uint64_t p2p_max = 1, coll_max = 1; // the panels' heights (at least 1: gnuplot rejects an empty range)
  for (const auto& l : run.emds_local) {
    if (l.node == run.emds_plot_node) {
      p2p_max = std::max({p2p_max, l.np2pdem, l.np2pmsm});
      coll_max = std::max({coll_max, l.ncolldem, l.ncollmsm});
    }
    local += fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", l.slice, l.node, us(l.letts), us(l.ltdem), us(l.lmsm),
                         us(l.ltts), l.np2pdem, l.np2pmsm, l.ncolldem, l.ncollmsm, l.bpts);
    if (l.node == run.emds_plot_node)
      node += fmt::format("{},{},{},{},{},{}\n", l.slice, l.np2pdem, l.np2pmsm, l.ncolldem, l.ncollmsm, l.bpts);
  }
  dir.write("emds_global.csv", global);
  dir.write("emds_local.csv", local);
  dir.write("emds_node.csv", node);
  plot(dir, "emds_getts", "emds_global.csv",
       "EMDS: elapsed time between slices (GETTS) and time to complete the slice (GTTS)", "time (us)",
       {{2, "GETTS"}, {5, "GTTS"}});
  // 000 Figures 5.4-5.5: the counts of one node, as impulses over the first 200 recorded slices (the CSV has
  // them all), point-to-point above, collectives below.
  const std::int64_t first = run.emds_local.empty() ? 0 : run.emds_local.front().slice;
  const std::string panels = fmt::format("  set multiplot layout 2,1 title 'EMDS: node {0}, operations per slice'\n"
                                         "  set ylabel 'point-to-point'\n  set yrange [0:{1}]\n"
                                         "  plot 'emds_node.csv' using 1:2 skip 1 with impulses lw 3 title 'NP2PDEM', "
                                         "'' using ($1+0.3):3 skip 1 with impulses lw 3 title 'NP2PMSM'\n"
                                         "  set ylabel 'collectives'\n  set yrange [0:{2}]\n"
                                         "  plot 'emds_node.csv' using 1:4 skip 1 with impulses lw 3 title 'NCOLLDEM', "
                                         "'' using ($1+0.3):5 skip 1 with impulses lw 3 title 'NCOLLMSM'\n"
                                         "  unset multiplot\n",
                                         run.emds_plot_node, double(p2p_max) * 1.1, double(coll_max) * 1.1);
  dir.write("emds_node.gp",
            fmt::format("# EMDS counts of node {} per slice (000 Figures 5.4-5.5). Regenerate with: gnuplot "
                        "emds_node.gp\nset datafile separator ','\nset grid\n"
                        "set key outside top center horizontal width 4\n"
                        "set xrange [{}:{}]\nset xlabel 'time slice'\n",
                        run.emds_plot_node, first, first + 199) +
                svg_and_png("emds_node", 900, 600, panels));
  dir.render("emds_node.gp");
}

void write_mmds(const ResultsDir& dir, const AppResult& run)
{
  if (run.mmds.empty())
    return;
  Mmds job(run.mmds.front().spec());
  for (const Mmds& m : run.mmds)
    job.merge(m);
  dir.write("mmds.csv", "primitive,min_ms,max_ms,total_ms,count,average_ms\n" + summary_rows("", job));
  std::string ranks = "rank,primitive,min_ms,max_ms,total_ms,count,average_ms\n";
  std::string dists = "rank,metric,unit,from,to,count\n" + distributions("all", job);
  for (std::size_t r = 0; r < run.mmds.size(); ++r) {
    ranks += summary_rows(std::to_string(r) + ",", run.mmds[r]);
    dists += distributions(std::to_string(r), run.mmds[r]);
  }
  dir.write("mmds_ranks.csv", ranks);
  dir.write("mmds_distributions.csv", dists);
}

} // namespace bcssim::sim
