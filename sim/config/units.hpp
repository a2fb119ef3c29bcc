#pragma once
// The quantities of the scenario language live in base/units.hpp (model parameter declarations use them too);
// the settings layer names them unqualified.
#include "base/units.hpp"

namespace bcssim::sim {
using base::parse_quantity;
using base::Quantity;
using base::quantity_help;
using base::si_unit;
} // namespace bcssim::sim
