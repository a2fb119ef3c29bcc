#pragma once
// The project's C++ sources line by line, for the tests that hold the code to a house rule (registered names,
// imports, typed parameters): every .cpp and .hpp under the top-level source folders.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace bcssim::test {

/// The top-level folders of the sources, lowest layer first (README's layout).
inline const std::vector<std::string>& source_folders()
{
  static const std::vector<std::string> tops = {"base", "models", "workloads", "bcs", "storm", "mpi", "apps", "sim"};
  return tops;
}

/// Calls `visit(rel, number, line)` for every line of every source file, `rel` its path from the repository's
/// root with forward slashes ("sim/config/scenario.cpp") and `number` from 1.
template <class Visit> void for_each_source_line(const std::filesystem::path& root, Visit visit)
{
  for (const std::string& top : source_folders())
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / top)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h"))
        continue;
      const std::string rel = std::filesystem::relative(e.path(), root).generic_string();
      std::ifstream in(e.path());
      std::string line;
      for (int n = 1; std::getline(in, line); ++n)
        visit(rel, n, line);
    }
}

} // namespace bcssim::test
