// The guides name the files a newcomer opens: docs/extending.md's walk-throughs and README's layout must not point
// at a file that moved (issue 44 part 5). Every `path/like/this` they quote that starts with a top-level folder of
// the repository exists; `name.*` or `name` stands for the files of that stem, `<kind>` for any name.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p)
{
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool exists_as_quoted(const fs::path& root, std::string path)
{
  if (const auto lt = path.find('<'); lt != std::string::npos) { // `apps/<name>/`: its parent folder;
    path = path.substr(0, lt);                                   // `scenarios/paper/nas-<k>.json`: a file so named
    if (!path.empty() && path.back() != '/') {
      const fs::path prefix = root / path;
      if (!fs::is_directory(prefix.parent_path()))
        return false;
      for (const auto& e : fs::directory_iterator(prefix.parent_path()))
        if (e.path().filename().string().rfind(prefix.filename().string(), 0) == 0)
          return true;
      return false;
    }
  }
  if (const auto glob = path.find("/*"); glob != std::string::npos) // `scenarios/**`: the folder
    path = path.substr(0, glob + 1);
  if (fs::exists(root / path))
    return true;
  // `storm/pe.*` or `storm/pe`: the files of that stem (a module's header and source).
  if (path.size() > 2 && path.substr(path.size() - 2) == ".*")
    path = path.substr(0, path.size() - 2);
  const fs::path stem = root / path;
  if (!fs::is_directory(stem.parent_path()))
    return false;
  for (const auto& e : fs::directory_iterator(stem.parent_path()))
    if (e.path().stem() == stem.filename())
      return true;
  return false;
}

void check_paths(const fs::path& root, const std::string& doc)
{
  const std::string text = slurp(root / doc);
  REQUIRE(!text.empty());
  static const std::regex quoted("`((?:apps|base|bcs|docs|mpi|models|results|scenarios|scripts|sim|storm|tests|"
                                 "workloads|bench)/[A-Za-z0-9_./<>*-]*)`");
  std::set<std::string> seen;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), quoted); it != std::sregex_iterator(); ++it)
    seen.insert((*it)[1].str());
  CHECK(seen.size() >= 10);
  for (const std::string& p : seen) {
    INFO(doc << " names `" << p << "`");
    CHECK(exists_as_quoted(root, p));
  }
}

} // namespace

TEST_CASE("every path the guides quote exists (docs/extending.md, docs/model.md, README.md, docs/testing.md)")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  check_paths(root, "docs/extending.md");
  check_paths(root, "docs/model.md");
  check_paths(root, "README.md");
  check_paths(root, "docs/testing.md");
}
