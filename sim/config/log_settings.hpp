#pragma once
// `bcssim run --log SETTING`: SimGrid's log settings, checked before anything is created. SimGrid 3.32 parses
// them inside the engine's constructor (src/xbt/log.cpp, _xbt_log_parse_setting) and aborts the process on a
// malformed one (xbt_assert / xbt_die: SIGABRT, a temp folder left), throws on an unknown level, and aborts at
// the first message a bad layout format meets (xbt_log_layout_format.cpp). This accepts what SimGrid accepts:
//   "no_loc", or settings separated by spaces (quotes '…' "…" and \-escapes as boost's escaped_list_separator),
//   each CATEGORY.OPTION:VALUE (or =VALUE), CATEGORY a log category that exists (letters, digits, _; bcssim's may
//   be written with dots, mpi.quadrics), OPTION a prefix of
//   threshold (VALUE: none trace debug verbose info warning error critical, any case), additivity (on off yes
//   no 1 0), appender (stderr, stdout, file:NAME, rollfile:SIZE:NAME, splitfile:SIZE:NAME, in a folder that
//   exists) or fmt (text with %-conversions %% %n %e %c %p %h %t %P %a %i %F %l %L %M %d %r %m, each with an
//   optional width and .precision).
#include <string>
#include <vector>

namespace bcssim::sim {

/// Throws ScenarioError("--log", setting, what is allowed) unless SimGrid 3.32 takes `setting` without failing,
/// and unless each file it names is new, empty or a log an earlier bcssim run wrote: SimGrid empties the file it
/// opens, so a user's file there would be lost (issue 45).
void check_log_setting(const std::string& setting);

/// The setting as SimGrid takes it: a bcssim category written with dots (mpi.quadrics.thres:debug) becomes its
/// identifier (mpi_quadrics.thres:debug; base/log_tree.hpp).
std::string to_simgrid(const std::string& setting);

/// The files a setting's appenders write (file:, rollfile: and splitfile: names), for a check and the mark.
std::vector<std::string> log_files(const std::string& setting);

/// Marks the log files of `settings` that exist as bcssim's (the extended attribute user.bcssim = "log"), so that
/// a later run may overwrite them; on a file system without extended attributes they stay unmarked (refused).
void mark_log_files(const std::vector<std::string>& settings);

} // namespace bcssim::sim
