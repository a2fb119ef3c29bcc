// docs/trace-format.md and the trace reader tested against each other (issue 66 part 4): every example line of the
// page parses, every refused example is refused with the message the page gives, every action the reader knows
// (and every traced action it refuses) is documented, and the page's datatype table is the reader's.
#include "apps/replay/trace.hpp"
#include "base/params.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace bcssim::apps::replay;

namespace {

std::string page()
{
  std::ifstream in(std::string(BCSSIM_SOURCE_DIR) + "/docs/trace-format.md");
  REQUIRE(in);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The lines of every fenced block of `language` (```trace, ```trace-refused).
std::vector<std::string> block_lines(const std::string& text, const std::string& language)
{
  std::vector<std::string> out;
  std::istringstream in(text);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      inside = !inside && line == "```" + language;
      continue;
    }
    if (inside && !line.empty())
      out.push_back(line);
  }
  return out;
}

constexpr int kRanks = 4; // "Each example below is of a trace of 4 ranks."

void parse(const std::string& line)
{
  std::uint64_t type = 1;
  Action a;
  parse_line(line, "doc.txt", 1, 0, kRanks, false, type, a);
}

} // namespace

TEST_CASE("every example line of docs/trace-format.md parses, and covers every action the reader knows")
{
  const std::string text = page();
  const std::vector<std::string> examples = block_lines(text, "trace");
  REQUIRE(examples.size() >= 35);
  std::set<std::string> shown;
  for (const std::string& line : examples) {
    CAPTURE(line);
    CHECK_NOTHROW(parse(line));
    std::istringstream fields(line);
    std::string rank, action;
    fields >> rank >> action;
    shown.insert(action);
  }
  std::istringstream known(supported_actions());
  for (std::string name; std::getline(known, name, ',');) {
    name.erase(0, name.find_first_not_of(' '));
    CAPTURE(name);
    CHECK(shown.count(name) == 1);                             // an example of it
    CHECK(text.find("| `" + name + "`") != std::string::npos); // a row of the action tables
  }
  for (const std::string& name : traced_not_replayable()) {
    CAPTURE(name);
    CHECK(text.find("`" + name + "`") != std::string::npos);
  }
}

TEST_CASE("every refused example of docs/trace-format.md is refused with the message the page gives")
{
  const std::vector<std::string> refused = block_lines(page(), "trace-refused");
  REQUIRE(refused.size() >= 8);
  for (const std::string& entry : refused) {
    CAPTURE(entry);
    const auto arrow = entry.find(" -> ");
    REQUIRE(arrow != std::string::npos);
    const std::string line = entry.substr(0, arrow), said = entry.substr(arrow + 4);
    std::string message;
    try {
      parse(line);
    } catch (const bcssim::base::ParamRuleError& e) {
      message = e.what();
    }
    CAPTURE(message);
    CHECK(message.find(said) != std::string::npos);
  }
}

TEST_CASE("the datatype table of docs/trace-format.md is the reader's")
{
  const std::string text = page();
  const std::string table = text.substr(text.find("## Datatypes"), text.find("## Checks") - text.find("## Datatypes"));
  // Cells "| 12 (`MPI_UNSIGNED_LONG`) | 8 " or "| 20 | 8 ".
  const std::regex cell(R"(\| (\d+)(?: \(`[A-Z_]+`\))? \| (\d+) )");
  std::set<long> ids;
  for (auto it = std::sregex_iterator(table.begin(), table.end(), cell); it != std::sregex_iterator(); ++it) {
    const long id = std::stol((*it)[1]);
    CAPTURE(id);
    REQUIRE(datatype_size(id).has_value());
    CHECK(*datatype_size(id) == std::stoull((*it)[2]));
    ids.insert(id);
  }
  CHECK(ids.size() == 60); // 0 to 59, each once
  CHECK_FALSE(datatype_size(60).has_value());
  CHECK_FALSE(datatype_size(-1).has_value());
}
