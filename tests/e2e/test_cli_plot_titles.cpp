// Every plot kind's title fits its canvas (issue 67 item 10), measured in the PNGs gnuplot drew: a title too
// long for its image runs off both edges (gnuplot centres it), so its ink reaches the first and last columns.
// Each kind runs here under a results folder whose name (which every title starts with) is longer than the widest
// canvas holds on one line.
#include "cli_harness.hpp"
#include "png_pixels.hpp"

#include <algorithm>
#include <map>

using namespace e2e;

namespace {

// The rows a title takes: up to four lines of about 16 pixels under a small top margin.
constexpr unsigned kTitleBand = 72;
constexpr unsigned kEdge = 3; // columns at each side a title must leave blank

// The PNGs under `dir` whose title band has ink within kEdge columns of either side, with where.
std::vector<std::string> clipped_titles(const fs::path& dir, std::size_t& images)
{
  std::vector<std::string> out;
  std::vector<fs::path> pngs;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".png")
      pngs.push_back(e.path());
  std::sort(pngs.begin(), pngs.end());
  for (const fs::path& png : pngs) {
    ++images;
    const GreyImage img = read_png_grey(png);
    bool inked = false, at_edge = false;
    for (unsigned y = 0; y < std::min(kTitleBand, img.height) && !at_edge; ++y)
      for (unsigned x = 0; x < img.width && !at_edge; ++x)
        if (img.at(x, y) < 128) {
          inked = true;
          if (x < kEdge || x + kEdge >= img.width) {
            at_edge = true;
            out.push_back(fs::relative(png, dir).string() + " (" + std::to_string(img.width) +
                          " px wide): title ink at x = " + std::to_string(x) + ", y = " + std::to_string(y));
          }
        }
    if (!inked)
      out.push_back(fs::relative(png, dir).string() + ": no title drawn");
  }
  return out;
}

} // namespace

TEST_CASE("plots: every kind's title fits its canvas, however long the results folder's name")
{
  const fs::path root = kTmp / "titles";
  fs::remove_all(root);
  fs::create_directories(root);
  // 201 characters: more than the 1800-pixel canvas's 197 a line.
  const std::string name = "a-results-folder-whose-name-is-long-enough-that-no-plot-of-any-kind-can-show-its-title-on-"
                           "one-line-of-its-canvas-without-wrapping-it-first-as-a-user-who-names-folders-after-their-"
                           "whole-question-would-x";
  REQUIRE(name.size() == 201);
  std::map<std::string, std::string> scenarios = {
      {"workload", R"({"name": "w", "kind": "workload", "mpi": "quadrics",
         "platform": {"preset": "crescendo", "nodes": 2}, "scheduler": {"algorithm": "fcfs", "quantum": "10ms"},
         "workload": {"jobs": [
           {"app": {"name": "synthetic", "processes": 2}, "synthetic": {"pattern": "none", "granularity": "1ms",
            "iterations": 2}, "submit": "0ms"},
           {"app": {"name": "synthetic", "processes": 4}, "synthetic": {"pattern": "none", "granularity": "1ms",
            "iterations": 2}, "submit": "1ms"}]},
         "sweep": {"scheduler.algorithm": ["fcfs", "gs"]}})"},
      {"dynamic", R"({"name": "d", "kind": "workload", "mpi": "quadrics",
         "platform": {"preset": "crescendo", "nodes": 16},
         "scheduler": {"algorithm": "gs", "quantum": "100ms", "mpl": 2},
         "workload": {"swf": ")" +
                      (fs::path(BCSSIM_SOURCE_DIR) / "scenarios/scheduling/workloads/lublin-32-seed1.swf").string() +
                      R"(", "swf_jobs": 6, "time_scale": 1000},
         "sweep": {"workload.load_factor": [1.0, 1.2]}})"},
      {"app", R"({"name": "a", "kind": "app", "mpi": "quadrics", "compare": true, "platform": {"preset": "crescendo"},
         "app": {"name": "synthetic"}, "synthetic": {"pattern": "barrier", "granularity": "1ms", "iterations": 3},
         "sweep": {"app.processes": [2, 4]}})"},
      {"app-bars", R"({"name": "b", "kind": "app", "compare": true, "platform": {"preset": "crescendo"},
         "app": {"name": "synthetic", "processes": 2}, "synthetic": {"pattern": "barrier", "granularity": "1ms",
         "iterations": 3}})"},
      {"mds", R"({"name": "m", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
         "bcs": {"mds": {"mmds": true, "emds": true, "emds_first_slice": 0, "emds_slices": 20, "emds_nodes": [1],
                         "plot_node": 1}},
         "app": {"name": "synthetic", "processes": 4}, "synthetic": {"pattern": "barrier", "granularity": "1ms",
         "iterations": 5}})"},
      {"launch", R"({"name": "l", "kind": "launch", "platform": {"preset": "wolverine"},
         "sweep": {"launch.nodes": [1, 2]}})"},
      {"launch-one", R"({"name": "l1", "kind": "launch", "platform": {"preset": "wolverine"}})"},
      {"microbench", R"({"name": "q", "kind": "microbench", "platform": {"preset": "crescendo"},
         "microbench": {"sizes": ["0B", "4KiB"], "distance": true, "collective_nodes": [2, 4],
                        "collective_impls": ["qsnet_hw", "software_tree"]}})"},
      {"mpi_microbench", R"({"name": "p", "kind": "mpi_microbench", "mpi": "bcs", "platform": {"preset": "crescendo"},
         "mpi_microbench": {"tests": ["pingpong", "barrier"], "sizes": ["16B", "4KiB"], "iterations": 2,
                            "processes": [2, 4]}})"},
  };
  std::size_t images = 0;
  std::vector<std::string> clipped;
  for (const auto& entry : scenarios) {
    const std::string kind = entry.first;
    const fs::path file = root / (kind + ".json");
    std::ofstream(file) << entry.second;
    const fs::path out = root / kind / name;
    const auto r = bcssim("run " + file.string() + " --out " + out.string() + " -q");
    const std::string said = kind + ": " + r.output;
    REQUIRE_MESSAGE(r.code == 0, said);
    for (const std::string& c : clipped_titles(out, images))
      clipped.push_back(kind + ": " + c);
  }
  INFO("images measured: " << images);
  CHECK(images >= 20); // gnuplot drew them: every kind's plots (test.sh installs gnuplot)
  std::string all;
  for (const std::string& c : clipped)
    all += c + "\n";
  CHECK_MESSAGE(clipped.empty(), all);
  fs::remove_all(root);
}
