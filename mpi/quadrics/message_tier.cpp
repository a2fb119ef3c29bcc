#include "mpi/quadrics/message_tier.hpp"

#include "models/elan3/tports/folded_costs.hpp"
#include "mpi/quadrics/backend.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

namespace bcssim::mpi::quadrics {
namespace {

using elan3::tports::FoldedCosts;
using elan3::tports::FoldedCurve;

// Up to 1 MiB: past it a rendezvous' delays grow with the size at the slope of the last two sizes.
constexpr std::uint64_t kLargest = 1 << 20;

std::vector<std::uint64_t> sizes(const base::ParamSource& source)
{
  const BackendSpec spec = backend_params().build(source);
  std::vector<std::uint64_t> s{0};
  for (std::uint64_t b = 1; b <= kLargest; b *= 2)
    s.push_back(b);
  // Each regime's edges, on both sides (Tports: PIO below pio_limit, eager up to eager_limit, then rendezvous).
  for (std::uint64_t edge : {spec.tports.pio_limit, spec.tports.eager_limit + 1})
    if (edge > 0) {
      s.push_back(edge - 1);
      s.push_back(edge);
    }
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

std::shared_ptr<const FoldedCosts> fold(const base::ParamSource& source, const std::vector<TierSample>& stages,
                                        const std::vector<TierSample>& unfolded)
{
  const BackendSpec spec = backend_params().build(source);
  std::map<std::tuple<int, std::uint64_t>, const TierSample*> zero;
  for (const TierSample& u : unfolded)
    zero[{u.locality, u.bytes}] = &u;
  std::vector<std::pair<double, double>> eager_posted[2], eager_late[2], envelope[2], data[2], send_done[2];
  for (const TierSample& s : stages) { // in increasing size per locality (the order they were measured in)
    const auto it = zero.find({s.locality, s.bytes});
    if (it == zero.end())
      throw std::logic_error("message tier: no unfolded measurement for a stage-level one");
    const TierSample& u = *it->second;
    const int l = s.locality;
    const double x = double(s.bytes);
    const double posted = s.posted - u.posted;
    const double late = s.late - u.late;
    if (s.bytes <= spec.tports.eager_limit) {
      eager_posted[l].emplace_back(x, posted);
      eager_late[l].emplace_back(x, late);
      send_done[l].emplace_back(x, s.sent - u.sent);
    } else { // the data's part is what a late receive measures; the envelope's, what is left of a posted one
      data[l].emplace_back(x, late);
      envelope[l].emplace_back(x, posted - late);
      send_done[l].emplace_back(x, s.sent - u.sent - (posted - late)); // the data moves after the envelope's delay
    }
  }
  auto costs = std::make_shared<FoldedCosts>();
  for (int l = 0; l < 2; ++l)
    costs->curves[l] = FoldedCosts::Curves{FoldedCurve(eager_posted[l]), FoldedCurve(eager_late[l]),
                                           FoldedCurve(envelope[l]), FoldedCurve(data[l]), FoldedCurve(send_done[l])};
  return costs;
}

} // namespace

MessageTier message_tier() { return MessageTier{sizes, fold}; }

} // namespace bcssim::mpi::quadrics
