#pragma once
// "Did you mean ...?" for a mistyped key, parameter path or subcommand: the closest candidate by edit distance
// (insertions, deletions, substitutions and swaps of neighbours), if it is close enough to be what was meant.
#include <string>
#include <vector>

namespace bcssim::sim {

/// The candidate closest to `word` (ties: the first in `candidates`), if its distance, letter case aside, is at most
/// a third of the word's length (at least 1, at most 3); a word the sources use for a candidate ("gang" for "gs"),
/// if that candidate is there; "" otherwise.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);
/// " (did you mean 'x'?)" for closest(word, candidates), or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

} // namespace bcssim::sim
