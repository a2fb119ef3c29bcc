#include "sim/config/suggest.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace bcssim::sim {
namespace {

char fold(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring), letter case aside,
// or any number above `bound` once it must exceed it. Three rows, reused: a mistyped --set path is measured against
// every path of the catalogue (a fuzzed --set spent a third of its time here, in a table allocated per pair). The
// early end: along any alignment the distance never decreases, and an alignment visits at least one of any two
// consecutive rows (a transposition skips one), so the smaller minimum of the last two rows bounds the result.
std::size_t distance(const std::string& a, const std::string& b, std::size_t bound)
{
  const std::size_t m = b.size();
  std::vector<std::size_t> rows(3 * (m + 1));
  std::size_t* before = rows.data();    // row i - 2
  std::size_t* last = before + (m + 1); // row i - 1
  std::size_t* row = last + (m + 1);    // row i
  for (std::size_t j = 0; j <= m; ++j)
    last[j] = j;
  std::size_t last_min = 0;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    std::size_t row_min = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1;
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + cost});
      if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1]))
        row[j] = std::min(row[j], before[j - 2] + 1);
      row_min = std::min(row_min, row[j]);
    }
    if (std::min(row_min, last_min) > bound)
      return bound + 1;
    last_min = row_min;
    std::size_t* const oldest = before;
    before = last;
    last = row;
    row = oldest;
  }
  return last[m];
}

// A lower bound of distance() that costs a pass over both words: the larger of the letters one has and the other
// lacks, counted with repeats (each insertion, deletion or substitution changes either count by at most one, a
// transposition by none). Most of the catalogue's paths are told apart by it alone: the distance table was 38 %
// of a fuzzed --set's time.
std::size_t bag_distance(const std::string& a, const std::string& b)
{
  thread_local std::array<int, 256> count{}; // zero between calls
  for (const char c : a)
    ++count[static_cast<unsigned char>(fold(c))];
  for (const char c : b)
    --count[static_cast<unsigned char>(fold(c))];
  std::size_t more = 0, fewer = 0;
  const auto settle = [&](char c) {
    int& n = count[static_cast<unsigned char>(fold(c))];
    (n > 0 ? more : fewer) += std::size_t(n > 0 ? n : -n);
    n = 0;
  };
  for (const char c : a)
    settle(c);
  for (const char c : b)
    settle(c);
  return std::max(more, fewer);
}

std::string lower(std::string s)
{
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

} // namespace

std::string closest(const std::string& word, const std::vector<std::string>& candidates, Ties ties,
                    const Synonyms& synonyms)
{
  if (word.size() > 200)
    return ""; // a pasted blob is no typo (and would cost the distance table its square)
  // Case does not count: ASCI-Q is asci-q.
  const std::string folded = lower(word);
  std::string spaced = folded; // "gang scheduling" and "gang-scheduling" as "gang_scheduling"
  std::replace_if(
      spaced.begin(), spaced.end(), [](char c) { return c == ' ' || c == '-'; }, '_');
  for (const auto& [said, meant] : synonyms)
    if (spaced == said && std::find(candidates.begin(), candidates.end(), meant) != candidates.end())
      return meant;
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::string best;
  std::size_t best_distance = limit + 1;
  bool tied = false;
  for (const std::string& c : candidates) {
    if (c.size() > word.size() + limit || word.size() > c.size() + limit)
      continue;
    const std::size_t bound = best_distance - (ties == Ties::none ? 0 : 1);
    if (bag_distance(folded, c) > bound) // so is distance(): the candidate changes nothing below
      continue;
    const std::size_t d = distance(folded, c, bound);
    if (d < best_distance) {
      best = c;
      best_distance = d;
      tied = false;
    } else if (d == best_distance && c != best) {
      tied = true;
    }
  }
  if (!best.empty())
    return tied && ties == Ties::none ? "" : best;
  // A name cut short at a word boundary (hostile pass of 2026-12-07: "launch.chunk" got no suggestion).
  std::string prefixed;
  for (const std::string& c : candidates)
    if (c.size() > folded.size() && lower(c.substr(0, folded.size())) == folded &&
        (c[folded.size()] == '_' || c[folded.size()] == '.')) {
      if (!prefixed.empty() && prefixed != c)
        return ""; // more than one: no guess
      prefixed = c;
    }
  return prefixed;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates, Ties ties,
                         const Synonyms& synonyms)
{
  const std::string c = closest(word, candidates, ties, synonyms);
  return c.empty() ? "" : " (did you mean '" + c + "'?)";
}

} // namespace bcssim::sim
