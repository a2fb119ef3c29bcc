#include "sim/kinds/workload/dynamic_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace bcssim::sim {
namespace {

double percentile(const std::vector<double>& sorted, double q)
{
  if (sorted.empty())
    return 0;
  const double at = q * double(sorted.size() - 1);
  const std::size_t lo = std::size_t(std::floor(at));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - double(lo));
}

// The number of jobs in the system after each arrival and departure, in time order (departures first at a tie).
std::vector<std::pair<double, long>> in_system(const std::vector<JobOutcome>& jobs)
{
  std::vector<std::pair<double, int>> events; // (time, -1 departure / +1 arrival)
  for (const JobOutcome& j : jobs) {
    events.emplace_back(j.submit, +1);
    if (j.end >= 0)
      events.emplace_back(j.end, -1);
  }
  std::sort(events.begin(), events.end());
  std::vector<std::pair<double, long>> steps;
  long in = 0;
  for (const auto& [t, d] : events)
    steps.emplace_back(t, in += d);
  return steps;
}

double rounded(double v, int digits) { return std::stod(fmt::format("{:.{}f}", v, digits)); }

nlohmann::json distribution_json(const Distribution& d)
{
  return {{"count", d.count},        {"mean", rounded(d.mean, 6)}, {"median", rounded(d.median, 6)},
          {"p5", rounded(d.p5, 6)},  {"p25", rounded(d.p25, 6)},   {"p75", rounded(d.p75, 6)},
          {"p95", rounded(d.p95, 6)}};
}

} // namespace

Distribution distribution(std::vector<double> values)
{
  Distribution d;
  d.count = values.size();
  if (values.empty())
    return d;
  std::sort(values.begin(), values.end());
  d.mean = std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
  d.median = percentile(values, 0.5);
  d.p5 = percentile(values, 0.05);
  d.p25 = percentile(values, 0.25);
  d.p75 = percentile(values, 0.75);
  d.p95 = percentile(values, 0.95);
  return d;
}

Backlog backlog(const std::vector<JobOutcome>& jobs)
{
  Backlog b;
  if (jobs.empty())
    return b;
  std::vector<std::pair<double, int>> events; // (time, -1 start / +1 arrival): starts first at a tie
  double first = std::numeric_limits<double>::infinity(), last = -first;
  for (const JobOutcome& j : jobs) {
    events.emplace_back(j.submit, +1);
    if (j.start >= 0)
      events.emplace_back(j.start, -1);
    first = std::min(first, j.submit);
    last = std::max(last, j.submit);
  }
  std::sort(events.begin(), events.end());
  const double from = first + (last - first) / 2;
  double empty = 0;
  long waiting = 0;
  double at = events.front().first;
  for (const auto& [t, d] : events) {
    // [at, t) had `waiting` jobs waiting: count its part inside [from, last) if none waited.
    if (waiting == 0)
      empty += std::max(0.0, std::min(t, last) - std::max(at, from));
    waiting += d;
    b.most_waiting = std::max(b.most_waiting, std::size_t(std::max(waiting, 0L)));
    at = t;
  }
  b.window_s = std::max(0.0, last - from);
  b.queue_empty_s = empty;
  // The jobs in the system at `from`, then after each instant up to the last submission (the count once all of an
  // instant's arrivals and departures are in).
  const auto steps = in_system(jobs);
  long at_from = 0; // the count at `from`
  std::optional<long> least;
  for (std::size_t k = 0; k < steps.size() && steps[k].first <= last; ++k) {
    if (k + 1 < steps.size() && steps[k + 1].first == steps[k].first)
      continue;
    if (steps[k].first <= from)
      at_from = steps[k].second;
    else
      least = std::min(least.value_or(at_from), steps[k].second);
  }
  b.least_in_system_late = std::size_t(least.value_or(at_from));
  return b;
}

double bounded_slowdown(const JobOutcome& job, double tau)
{
  if (job.dedicated <= 0)
    return std::numeric_limits<double>::quiet_NaN();
  return std::max((job.end - job.submit) / std::max(job.dedicated, tau), 1.0);
}

