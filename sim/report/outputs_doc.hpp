#pragma once
// docs/outputs.md: every file a run or a study writes and the unit and meaning of every column, from the
// declarations beside the writers (sim/output/output_catalogue.hpp); and the check that holds the committed
// results to them (`bcssim docs` fails naming an undeclared table or column).
#include <filesystem>
#include <string>

namespace bcssim::sim::report {

std::string outputs_markdown();

/// Every CSV under root/results: each column declared for that file by the run, the study or the folder's kind.
/// Throws std::runtime_error naming the file and the column otherwise.
void check_tables(const std::filesystem::path& root);

} // namespace bcssim::sim::report
