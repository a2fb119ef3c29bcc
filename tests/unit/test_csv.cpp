// RFC 4180 CSV as every results table is written and read (issue 67 item 5).
#include "sim/config/scenario.hpp"
#include "sim/output/csv.hpp"
#include "sim/output/csv_table.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace bcssim::sim;
namespace fs = std::filesystem;

namespace {
using Cells = std::vector<std::string>;

std::vector<Cells> cells_of(const std::string& text)
{
  std::vector<Cells> out;
  for (const CsvRecord& r : csv_records(text, "t.csv"))
    out.push_back(r.cells);
  return out;
}
} // namespace

TEST_CASE("a cell is quoted only when it must be: plain tables keep their bytes")
{
  CHECK(csv_cell("ring.txt") == "ring.txt");
  CHECK(csv_cell("") == "");
  CHECK(csv_cell("0.000732691") == "0.000732691");
  CHECK(csv_cell("two words") == "two words");
  CHECK(csv_cell("a,b.txt") == "\"a,b.txt\"");
  CHECK(csv_cell("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_cell("two\nlines") == "\"two\nlines\"");
  CHECK(csv_cell("cr\r") == "\"cr\r\"");
  CHECK(csv_row({"replay", "a,b.txt", "quadrics", "4"}) == "replay,\"a,b.txt\",quadrics,4");
}

TEST_CASE("records read back what csv_row wrote, whatever the cells hold")
{
  const std::vector<Cells> table = {
      {"app", "variant", "mpi"}, {"replay", "a,b.txt", "bcs"}, {"replay", "say \"hi\"\nthen,go", ""}, {"", "", ""}};
  std::string text;
  for (const Cells& row : table)
    text += csv_row(row) + "\n";
  CHECK(cells_of(text) == table);
  const std::vector<CsvRecord> records = csv_records(text, "t.csv");
  REQUIRE(records.size() == 4);
  CHECK(records[2].line == 3);
  CHECK(records[3].line == 5); // the quoted line end moved it down one
  // CRLF line ends, an empty line, no line end at the end.
  CHECK(cells_of("a,b\r\n\r\n\"c\",d") == std::vector<Cells>{{"a", "b"}, {"c", "d"}});
  CHECK(cells_of("") == std::vector<Cells>{});
}

TEST_CASE("what RFC 4180 does not allow is refused naming the file and line")
{
  CHECK_THROWS_WITH_AS(csv_records("a,b\nc,\"d\n", "t.csv"),
                       doctest::Contains("t.csv:2 = c,\"d: expected RFC 4180 CSV, as bcssim writes it: a quoted cell "
                                         "closed by a double quote"),
                       ScenarioError);
  CHECK_THROWS_WITH_AS(csv_records("a,b\nc,d\"e\n", "t.csv"),
                       doctest::Contains("t.csv:2 = c,d\"e: expected RFC 4180 CSV, as bcssim writes it: a cell "
                                         "holding a double quote to be quoted"),
                       ScenarioError);
  CHECK_THROWS_WITH_AS(csv_records("\"a\"b,c\n", "t.csv"), doctest::Contains("after a quoted cell's closing quote"),
                       ScenarioError);
}

TEST_CASE("read_csv takes whole records: a quoted comma or line end is one cell, and rows keep their lines")
{
  const fs::path file = fs::temp_directory_path() / "bcssim-unit-csv-table.csv";
  std::ofstream(file) << "app,variant,time_s\nreplay,\"a,b\nc.txt\",1.5\nreplay,plain,2\n";
  const report::Csv csv = report::read_csv(file, "test");
  CHECK(csv.header == Cells{"app", "variant", "time_s"});
  REQUIRE(csv.rows.size() == 2);
  CHECK(csv.rows[0][1] == "a,b\nc.txt");
  CHECK(csv.row_lines == std::vector<std::size_t>{2, 4});
  std::ofstream(file) << "a,b\n1,2,3\n";
  CHECK_THROWS_WITH_AS(report::read_csv(file, "test"), doctest::Contains(":2 = 1,2,3: expected a row of 2 cells"),
                       ScenarioError);
  fs::remove(file);
  CHECK(report::split_csv_line("x,\"a \"\"b\"\", c\",y") == Cells{"x", "a \"b\", c", "y"});
}
