#pragma once
// The Standard Workload Format of the Parallel Workloads Archive (Chapin, Cirne, Feitelson et al.; version 2.2,
// https://www.cs.huji.ac.il/labs/parallel/workload/swf.html): header comments (lines starting with ';', "; Key:
// value" for the header fields), then one job per line of 18 whitespace-separated numbers, -1 where unknown. The
// reader checks the syntax (18 numbers, integers where the format has integers) and names the file, line and
// field of what is wrong; what a job must satisfy to run on a machine is the caller's (sim/kinds/workload).
#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bcssim::workloads {

struct SwfJob {
  std::int64_t number = -1;          // 1  job number
  double submit = -1;                // 2  submit time, s
  double wait = -1;                  // 3  wait time, s
  double run = -1;                   // 4  run time, s
  std::int64_t procs = -1;           // 5  number of allocated processors
  double cpu = -1;                   // 6  average CPU time used, s
  double memory = -1;                // 7  used memory, KB per processor
  std::int64_t requested_procs = -1; // 8  requested number of processors
  double requested_time = -1;        // 9  requested time (the user's runtime estimate), s
  double requested_memory = -1;      // 10 requested memory, KB per processor
  std::int64_t status = -1;          // 11 1 completed, 0 failed, 5 cancelled
  std::int64_t user = -1;            // 12
  std::int64_t group = -1;           // 13
  std::int64_t executable = -1;      // 14
  std::int64_t queue = -1;           // 15 (0: interactive)
  std::int64_t partition = -1;       // 16
  std::int64_t preceding = -1;       // 17 preceding job number
  double think = -1;                 // 18 think time from the preceding job, s

  /// The processors the job ran on: the allocated ones, else (unknown: -1) the requested ones.
  std::int64_t processors() const { return procs > 0 ? procs : requested_procs; }
  std::uint64_t line = 0; // where it was read (1-based; 0: not read from a file)
};

/// What a workload file may hold, so that reading one is bounded in memory (about 150 bytes per job read, and a
/// run's jobs about 300 bytes each: docs/model.md): more job lines, or more comment and header lines, is an
/// SwfError naming the line past the limit. The Parallel Workloads Archive's longest logs hold about 500,000 jobs.
inline constexpr std::size_t kMaxSwfJobs = 1000000;
inline constexpr std::size_t kMaxSwfCommentLines = 100000;

struct Swf {
  std::vector<std::pair<std::string, std::string>> header; // "; Key: value" lines, in order
  std::vector<std::string> comments;                       // other ';' lines, without the ';'
  std::vector<SwfJob> jobs;                                // in file order
  /// The header's value of `key` ("" if absent).
  std::string header_value(const std::string& key) const;
};

/// A line that is not SWF: "FILE:LINE: field N (name) = VALUE: expected ALLOWED". VALUE (and value()) shows a
/// control byte as \xNN, a NUL included: the message is whole wherever it is printed.
class SwfError : public std::runtime_error {
public:
  SwfError(const std::string& file, std::uint64_t line, const std::string& field, const std::string& value,
           const std::string& allowed);
  const std::string& file() const { return file_; }
  std::uint64_t line() const { return line_; }
  const std::string& field() const { return field_; }
  const std::string& value() const { return value_; }
  const std::string& allowed() const { return allowed_; }

private:
  std::string file_, field_, value_, allowed_;
  std::uint64_t line_;
};

/// "field 4 (run time)": how errors name field `index` (1-18).
std::string swf_field(int index);

/// The workload in `path`: plain text, gzip or xz (the archive ships .swf.gz). Throws SwfError (a bad line, or
/// an unreadable file with line 0). `max_jobs` > 0: only the file's first `max_jobs` jobs are read (the lines
/// after them are neither read nor checked), so that a file over the job cap can still give its first jobs.
Swf read_swf(const std::string& path, std::size_t max_jobs = 0);
/// The same from text in memory; `name` stands for the file in errors.
Swf parse_swf(std::string_view text, const std::string& name);
/// Writes `swf` as SWF: its header and comments, then one line per job (whole numbers without decimals).
void write_swf(std::ostream& out, const Swf& swf);

} // namespace bcssim::workloads
