#include "base/sim_time.hpp"

#include <fmt/format.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <string>

#include <cmath>
#include <cstdlib>

namespace bcssim::base {

std::string short_number(double v)
{
  std::string text = fmt::format("{:g}", v);
  const auto e = text.find('e');
  if (e == std::string::npos)
    return text;
  std::string exponent = text.substr(e + 1);
  const bool negative = exponent[0] == '-';
  exponent.erase(0, exponent.find_first_not_of("+-0"));
  return text.substr(0, e + 1) + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
}

double significant(double v, int digits) { return std::stod(fmt::format("{:.{}g}", v, digits)); }

std::string sim_time_limit_text()
{
  return fmt::format("{} s (about {:.0f} years), the limit of simulated time: results count integer nanoseconds "
                     "(docs/model.md)",
                     short_number(kMaxSimulatedSeconds), kMaxSimulatedSeconds / (365.25 * 86400));
}

namespace {
// A time just past the limit must not read as the limit itself: short_number's 6 digits, else 15.
std::string exact_enough(double seconds)
{
  const std::string brief = short_number(seconds);
  return std::strtod(brief.c_str(), nullptr) == seconds ? brief : fmt::format("{:.15g}", seconds);
}
} // namespace

SimTimeLimitError::SimTimeLimitError(double seconds)
    : ParamRuleError(ParamError{"simulated time", exact_enough(seconds) + " s", "at most " + sim_time_limit_text()})
{
}

void SimTimeGuard::on_clock(double now)
{
  if (passed() || within_sim_time_limit(now))
    return;
  passed_at_ = now;
  simgrid::s4u::Actor::kill_all();
}

void throw_past_sim_time_limit(double seconds) { throw SimTimeLimitError(seconds); }

} // namespace bcssim::base
