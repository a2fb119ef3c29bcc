#pragma once
// summary.json's numbers as a reader expects them: a value computed as 0.040185 prints as 0.040185, not as the
// 0.040185000000000005 that the arithmetic left in the double's last bits. Every floating-point number is replaced
// by the double nearest its 15-significant-digit decimal (a double holds 15.9), which nlohmann::json then prints
// in its shortest round-trip form. Integers are left alone.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>

namespace bcssim::sim {

inline void tidy_numbers(nlohmann::json& j)
{
  if (j.is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", j.get<double>());
    j = std::strtod(buf, nullptr);
  } else if (j.is_structured()) {
    for (auto& item : j)
      tidy_numbers(item);
  }
}

} // namespace bcssim::sim
