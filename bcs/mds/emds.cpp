#include "bcs/mds/emds.hpp"

#include <stdexcept>
#include <string>

namespace bcssim::bcs::mds {

void EmdsSpec::validate() const
{
  if (first_slice < 0)
    throw std::invalid_argument("EmdsSpec.first_slice: must be >= 0");
  if (slices < 1)
    throw std::invalid_argument("EmdsSpec.slices: at least 1");
  if (auto e = broken_rule())
    throw std::invalid_argument("EmdsSpec." + e->path + ": expected " + e->allowed);
}

std::optional<base::ParamError> EmdsSpec::broken_rule() const
{
  if (slices > kEmdsMaxSlices)
    return base::ParamError{"emds_slices", "",
                            "at most " + std::to_string(kEmdsMaxSlices) +
                                " slices: the EMDS keeps its records in NIC memory, and 000 §5.2.1 limits them to "
                                "ten thousand slices to fit the Elan3's 64 MB"};
  return std::nullopt;
}

Emds::Emds(EmdsSpec spec) : spec_(std::move(spec))
{
  spec_.validate();
  for (unsigned n : spec_.nodes) {
    if (n >= watched_.size())
      watched_.resize(n + 1, 0);
    watched_[n] = 1;
  }
}

bool Emds::records(std::int64_t k) const
{
  return spec_.enabled && k >= spec_.first_slice && k < spec_.first_slice + spec_.slices;
}

bool Emds::watches(unsigned node) const
{
  if (!spec_.enabled)
    return false;
  return spec_.nodes.empty() || (node < watched_.size() && watched_[node]);
}

} // namespace bcssim::bcs::mds
