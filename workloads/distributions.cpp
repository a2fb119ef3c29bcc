#include "workloads/distributions.hpp"

#include <cmath>
#include <stdexcept>

namespace bcssim::workloads {
namespace {

constexpr int kIterations = 1000;
constexpr double kEpsilon = 1e-10;

// U in (0, 1]: never 0, whose logarithm is infinite.
double open_uniform(base::Rng& rng) { return 1.0 - rng.uniform(); }

// Beta(a, b) for a, b < 1: Johnk's rejection (Jain 1991, ch. 28).
double beta_below_1(base::Rng& rng, double a, double b)
{
  while (true) {
    const double x = std::pow(open_uniform(rng), 1 / a);
    const double y = std::pow(open_uniform(rng), 1 / b);
    if (x + y <= 1)
      return x / (x + y);
  }
}

// P(a, x) by its series, for x < a + 1.
double lower_series(double x, double a)
{
  double term = 1 / a, sum = term, ap = a;
  for (int i = 0; i < kIterations; ++i) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * kEpsilon)
      return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
  }
  throw std::runtime_error("gamma_cdf: the series did not converge");
}

// Q(a, x) = 1 - P(a, x) by its continued fraction (modified Lentz), for x >= a + 1.
double upper_fraction(double x, double a)
{
  constexpr double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i <= kIterations; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < tiny)
      d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny)
      c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEpsilon)
      return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
  }
  throw std::runtime_error("gamma_cdf: the continued fraction did not converge");
}

} // namespace

double unit_exponential(base::Rng& rng) { return -std::log(open_uniform(rng)); }

double gamma_variate(base::Rng& rng, double shape, double scale)
{
  if (!(shape > 0) || !(scale > 0))
    throw std::invalid_argument("gamma_variate: shape and scale must be positive");
  const double whole = std::floor(shape);
  double sum = 0;
  for (double i = 0; i < whole; ++i)
    sum += unit_exponential(rng);
  const double fraction = shape - whole;
  if (fraction > 0)
    sum += beta_below_1(rng, fraction, 1 - fraction) * unit_exponential(rng);
  return sum * scale;
}

double gamma_cdf(double x, double shape, double scale)
{
  if (x <= 0)
    return 0;
  const double y = x / scale;
  return y < shape + 1 ? lower_series(y, shape) : 1 - upper_fraction(y, shape);
}

double hyper_gamma_variate(base::Rng& rng, double shape1, double scale1, double shape2, double scale2, double p)
{
  return rng.uniform() < p ? gamma_variate(rng, shape1, scale1) : gamma_variate(rng, shape2, scale2);
}

double two_stage_uniform(base::Rng& rng, double low, double med, double hi, double p)
{
  return rng.uniform() < p ? rng.uniform(low, med) : rng.uniform(med, hi);
}

} // namespace bcssim::workloads
