// "Did you mean ...?" (sim/config/suggest): the closest candidate within a third of the word's length.
#include "sim/config/params.hpp"
#include "sim/config/suggest.hpp"

#include <doctest/doctest.h>

#include <set>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

using bcssim::sim::closest;
using bcssim::sim::did_you_mean;
using bcssim::sim::Ties;

TEST_CASE("suggestions: typos, swaps and missing letters find their word; unrelated words find none")
{
  const std::vector<std::string> subcommands = {"run", "sweep", "merge", "verify", "validate", "params", "docs"};
  CHECK(closest("runn", subcommands) == "run");
  CHECK(closest("pramas", subcommands) == "params"); // two swaps... within 2 of 6 letters
  CHECK(closest("valdiate", subcommands) == "validate");
  CHECK(closest("xyzzyq", subcommands).empty());
  CHECK(closest("", subcommands).empty());
  CHECK(closest(std::string(1000, 'a'), subcommands).empty());
  CHECK(did_you_mean("platfrom", {"platform", "preset"}) == " (did you mean 'platform'?)");
  CHECK(did_you_mean("zzz", {"platform"}).empty());
}

TEST_CASE("suggestions: letter case does not count; the sources' words for a choice find it when it is there")
{
  const std::vector<std::string> presets = {"crescendo", "wolverine", "accelerando", "asci-q"};
  CHECK(closest("ASCI-Q", presets) == "asci-q");
  CHECK(closest("Crescendo", presets) == "crescendo");
  CHECK(closest("ASCIQ", presets) == "asci-q");
  // scheduler.algorithm's choices and the words the sources use for them, as storm declares them.
  const bcssim::sim::ParamSpec* decl = bcssim::sim::find_param("scheduler.algorithm");
  REQUIRE(decl != nullptr);
  const std::vector<std::string>& algorithms = decl->choices;
  auto meant = [&](const std::string& word) { return closest(word, algorithms, Ties::first, decl->synonyms); };
  CHECK(meant("gang") == "gs");
  CHECK(meant("gang scheduling") == "gs"); // the thesis's words, blanks and all (issue 67's re-check)
  CHECK(meant("Gang-Scheduling") == "gs");
  CHECK(meant("implicit") == "sb");
  CHECK(meant("implicit coscheduling") == "sb");
  CHECK(meant("first-come-first-served") == "fcfs");
  CHECK(meant("Gang") == "gs");
  CHECK(meant("spin-block") == "sb");
  CHECK(meant("buffered coscheduling") == "bcs");
  CHECK(closest("gang", algorithms).empty()); // the words are the plug-in's: none without its synonyms
  CHECK(closest("gang", presets, Ties::first, decl->synonyms).empty()); // only where its choice is a candidate
}

namespace {
// The optimal string alignment distance as a plain full table, letter case aside: what closest() must agree with
// however it cuts its work short (three rows, an early end past the best so far).
std::size_t reference_distance(std::string a, std::string b)
{
  for (auto* s : {&a, &b})
    for (char& c : *s)
      c = char(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i)
    d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j)
    d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}
} // namespace

TEST_CASE("suggestions: the closest word is the one the full distance table gives, on 20,000 random pairs (2,000 "
          "words, 10 candidates each)")
{
  // Words over a small alphabet (so that near misses, swaps and ties are common), seeded: the same on every run.
  std::uint64_t state = 12345;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  const auto word = [&] {
    std::string w(std::size_t(next() % 9), 'a');
    for (char& c : w)
      c = "abcAB.-"[next() % 7];
    return w;
  };
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string w = word();
    std::vector<std::string> candidates(10);
    for (auto& c : candidates)
      c = word();
    // closest(): the first candidate of least distance within the limit, and within the length window.
    const std::size_t limit = std::clamp<std::size_t>(w.size() / 3, 1, 3);
    std::string expected;
    std::size_t best = limit + 1;
    for (const std::string& c : candidates) {
      if (c.size() > w.size() + limit || w.size() > c.size() + limit)
        continue;
      if (const std::size_t d = reference_distance(w, c); d < best) {
        best = d;
        expected = c;
      }
    }
    // Else the one candidate w begins up to a '_' or '.' of it.
    if (expected.empty()) {
      std::set<std::string> begun;
      std::string lw = w;
      for (char& ch : lw)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
      for (const std::string& c : candidates) {
        std::string lc = c;
        for (char& ch : lc)
          ch = char(std::tolower(static_cast<unsigned char>(ch)));
        if (lc.size() > lw.size() && lc.compare(0, lw.size(), lw) == 0 && (c[lw.size()] == '_' || c[lw.size()] == '.'))
          begun.insert(c);
      }
      if (begun.size() == 1)
        expected = *begun.begin();
    }
    CAPTURE(w);
    CHECK(closest(w, candidates) == expected);
  }
}

TEST_CASE("suggestions: a name cut short at a word boundary finds the one it begins; units never guess among equals")
{
  const std::vector<std::string> launch = {"launch.binary_size", "launch.chunk_size", "launch.slots", "launch.load",
                                           "launch.load_message_size"};
  CHECK(closest("launch.chunk", launch) == "launch.chunk_size");
  CHECK(closest("launch.load_message", launch) == "launch.load_message_size");
  CHECK(closest("launch.binary", launch) == "launch.binary_size");
  CHECK(closest("launch.", launch).empty()); // begins them all
  const std::vector<std::string> sizes = {"B", "kB", "MB", "GB", "KiB", "MiB", "GiB"};
  CHECK(closest("TB", sizes) == "B");                           // the first of equals, where a choice is wanted
  CHECK(closest("TB", sizes, bcssim::sim::Ties::none).empty()); // B, kB, MB and GB are each one edit away
  CHECK(closest("Gib", sizes, bcssim::sim::Ties::none) == "GiB");
  CHECK(closest("mb", sizes, bcssim::sim::Ties::none) == "MB");
}
