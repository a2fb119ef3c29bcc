// Replicated studies (`replicates`): every point over N seeds, their mean, standard deviation and 95 % confidence
// interval, error bars, and the first replicate equal to the run without replicates.
#include "cli_harness.hpp"

#include <cmath>

using namespace e2e;

namespace {

std::vector<std::vector<std::string>> csv_rows(const fs::path& file) // plain cells (no quoted commas here)
{
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(slurp(file));
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::istringstream cols(line);
    for (std::string c; std::getline(cols, c, ',');)
      cells.push_back(c);
    if (!line.empty() && line.back() == ',')
      cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

} // namespace

TEST_CASE("replicates: each point over seeds seed..seed+N-1, mean, sd and 95 % CI per point, error bars")
{
  const fs::path dir = kTmp / "replicates";
  fs::remove_all(dir);
  fs::create_directories(dir);
  // The exchange loop with 30 % variability: its seeds differ. One granularity, both MPIs.
  const std::string study = "run " + std::string(BCSSIM_SOURCE_DIR) +
                            "/scenarios/paper/synthetic-exchange.json --set 'sweep.synthetic.granularity=[\"1ms\"]' "
                            "--set synthetic.variability=0.3 --set synthetic.iterations=5 --set seed=11";
  const auto r = bcssim(study + " --set replicates=3 --out " + (dir / "rep").string());
  REQUIRE(r.code == 0);

  // runs.csv: seeds 11, 12, 13, each on both MPIs (the backend varies fastest).
  const auto runs = csv_rows(dir / "rep" / "runs.csv");
  REQUIRE(runs.size() == 7);
  REQUIRE(runs[0][2] == "seed");
  std::map<std::string, std::vector<double>> times; // by MPI, in seed order
  for (std::size_t i = 1; i < runs.size(); ++i) {
    CHECK(runs[i][2] == std::to_string(11 + (i - 1) / 2));
    times[runs[i][3]].push_back(std::stod(runs[i].back()));
  }
  // The seeds differ: the baseline's time follows every computation's length (BCS-MPI's is whole slices, which
  // these seeds happen to give alike: 17.4987 ms each, with the NIC's core one operation at a time).
  CHECK(times["quadrics"][0] != times["quadrics"][1]);
  CHECK(times["quadrics"][1] != times["quadrics"][2]);

  // replicates.csv: per (granularity, MPI) n, mean, sd and the t-interval; the slowdown on the BCS-MPI row.
  const auto rep = csv_rows(dir / "rep" / "replicates.csv");
  REQUIRE(rep.size() == 3);
  CHECK(rep[0] == std::vector<std::string>{"synthetic.granularity", "mpi", "n", "time_mean_s", "time_sd_s",
                                           "time_ci95_s", "slowdown_mean", "slowdown_sd", "slowdown_ci95"});
  for (std::size_t row = 1; row <= 2; ++row) {
    const std::vector<double>& t = times[rep[row][1]];
    const double mean = (t[0] + t[1] + t[2]) / 3;
    double squares = 0;
    for (double v : t)
      squares += (v - mean) * (v - mean);
    const double sd = std::sqrt(squares / 2);
    CAPTURE(rep[row][1]);
    CHECK(rep[row][2] == "3");
    CHECK(std::stod(rep[row][3]) == doctest::Approx(mean).epsilon(1e-8));
    CHECK(std::stod(rep[row][4]) == doctest::Approx(sd).epsilon(1e-6));
    CHECK(std::stod(rep[row][5]) == doctest::Approx(4.303 * sd / std::sqrt(3.0)).epsilon(1e-6)); // t(0.975, 2)
  }
  CHECK(rep[1][6].empty()); // the baseline has no slowdown over itself
  double slowdown = 0;
  for (int k = 0; k < 3; ++k)
    slowdown += (times["bcs"][std::size_t(k)] / times["quadrics"][std::size_t(k)] - 1) / 3;
  CHECK(std::stod(rep[2][6]) == doctest::Approx(slowdown).epsilon(1e-3));
  // The plots' data carry the interval.
  CHECK(slurp(dir / "rep" / "slowdown.csv").find("ci95") != std::string::npos);
  CHECK(slurp(dir / "rep" / "time.gp").find("yerrorlines") != std::string::npos);
  const auto summary = nlohmann::json::parse(slurp(dir / "rep" / "summary.json"));
  CHECK(summary.at("replicates").size() == 2);

  // The first replicate is the run without replicates, point for point.
  REQUIRE(bcssim(study + " --out " + (dir / "plain").string()).code == 0);
  const auto plain = csv_rows(dir / "plain" / "points.csv");
  const auto points = csv_rows(dir / "rep" / "points.csv");
  CHECK(plain[1][3] == points[1][4]); // quadrics, seed 11: the same digest
  CHECK(plain[2][3] == points[2][4]); // bcs
  CHECK_FALSE(fs::exists(dir / "plain" / "replicates.csv"));

  // Bad input: exit 2, nothing written.
  const auto zero = bcssim(study + " --set replicates=0 --out " + (dir / "zero").string());
  CHECK(zero.code == 2);
  CHECK(zero.output.find("replicates = 0: expected an integer in [1, 1000]") != std::string::npos);
  const auto seeds = bcssim(study + " --set replicates=2 --set 'sweep.seed=[1,2]' --out " + (dir / "seeds").string());
  CHECK(seeds.code == 2);
  CHECK(seeds.output.find("no sweep of seed when replicates > 1") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "zero"));
  CHECK_FALSE(fs::exists(dir / "seeds"));
  fs::remove_all(dir);
}
