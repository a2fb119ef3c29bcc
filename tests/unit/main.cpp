// Tolerances: doctest::Approx(v).epsilon(e) accepts |x - v| < e * (1 + max(|x|, |v|)) unless .scale(0) drops the
// 1, which is absolute: with times in seconds, Approx(20e-6) alone accepts anything within 12 us. So a relative
// tolerance is written .epsilon(e).scale(0), and .epsilon(1e-9) without scale(0) means "within a nanosecond".
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
