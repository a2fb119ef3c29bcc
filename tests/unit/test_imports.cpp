// Layers talk only downward (issue 44 part 3): every `#include "folder/..."` of the sources goes to a folder below
// the including one in the layer picture (README's layout; sim/CMakeLists.txt for sim's subfolders), and no two
// folders import each other, directly or round a loop. The one exception is a folder's registration: a parent
// folder may list its children (apps/registry.cpp, mpi/backends.cpp, sim/kinds/registry.cpp, ...), which import
// the parent's interface.
#include "source_lines.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The layers, lowest first: a folder may import those before it in its list.
const std::vector<std::string>& kTopLayers = bcssim::test::source_folders();
const std::vector<std::string> kSimLayers = {"config", "output", "machine", "kinds",  "catalogue",
                                             "driver", "study",  "record",  "report", "cli"};

struct Import {
  std::string from_dir; // "sim/config"
  std::string to_dir;   // "sim/kinds/app"
  std::string file;     // the including file, for messages
};

std::string parent_dir(const std::string& path)
{
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string component(const std::string& path, std::size_t index)
{
  std::size_t start = 0;
  for (std::size_t i = 0; i < index; ++i) {
    start = path.find('/', start);
    if (start == std::string::npos)
      return {};
    ++start;
  }
  return path.substr(start, path.find('/', start) - start);
}

bool is_within(const std::string& dir, const std::string& ancestor)
{
  return dir == ancestor || dir.rfind(ancestor + "/", 0) == 0;
}

std::vector<Import> imports(const fs::path& root)
{
  static const std::regex include(R"(^\s*#\s*include\s+"([^"]+)\")");
  std::vector<Import> out;
  bcssim::test::for_each_source_line(root, [&](const std::string& rel, int, const std::string& line) {
    std::smatch m;
    if (!std::regex_search(line, m, include))
      return;
    const std::string target = m[1].str();
    if (std::find(kTopLayers.begin(), kTopLayers.end(), component(target, 0)) != kTopLayers.end())
      out.push_back({parent_dir(rel), parent_dir(target), rel});
  });
  return out;
}

std::size_t rank_of(const std::vector<std::string>& layers, const std::string& name)
{
  return std::size_t(std::find(layers.begin(), layers.end(), name) - layers.begin());
}

} // namespace

TEST_CASE("imports go down the layers: top-level folders and sim's subfolders")
{
  const std::vector<Import> all = imports(fs::path(BCSSIM_SOURCE_DIR));
  REQUIRE(all.size() > 500);
  std::set<std::string> sim_folders_seen;
  for (const Import& i : all) {
    const std::string from_top = component(i.from_dir, 0), to_top = component(i.to_dir, 0);
    INFO(i.file << " imports " << i.to_dir << "/");
    CHECK(rank_of(kTopLayers, to_top) <= rank_of(kTopLayers, from_top));
    if (from_top == "sim" && to_top == "sim" && !i.from_dir.empty() && i.from_dir != "sim") {
      const std::string from_sub = component(i.from_dir, 1), to_sub = component(i.to_dir, 1);
      sim_folders_seen.insert(from_sub);
      REQUIRE(rank_of(kSimLayers, from_sub) < kSimLayers.size()); // a new sim/ folder takes its place in the list
      CHECK(rank_of(kSimLayers, to_sub) <= rank_of(kSimLayers, from_sub));
    }
  }
  CHECK(sim_folders_seen.size() == kSimLayers.size());
}

TEST_CASE("no two folders import each other, other than a parent registering its children")
{
  std::map<std::string, std::set<std::string>> edges;
  std::map<std::pair<std::string, std::string>, std::string> example;
  for (const Import& i : imports(fs::path(BCSSIM_SOURCE_DIR))) {
    if (i.from_dir == i.to_dir || is_within(i.to_dir, i.from_dir)) // its own folder, or its registration's child
      continue;
    edges[i.from_dir].insert(i.to_dir);
    example.emplace(std::make_pair(i.from_dir, i.to_dir), i.file);
  }
  // Depth-first search for a back edge: the loop it closes is reported with a file for each step.
  std::map<std::string, int> state; // 0 unseen, 1 on the path, 2 done
  std::vector<std::string> path;
  std::string loop;
  std::function<bool(const std::string&)> visit = [&](const std::string& dir) {
    state[dir] = 1;
    path.push_back(dir);
    for (const std::string& next : edges[dir]) {
      if (state[next] == 1) {
        const auto start = std::find(path.begin(), path.end(), next);
        for (auto it = start; it != path.end(); ++it) {
          const std::string& to = (it + 1 == path.end()) ? next : *(it + 1);
          loop += *it + " -> " + to + " (" + example[{*it, to}] + ")\n";
        }
        return true;
      }
      if (state[next] == 0 && visit(next))
        return true;
    }
    path.pop_back();
    state[dir] = 2;
    return false;
  };
  for (const auto& [dir, targets] : edges)
    if (state[dir] == 0 && visit(dir))
      break;
  INFO("import loop:\n" << loop);
  CHECK(loop.empty());
}
