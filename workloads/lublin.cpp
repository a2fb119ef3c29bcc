#include "workloads/lublin.hpp"

#include "workloads/distributions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace bcssim::workloads {
namespace {

// Constants of the model's reference implementation (lublin99.c; Lublin & Feitelson 2003).
constexpr double kTooMuchTime = 12;   // ln of the longest run time: exp(12) s, two days; longer is redrawn
constexpr double kTooMuchArrive = 13; // ln of the longest inter-arrival: exp(13) s, five days
constexpr int kBuckets = 48;          // half hours of a day
constexpr double kSecondsInBucket = 1800;
constexpr int kCyclicDayStart = 11; // the fitted day runs from bucket 11 to 11 + 48
constexpr int kStartBucket = 0;     // the workload starts at midnight

// batch, at 128 nodes: lublin99.c's *_BATCH constants.
constexpr LublinType kBatch{0.2927, 0.6686, 1.2,    5,      7,      0.875,  6.57,   0.823, 639.1,
                            0.0156, -0.003, 0.6986, 6.0415, 0.8531, 6.1271, 5.2740, 1.0519};
// interactive, at 128 nodes: lublin99.c's *_ACTIVE constants.
constexpr LublinType kInteractive{0.1541, 0.625,   1,      3,      5.5,    0.705,  3.8351, 0.6605, 7.073,
                                  0.6856, -0.0118, 0.9156, 6.5510, 0.6621, 8.9186, 3.6680, 0.9797};

// The arrival process of one job type (the reference's arrive_init / calc_next_arrive).
class Arrivals {
public:
  Arrivals(const LublinType& t, base::Rng rng) : shape_(t.aarr * t.arar), scale_(t.barr), rng_(rng)
  {
    double mean = 0;
    for (int i = kCyclicDayStart; i < kBuckets + kCyclicDayStart; ++i) {
      const int idx = (i - 1) % kBuckets;
      weights_[std::size_t(idx)] = gamma_cdf(i + 0.5, t.anum, t.bnum) - gamma_cdf(i - 0.5, t.anum, t.bnum);
      mean += weights_[std::size_t(idx)];
    }
    mean /= kBuckets;
    for (double& w : weights_)
      w /= mean;
    advance();
  }
  /// The next arrival, s from the start (whole seconds, as the reference's unsigned long).
  std::uint64_t next() const { return time_; }
  void advance()
  {
    double gam = 0;
    do
      gam = gamma_variate(rng_, shape_, scale_);
    while (gam > kTooMuchArrive);
    points_ += std::exp(gam) / kSecondsInBucket;
    double arrive = 0;
    while (points_ > weights_[std::size_t(bucket_)]) {
      points_ -= weights_[std::size_t(bucket_)];
      bucket_ = (bucket_ + 1) % kBuckets;
      arrive += kSecondsInBucket;
    }
    const double reminder = points_ / weights_[std::size_t(bucket_)];
    arrive += kSecondsInBucket * (reminder - reminder_);
    reminder_ = reminder;
    time_ = std::uint64_t(double(time_) + arrive);
  }

private:
  double shape_, scale_;
  base::Rng rng_;
  std::array<double, kBuckets> weights_{};
  double points_ = 0, reminder_ = 0;
  int bucket_ = kStartBucket;
  std::uint64_t time_ = 0;
};

unsigned job_size(base::Rng& rng, const LublinType& t)
{
  const double u = rng.uniform();
  if (u <= t.serial_prob)
    return 1;
  double par = two_stage_uniform(rng, t.ulow, t.umed, t.uhi, t.uprob);
  if (u <= t.serial_prob + t.pow2_prob)
    par = std::floor(par + 0.5);
  return unsigned(std::pow(2.0, par) + 0.5);
}

std::uint64_t run_time(base::Rng& rng, const LublinType& t, unsigned size)
{
  const double p = std::clamp(t.pa * size + t.pb, 0.0, 1.0);
  double hg = 0;
  do
    hg = hyper_gamma_variate(rng, t.a1, t.b1, t.a2, t.b2, p);
  while (hg > kTooMuchTime);
  return std::uint64_t(std::exp(hg));
}

} // namespace

LublinSpec lublin_spec(unsigned procs, unsigned jobs, std::uint64_t seed)
{
  if (procs < 2 || procs > (1u << 20) || (procs & (procs - 1)) != 0)
    throw std::invalid_argument(
        fmt::format("the Lublin model's machine size {}: a power of two from 2 to 2^20", procs));
  LublinSpec s;
  s.batch = kBatch;
  s.interactive = kInteractive;
  const double uhi = std::log2(double(procs));
  s.batch.uhi = uhi;
  s.batch.umed = std::max(s.batch.ulow, uhi - (kBatch.uhi - kBatch.umed));
  s.interactive.uhi = uhi - (kBatch.uhi - kInteractive.uhi);
  s.interactive.umed = std::max(s.interactive.ulow, s.interactive.uhi - (kInteractive.uhi - kInteractive.umed));
  s.interactive.uhi = std::max(s.interactive.uhi, s.interactive.umed);
  s.jobs = jobs;
  s.procs = procs;
  s.seed = seed;
  return s;
}

Swf lublin_workload(const LublinSpec& spec)
{
  if (spec.jobs == 0)
    throw std::invalid_argument("the Lublin model: at least one job");
  // Independent streams: each type's arrivals, and the jobs' sizes and run times.
  Arrivals batch(spec.batch, base::Rng::stream(spec.seed, 1)),
      interactive(spec.interactive, base::Rng::stream(spec.seed, 2));
  base::Rng rng = base::Rng::stream(spec.seed, 3);
  Swf swf;
  swf.header = {{"Version", "2.2"},
                {"Computer", fmt::format("a {}-processor machine (model)", spec.procs)},
                {"Acknowledge", "Uri Lublin and Dror Feitelson, Hebrew University (the model)"},
                {"Information", "https://www.cs.huji.ac.il/labs/parallel/workload/"},
                {"Conversion", fmt::format("bcssim workload generate --model lublin --jobs {} --procs {} --seed {}",
                                           spec.jobs, spec.procs, spec.seed)},
                {"MaxJobs", std::to_string(spec.jobs)},
                {"MaxRecords", std::to_string(spec.jobs)},
                {"MaxProcs", std::to_string(spec.procs)},
                {"MaxNodes", std::to_string(spec.procs)},
                {"MaxRuntime", std::to_string(std::uint64_t(std::exp(kTooMuchTime)))},
                {"MaxQueues", "2"},
                {"Queue", "0 interactive, 1 batch"}};
  swf.comments = {"Lublin & Feitelson, JPDC 63(11), 2003: the model's published parameters (lublin99.c);",
                  "times in seconds from midnight of the first day, before any scaling."};
  for (unsigned i = 0; i < spec.jobs; ++i) {
    const bool is_batch = batch.next() < interactive.next();
    Arrivals& stream = is_batch ? batch : interactive;
    const LublinType& type = is_batch ? spec.batch : spec.interactive;
    SwfJob j;
    j.number = i + 1;
    j.submit = double(stream.next());
    stream.advance();
    const unsigned size = job_size(rng, type);
    j.procs = std::min<std::int64_t>(size, spec.procs);
    j.run = double(run_time(rng, type, size));
    j.status = 1;
    j.queue = is_batch ? 1 : 0;
    swf.jobs.push_back(j);
  }
  return swf;
}

} // namespace bcssim::workloads
