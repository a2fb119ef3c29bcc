#include "sim/config/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_config_suggest,
                             "sim.config.suggest: 'Did you mean ...?' for a mistyped key, parameter path or subcommand");

namespace bcssim::sim {
namespace {

// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring).
std::size_t distance(const std::string& a, const std::string& b)
{
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i)
    d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j)
    d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string lower(std::string s)
{
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// Words the sources use for a choice that bcssim spells otherwise (the thesis's "gang scheduling" is gs): offered
// when the choice is among the candidates.
struct Synonym {
  const char* word;
  const char* meant;
};
constexpr Synonym kSynonyms[] = {
    {"gang", "gs"},         {"gang_scheduling", "gs"}, {"gang-scheduling", "gs"}, {"spin_block", "sb"},
    {"spin-block", "sb"},   {"spinblock", "sb"},       {"flexible", "fcs"},       {"buffered", "bcs"},
    {"batch", "fcfs"},
};

} // namespace

std::string closest(const std::string& word, const std::vector<std::string>& candidates)
{
  if (word.size() > 200)
    return ""; // a pasted blob is no typo (and would cost the distance table its square)
  // Case does not count: ASCI-Q is asci-q.
  const std::string folded = lower(word);
  for (const Synonym& s : kSynonyms)
    if (folded == s.word && std::find(candidates.begin(), candidates.end(), s.meant) != candidates.end())
      return s.meant;
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::string best;
  std::size_t best_distance = limit + 1;
  for (const std::string& c : candidates) {
    if (c.size() > word.size() + limit || word.size() > c.size() + limit)
      continue;
    const std::size_t d = distance(folded, lower(c));
    if (d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates)
{
  const std::string c = closest(word, candidates);
  return c.empty() ? "" : " (did you mean '" + c + "'?)";
}

} // namespace bcssim::sim
