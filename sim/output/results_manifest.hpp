#pragma once
// What bcssim wrote in a results folder, so that `--force` (and `merge`) replaces a folder only when it holds
// nothing else (issue 45: a notes.txt the user added was deleted without a word). The manifest ".bcssim-manifest"
// lists every file and folder of the results, one relative path a line (a folder ends in "/"), sorted; it is
// written last, just before the folder is put in place, so it lists what that run wrote (gnuplot's images and a
// study's points included). A folder written before manifests existed is judged by the names bcssim wrote then.
// A gnuplot script's line also carries the XXH3-128 of the script as written, after a tab: "time.gp\txxh128:<hex>".
// `bcssim render` runs only scripts whose bytes still hash to it (issue 67: gnuplot runs whatever a script says,
// system() included, and a manifest of names alone let an edited time.gp run). Manifests of a bcssim before
// hashes list scripts without one: render takes those as unchecked. The files a study's merge reads of each point
// (merged_data) carry their hash too: merge refuses a point whose figures were edited after its run, and a resumed
// study runs such a point again (issue 67 item 7: a summary.json with app.time_s = -5 merged). The manifest is no
// signature: whoever may write the folder may rewrite it too; it tells bcssim's own files from ones added or edited
// beside them.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace bcssim::sim {

inline constexpr const char* kManifest = ".bcssim-manifest";

/// The manifest of the results in `folder` as they are now (the marker and the manifest itself not listed), each
/// gnuplot script with its hash.
std::string manifest_text(const std::filesystem::path& folder);

/// The entries the manifest of `folder` lists, each with the hash it records ("xxh128:<hex>"; "" for none); empty
/// when the folder has no manifest.
std::map<std::string, std::string> manifest_entries(const std::filesystem::path& folder);

/// True for the files of a results folder a study's merge reads (summary.json, runs.csv, digest, a workload's
/// jobs.csv and gantt.csv, at any depth): the manifest records their hash.
bool merged_data(const std::string& entry);
/// Those of them in `results` whose bytes no longer hash to what its manifest records, relative and sorted: edited
/// since bcssim wrote them (or listed without their hash where the manifest hashes others). Empty for a folder
/// without a manifest or of a bcssim before these hashes (unchecked).
std::vector<std::string> edited_data(const std::filesystem::path& results);

/// How a gnuplot script stands against the manifest of the results folder holding it.
enum class ScriptState {
  as_written, // listed, and its bytes hash to what the manifest records
  edited,     // listed, but its bytes are not those bcssim wrote
  unhashed,   // listed without a hash, or the folder has no manifest (a bcssim before hashes): unchecked
  unlisted,   // not in the manifest: bcssim did not write it
};
/// `relative`: the script's path inside `results`, a results folder.
ScriptState script_state(const std::filesystem::path& results, const std::string& relative);

/// Records in the manifest of `results` the hash of `relative` (a file under it that bcssim wrote again, e.g. a
/// study point's Gantt chart that merge redraws), adding the entry if missing. No manifest: nothing to keep true.
void note_rewritten(const std::filesystem::path& results, const std::string& relative);

/// Records in the manifest of `results` the hash of every gnuplot script it lists, as the script is now (`bcssim
/// render --record-hashes`: a user vouching for them). Returns how many lines changed; throws ScenarioError naming
/// `results` when it has no manifest.
std::size_t record_script_hashes(const std::filesystem::path& results);

/// What in the results folder `folder` bcssim did not write, relative and sorted (a folder not listed is named
/// once, "notes/", without its content): the entries its manifest does not list or, for a folder without one, that
/// bear no name bcssim wrote before manifests existed (its points/NNNN/ judged the same way).
std::vector<std::string> foreign_entries(const std::filesystem::path& folder);

/// "notes.txt", "notes.txt and a/", "notes.txt, a/ and 3 more": the first entries of a list, for a message.
std::string some_of(const std::vector<std::string>& entries);

} // namespace bcssim::sim
