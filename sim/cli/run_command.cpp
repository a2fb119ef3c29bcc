// `bcssim run`: a scenario, or every point of a study (each in its own process), or one point of it.
#include "sim/cli/command.hpp"

#include "base/event_stream.hpp"
#include "sim/config/log_settings.hpp"
#include "sim/config/scenario.hpp"
#include "sim/config/units.hpp"
#include "sim/driver/run.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/study/headline.hpp"
#include "sim/study/study_reuse.hpp"
#include "sim/study/study_run.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>
#include <unistd.h>

namespace bcssim::sim::cli {
namespace {

// --trace-window FROM:TO into the trace options.
void parse_trace_window(const std::string& window, TraceOptions& trace)
{
  const auto colon = window.find(':');
  const std::string from = window.substr(0, colon);
  const std::string to = colon == std::string::npos ? "" : window.substr(colon + 1);
  const auto from_s = from.empty() ? std::optional<double>(0.0) : parse_quantity(Quantity::time, from);
  const auto to_s = to.empty() ? std::optional<double>(-1.0) : parse_quantity(Quantity::time, to);
  const bool representable =
      from_s && to_s && base::within_sim_time_limit(*from_s) && base::within_sim_time_limit(*to_s);
  if (colon == std::string::npos || !representable || (*to_s >= 0 && *to_s < *from_s))
    throw ScenarioError("--trace-window", window,
                        "FROM:TO, two times such as 1s:1.2s with FROM <= TO, either one may be empty (" +
                            quantity_help(Quantity::time) + "), each at most " + base::sim_time_limit_text());
  trace.enabled = true;
  trace.from_ns = base::to_ns(*from_s);
  trace.to_ns = *to_s < 0 ? -1 : base::to_ns(*to_s);
}

class RunCommand : public Command {
public:
  explicit RunCommand(CLI::App& app) : Command(app.add_subcommand("run", "Run a scenario and write its results folder"))
  {
    args_.add(sub_, "Override a parameter: path=value (repeatable), e.g. --set platform.nodes=16");
    sub_->add_option("--out", args_.out_dir, "Results folder (default: out/<scenario name>)");
    sub_->add_flag("--events", options_.events, "Also write the canonical event stream as events.csv");
    sub_->add_flag("--trace", options_.trace.enabled,
                   "Also write trace.json (Chrome/Perfetto trace events: open in ui.perfetto.dev or "
                   "chrome://tracing)");
    sub_->add_option("--trace-window", trace_window_,
                     "Trace only simulated times FROM:TO (e.g. 1s:1.2s; either side may be empty); implies --trace");
    sub_->add_flag("--force", options_.force,
                   "Replace the results folder at --out if an earlier run wrote it (never anything else)");
    sub_->add_flag("--reuse", reuse_,
                   "Keep the results folder at --out if this binary made it for this study (every point run with "
                   "the parameters given now), else run and replace it as --force does: a script run again after an "
                   "interruption runs only what it had not finished");
    sub_->add_option("--log", options_.sg_log,
                     "Log setting CATEGORY.thres:LEVEL (and SimGrid's fmt, app, additivity), e.g. storm.thres:verbose "
                     "or mpi.quadrics.thres:info; `bcssim logs` lists the categories (repeatable)")
        ->allow_extra_args(false);
    sub_->add_option("--jobs,-j", jobs_, "Sweep points run at once, each in its own process (default: the cores)")
        ->check(CLI::Range(1u, 4096u));
    sub_->add_option("--point", point_text_, "Run only this point of a sweep (see `bcssim sweep --emit-jobs`)");
    sub_->add_flag("--quiet,-q", quiet_, "Print only the results folder, not the figures of the run");
    sub_->add_option("--progress", progress_,
                     "Progress on stderr: auto (on a terminal only), always (on a terminal in place, else a line "
                     "every " +
                         std::to_string(kProgressLogSeconds) + " s and when a point ends), never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
  }
  bool interruptible() const override { return true; }
  std::string file() const override { return args_.file; }

  int run(const char*) override
  {
    for (std::string& setting : options_.sg_log) { // before anything is created: SimGrid aborts on a bad one
      check_log_setting(setting);
      setting = to_simgrid(setting); // bcssim's dotted category names (storm.policies) as SimGrid's identifiers
    }
    args_.check_out_given(sub_);
    const Study study = args_.load();
    refuse_logs_inside(args_.out(study));
    options_.out_dir = args_.out_dir;
    if (!trace_window_.empty())
      parse_trace_window(trace_window_, options_.trace);
    if (sub_->count("--point") > 0) {
      // Read here, not by CLI11, which takes 99999999999999999999 as 2^63 - 1: the user's own text is shown.
      const bool digits = !point_text_.empty() && point_text_.find_first_not_of("0123456789") == std::string::npos;
      point_ = digits && point_text_.size() <= 18 ? std::stol(point_text_) : -1;
      if (point_ < 0 || std::size_t(point_) >= study.size())
        throw ScenarioError("--point", digits ? point_text_ : nlohmann::json(point_text_).dump(),
                            fmt::format("a point of the study, 0 to {}", study.size() - 1));
      if (args_.out_dir.empty())
        options_.out_dir = args_.out(study) / point_folder(std::size_t(point_));
      // Titled like the points of `run`: the study's folder (above points/NNNN, where --emit-jobs puts them).
      std::filesystem::path study_dir = args_.out(study).lexically_normal();
      if (study_dir.filename().empty())
        study_dir = study_dir.parent_path();
      if (!args_.out_dir.empty() && study_dir.parent_path().filename() == "points")
        study_dir = study_dir.parent_path().parent_path();
      options_.title =
          point_title(compose_title(study_dir.filename().string(), study.overrides()), study, std::size_t(point_));
      const auto where = run_scenario(study.point(std::size_t(point_)), options_);
      report(where);
      return 0;
    }
    if (reuse_) {
      const std::filesystem::path out = args_.out(study);
      const std::string why = why_not_current(study, out);
      if (why.empty()) {
        std::fprintf(stderr, "reused: %s holds this study's results, made by this binary (--reuse)\n",
                     out.string().c_str());
        report(out);
        return 0;
      }
      std::fprintf(stderr, "running: %s cannot be reused (%s)\n", out.string().c_str(), why.c_str());
      options_.force = true;
    }
    StudyOptions study_options;
    study_options.run = options_;
    study_options.jobs = jobs_;
    const bool terminal = ::isatty(2) != 0;
    study_options.progress = progress_ == "never" || (progress_ == "auto" && !terminal) ? Progress::none
                             : terminal                                                 ? Progress::status_line
                                                                                        : Progress::log_lines;
    report(run_study(study, study_options));
    return 0;
  }

private:
  // A log file inside the results folder would be a file there that bcssim did not write: the run refused it
  // after SimGrid had made it, and every later run refused the folder (hostile pass 2026-12-06).
  void refuse_logs_inside(const std::filesystem::path& out) const
  {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = fs::weakly_canonical(fs::absolute(out, ec), ec);
    for (const std::string& setting : options_.sg_log)
      for (const std::string& file : log_files(setting)) {
        const fs::path inside = fs::weakly_canonical(fs::absolute(file, ec), ec).lexically_relative(folder);
        if (!inside.empty() && *inside.begin() != "..")
          throw ScenarioError("--log", setting,
                              fmt::format("a log file outside the results folder {} (bcssim replaces that folder "
                                          "whole and keeps nothing there it did not write)",
                                          out.string()));
      }
  }

  // The figures a user would quote (unless --quiet), then where the results are.
  void report(const std::filesystem::path& where) const
  {
    if (!quiet_)
      std::cout << headline(where);
    std::cout << "results: " << where.string() << "/\n";
  }

  StudyArgs args_;
  bool quiet_ = false;
  bool reuse_ = false;
  std::string progress_ = "auto";
  RunOptions options_;
  std::string trace_window_;
  unsigned jobs_ = std::max(1u, std::thread::hardware_concurrency());
  std::string point_text_;
  long point_ = -1;
};

} // namespace

std::unique_ptr<Command> run_command(CLI::App& app) { return std::make_unique<RunCommand>(app); }

} // namespace bcssim::sim::cli