std::vector<bool> short_half(const std::vector<JobOutcome>& jobs)
{
  std::vector<bool> out(jobs.size(), false);
  if (std::any_of(jobs.begin(), jobs.end(), [](const JobOutcome& j) { return j.dedicated <= 0; }))
    return {};
  std::vector<std::size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return jobs[a].dedicated < jobs[b].dedicated; });
  for (std::size_t i = 0; i < jobs.size() / 2; ++i)
    out[order[i]] = true;
  return out;
}

DynamicFigures dynamic_figures(const std::vector<JobOutcome>& jobs, double tau, unsigned machine_pes)
{
  DynamicFigures f;
  const std::vector<bool> shorts = short_half(jobs);
  std::vector<double> r, rs, rl, s, ss, sl;
  double first = std::numeric_limits<double>::infinity(), last = 0, work = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const JobOutcome& j = jobs[i];
    const double response = j.end - j.submit;
    r.push_back(response);
    first = std::min(first, j.submit);
    last = std::max(last, j.submit);
    work += j.dedicated * double(j.processes);
    const double slow = bounded_slowdown(j, tau);
    if (!std::isnan(slow))
      s.push_back(slow);
    if (shorts.empty())
      continue;
    (shorts[i] ? rs : rl).push_back(response);
    (shorts[i] ? ss : sl).push_back(slow);
  }
  f.response = distribution(r);
  f.response_short = distribution(rs);
  f.response_long = distribution(rl);
  f.slowdown = distribution(s);
  f.slowdown_short = distribution(ss);
  f.slowdown_long = distribution(sl);
  if (!shorts.empty() && last > first)
    f.offered_load = work / (double(machine_pes) * (last - first));
  for (const auto& [t, n] : in_system(jobs))
    f.most_in_system = std::max(f.most_in_system, std::size_t(n));
  f.backlog = backlog(jobs);
  return f;
}

nlohmann::json dynamic_json(const DynamicFigures& f)
{
  return {{"response_s", distribution_json(f.response)},
          {"response_short_s", distribution_json(f.response_short)},
          {"response_long_s", distribution_json(f.response_long)},
          {"bounded_slowdown", distribution_json(f.slowdown)},
          {"bounded_slowdown_short", distribution_json(f.slowdown_short)},
          {"bounded_slowdown_long", distribution_json(f.slowdown_long)},
          {"offered_load", rounded(f.offered_load, 6)},
          {"most_jobs_in_system", f.most_in_system},
          {"most_jobs_waiting", f.backlog.most_waiting},
          {"least_jobs_in_system_late", f.backlog.least_in_system_late},
          {"queue_empty_late_s", rounded(f.backlog.queue_empty_s, 6)},
          {"queue_empty_late_fraction", rounded(f.backlog.queue_empty_fraction(), 6)},
          {"saturated", f.backlog.saturated()}};
}

std::string jobs_in_system_csv(const std::vector<JobOutcome>& jobs)
{
  std::string out = "time_s,jobs_in_system\n";
  for (const auto& [t, n] : in_system(jobs))
    out += fmt::format("{:.9f},{}\n", t, n);
  return out;
}

std::string response_cdf_csv(const std::vector<JobOutcome>& jobs)
{
  const std::vector<bool> shorts = short_half(jobs);
  std::string out = "half,response_s,fraction\n";
  if (shorts.empty())
    return out;
  for (const bool half : {true, false}) {
    std::vector<double> r;
    for (std::size_t i = 0; i < jobs.size(); ++i)
      if (shorts[i] == half)
        r.push_back(jobs[i].end - jobs[i].submit);
    std::sort(r.begin(), r.end());
    for (std::size_t i = 0; i < r.size(); ++i)
      out += fmt::format("{},{:.9f},{:.6f}\n", half ? "short" : "long", r[i], double(i + 1) / double(r.size()));
  }
  return out;
}

} // namespace bcssim::sim
