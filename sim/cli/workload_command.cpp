// `bcssim workload generate`: a job stream from the Lublin-Feitelson model, written as SWF (a file to save, share
// and replay: workload.swf); `bcssim workload stats FILE`: what an SWF file holds (jobs, sizes, run times, span,
// offered load on a machine).
#include "sim/cli/command.hpp"

#include "base/units.hpp"
#include "sim/config/scenario.hpp"
#include "sim/kinds/workload/dynamic_metrics.hpp"
#include "sim/output/write_file.hpp"
#include "workloads/lublin.hpp"
#include "workloads/swf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <sstream>
#include <unistd.h>

namespace bcssim::sim::cli {
namespace {
namespace fs = std::filesystem;

class WorkloadCommand : public Command {
public:
  explicit WorkloadCommand(CLI::App& app)
      : Command(app.add_subcommand("workload", "Job streams in the Standard Workload Format (SWF)"))
  {
    sub_->require_subcommand(1);
    generate_ = sub_->add_subcommand("generate", "Write a workload of the Lublin-Feitelson model as SWF");
    generate_->add_option("--model", model_, "The workload model (lublin: Lublin & Feitelson 2003)")
        ->check(CLI::IsMember({"lublin"}));
    generate_->add_option("--jobs", jobs_, "Number of jobs")->check(CLI::Range(1, 10000000));
    generate_->add_option("--procs", procs_, "The machine's processors, a power of two (the largest job)")
        ->check(CLI::Range(2, 1 << 20));
    generate_->add_option("--seed", seed_, "Seed of the project's generator (same seed, same file)")
        ->check(CLI::Validator(
            [](std::string& s) -> std::string { // CLI11 alone would take -1 as 2^64 - 1
              const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
              return digits && (s.size() < 20 || (s.size() == 20 && s <= "18446744073709551615"))
                         ? ""
                         : "expected a whole number from 0 to 2^64 - 1, not " + s;
            },
            "UINT64"));
    generate_->add_option("--out", out_, "The SWF file to write (default: standard output)");
    generate_->add_flag("--force", force_, "Replace --out if it exists");
    stats_ = sub_->add_subcommand("stats", "Summarize an SWF file (plain, .gz or .xz)");
    stats_->add_option("file", file_, "The SWF file")->required();
    stats_
        ->add_option("--procs", stats_procs_,
                     "The machine's processors, for the offered load (default: the "
                     "header's MaxProcs)")
        ->check(CLI::Range(1, 1 << 30));
  }

  int run(const char*) override
  {
    if (generate_->parsed())
      return generate();
    return stats();
  }

private:
  int generate()
  {
    if ((procs_ & (procs_ - 1)) != 0)
      throw ScenarioError("--procs", std::to_string(procs_), "a power of two from 2 to 2^20");
    if (generate_->count("--out") > 0 && out_.empty())
      throw ScenarioError("--out", "\"\"", "the path of the SWF file to write (without --out: standard output)");
    if (!out_.empty()) {
      std::error_code ec;
      const fs::path folder = fs::path(out_).parent_path().empty() ? fs::path(".") : fs::path(out_).parent_path();
      if (!fs::is_directory(folder, ec))
        throw ScenarioError("--out", out_, fmt::format("a file in an existing folder; {} is not one", folder.string()));
      if (fs::is_directory(out_, ec))
        throw ScenarioError("--out", out_, "the path of a file; this is a folder");
      // Only a regular file is ever replaced: --force once made /dev/null a file of jobs (hostile pass 2026-12-06).
      const fs::file_status st = fs::symlink_status(out_, ec);
      if (fs::exists(st) && !fs::is_regular_file(st))
        throw ScenarioError("--out", out_,
                            fmt::format("a new file, or a regular file to replace with --force; this is {}",
                                        fs::is_symlink(st) ? "a symlink" : "a device, a FIFO or a socket"));
      if (fs::exists(st) && !force_)
        throw ScenarioError("--out", out_, "a file that does not exist yet (or --force to replace it)");
    }
    const workloads::Swf swf = workloads::lublin_workload(workloads::lublin_spec(procs_, jobs_, seed_));
    if (out_.empty()) {
      workloads::write_swf(std::cout, swf);
      return 0;
    }
    const fs::path tmp = out_ + ".tmp-" + std::to_string(::getpid());       // never a name a user's file could have
    if (std::FILE* probe = std::fopen(tmp.c_str(), "wx"); probe != nullptr) // a folder bcssim can write in
      std::fclose(probe);
    else
      throw ScenarioError("--out", out_, fmt::format("a file bcssim can create; {}", std::strerror(errno)));
    std::ostringstream text;
    workloads::write_swf(text, swf);
    try {
      write_file(tmp, text.str()); // a full disk names the file and the reason; nothing is left at --out
    } catch (const std::runtime_error&) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw;
    }
    fs::rename(tmp, out_);
    std::cout << "wrote " << out_ << ": " << swf.jobs.size() << " jobs\n";
    return 0;
  }

