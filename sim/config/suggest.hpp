#pragma once
// "Did you mean ...?" for a mistyped key, parameter path or subcommand: the closest candidate by edit distance
// (insertions, deletions, substitutions and swaps of neighbours), if it is close enough to be what was meant.
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

/// How closest() takes candidates equally close.
enum class Ties {
  first, // the first in `candidates`
  none,  // no suggestion: a guess among equals misleads ("1TB": B, kB, MB and GB are each one edit away)
};

/// Words the sources use for a candidate, each with the candidate ("gang scheduling" for "gs"): the plug-in that
/// owns the candidate declares them (base::ParamDecl::synonyms), blanks and '-' written as '_'.
using Synonyms = std::vector<std::pair<std::string, std::string>>;

/// A synonym of `word` among `synonyms` whose candidate is there; else the candidate closest to `word`, if its
/// distance, letter case aside, is at most a third of the word's length (at least 1, at most 3); else the one
/// candidate that `word` begins, up to a '_' or '.' of it ("launch.chunk" for "launch.chunk_size"); "" otherwise.
std::string closest(const std::string& word, const std::vector<std::string>& candidates, Ties ties = Ties::first,
                    const Synonyms& synonyms = {});
/// " (did you mean 'x'?)" for closest(word, candidates, ties, synonyms), or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates, Ties ties = Ties::first,
                         const Synonyms& synonyms = {});

} // namespace bcssim::sim
