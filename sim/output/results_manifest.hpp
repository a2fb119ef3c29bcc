#pragma once
// What bcssim wrote in a results folder, so that `--force` (and `merge`) replaces a folder only when it holds
// nothing else (issue 45: a notes.txt the user added was deleted without a word). The manifest ".bcssim-manifest"
// lists every file and folder of the results, one relative path a line (a folder ends in "/"), sorted; it is
// written last, just before the folder is put in place, so it lists what that run wrote (gnuplot's images and a
// study's points included). A folder written before manifests existed is judged by the names bcssim wrote then.
#include <filesystem>
#include <string>
#include <vector>

namespace bcssim::sim {

inline constexpr const char* kManifest = ".bcssim-manifest";

/// The manifest of the results in `folder` as they are now (the marker and the manifest itself not listed).
std::string manifest_text(const std::filesystem::path& folder);

/// What in the results folder `folder` bcssim did not write, relative and sorted (a folder not listed is named
/// once, "notes/", without its content): the entries its manifest does not list or, for a folder without one, that
/// bear no name bcssim wrote before manifests existed (its points/NNNN/ judged the same way).
std::vector<std::string> foreign_entries(const std::filesystem::path& folder);

/// "notes.txt", "notes.txt and a/", "notes.txt, a/ and 3 more": the first entries of a list, for a message.
std::string some_of(const std::vector<std::string>& entries);

} // namespace bcssim::sim