  int stats()
  {
    const workloads::Swf swf = read(file_);
    if (swf.jobs.empty())
      throw ScenarioError(file_, "(no job lines)", "an SWF file with at least one job");
    unsigned procs = stats_procs_;
    if (procs == 0) {
      const std::string header = swf.header_value("MaxProcs");
      unsigned long value = 0;
      const auto [end, ec] = std::from_chars(header.data(), header.data() + header.size(), value);
      if (!header.empty() && (ec != std::errc() || end != header.data() + header.size() || value < 1 ||
                              value > std::numeric_limits<unsigned>::max()))
        throw ScenarioError(file_ + ": header MaxProcs", header,
                            "a whole number of processors of at least 1 (or give --procs)");
      procs = unsigned(value);
    }
    // As a run counts them (SwfJob::processors); records with no processors, submit time or run time
    // (cancelled jobs in archive logs) do not count.
    std::vector<double> sizes, runs;
    double first = std::numeric_limits<double>::infinity(), last = -first, work = 0;
    for (const auto& j : swf.jobs) {
      const std::int64_t p = j.processors();
      if (p < 1 || !(j.run > 0) || j.submit < 0)
        continue;
      sizes.push_back(double(p));
      runs.push_back(j.run);
      first = std::min(first, j.submit);
      last = std::max(last, j.submit);
      work += double(p) * j.run;
    }
    if (sizes.empty())
      throw ScenarioError(file_, "(no job with processors, a run time and a submit time)",
                          "an SWF file with at least one job that could run");
    const Distribution size = distribution(sizes), run = distribution(runs);
    const std::string counted =
        sizes.size() == swf.jobs.size() ? "" : fmt::format(" ({} that could run counted here)", sizes.size());
    std::cout << fmt::format("{}: {}{}, submitted over {:.0f} s ({:.2f} days)\n", file_,
                             base::counted(static_cast<long long>(swf.jobs.size()), "job"), counted, last - first,
                             (last - first) / 86400);
    std::cout << fmt::format("processors per job: median {}, mean {:.2f}, largest {}\n", size.median, size.mean,
                             *std::max_element(sizes.begin(), sizes.end()));
    std::cout << fmt::format("run time: median {} s, mean {:.1f} s, longest {} s\n", run.median, run.mean,
                             *std::max_element(runs.begin(), runs.end()));
    if (procs > 0 && last > first)
      std::cout << fmt::format("offered load on {}: {:.3f} (processor-seconds of work over the "
                               "processor-seconds of the submission span)\n",
                               base::counted(static_cast<long long>(procs), "processor"),
                               work / (double(procs) * (last - first)));
    return 0;
  }

  static workloads::Swf read(const std::string& path)
  {
    try {
      return workloads::read_swf(path);
    } catch (const workloads::SwfError& e) {
      if (e.line() == 0)
        throw ScenarioError("file", e.value(), e.allowed());
      throw ScenarioError(e.file() + ":" + std::to_string(e.line()) + ": " + e.field(), e.value(), e.allowed());
    }
  }

  CLI::App* generate_ = nullptr;
  CLI::App* stats_ = nullptr;
  std::string model_ = "lublin", out_, file_;
  unsigned jobs_ = 1000, procs_ = 128, stats_procs_ = 0;
  std::uint64_t seed_ = 1;
  bool force_ = false;
};

} // namespace

std::unique_ptr<Command> workload_command(CLI::App& app) { return std::make_unique<WorkloadCommand>(app); }

} // namespace bcssim::sim::cli
