// One way to read a parameter (issue 44 part 2): model and front-end code builds a typed spec from its group
// (`scenario.spec(group)`), never reads a declared parameter back by its path string (`sc.quantity("a.b")`), which
// a renamed or retyped parameter breaks only at run time. The scenario language itself (sim/config/) reads by path,
// and so may an application's registration its own section (apps/<name>/ reading "<name>.*"). The few reads left
// are listed below with why; this test fails on a new one.
#include "source_lines.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

namespace fs = std::filesystem;

namespace {

// file, path: each read by string that stays, and why.
const std::set<std::pair<std::string, std::string>> kAllowed = {
    // The pair is checked for its length as written (two nodes) before the typed spec, which takes two numbers.
    {"sim/kinds/microbench/kind.cpp", "microbench.pair"},
    {"sim/kinds/mpi_microbench/kind.cpp", "mpi_microbench.pair"},
};

} // namespace

TEST_CASE("parameters are read through their typed groups, not by path strings")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  static const std::regex read(
      R"re(\.(quantity|quantities|text|texts|integer|integers|real|flag|value)\("([a-z_]+)\.([a-z_.]+)"\))re");
  std::set<std::pair<std::string, std::string>> found;
  bcssim::test::for_each_source_line(root, [&](const std::string& rel, int, const std::string& line) {
    if (rel.rfind("sim/config/", 0) == 0)
      return;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), read); it != std::sregex_iterator(); ++it) {
      const std::string section = (*it)[2].str(), path = section + "." + (*it)[3].str();
      if (rel.rfind("apps/", 0) == 0 && rel.find("/" + section) != std::string::npos)
        continue; // an application reading its own section (apps/sage_proxy reads "sage.*")
      found.insert({rel, path});
    }
  });
  for (const auto& read : found) { // (not a structured binding: clang 14's INFO cannot capture one)
    INFO(read.first << " reads \"" << read.second
                    << "\" by its path: build the spec of its group instead (scenario.spec(...))");
    CHECK(kAllowed.count(read) == 1);
  }
  for (const auto& allowed : kAllowed) {
    INFO("no longer read by path (remove it from kAllowed): " << allowed.first << " " << allowed.second);
    CHECK(found.count(allowed) == 1);
  }
}
