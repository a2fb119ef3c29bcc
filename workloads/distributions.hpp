#pragma once
// The random variates and the one distribution function the Lublin-Feitelson model needs (lublin.hpp), from the
// project's pinned generator (base/rng.hpp), so that a seed gives the same workload on every build:
//   gamma variates as Jain (1991, ch. 28) builds them, which the model's reference code uses: the integer part of
//   the shape as a sum of exponentials, the fractional part as Beta(a, 1 - a) x an exponential (the Beta by
//   Johnk's rejection);
//   the gamma CDF (the regularized lower incomplete gamma function: its series below a + 1, its continued
//   fraction above; Press et al., Numerical Recipes, ch. 6).
#include "base/rng.hpp"

namespace bcssim::workloads {

/// Gamma(shape, scale): mean shape x scale.
double gamma_variate(base::Rng& rng, double shape, double scale);
/// P(X <= x) for X ~ Gamma(shape, scale).
double gamma_cdf(double x, double shape, double scale);
/// With probability p Gamma(shape1, scale1), else Gamma(shape2, scale2).
double hyper_gamma_variate(base::Rng& rng, double shape1, double scale1, double shape2, double scale2, double p);
/// With probability p uniform in [low, med), else in [med, hi).
double two_stage_uniform(base::Rng& rng, double low, double med, double hi, double p);
/// An exponential variate of mean 1: -ln(U) with U in (0, 1].
double unit_exponential(base::Rng& rng);

} // namespace bcssim::workloads
