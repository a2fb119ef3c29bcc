// Sources: SimGrid 3.32's SMPI (smpirun -trace-ti, smpirun -replay; src/smpi/internals/smpi_replay.cpp).
#include "apps/replay/app.hpp"

#include "apps/replay/message_ledger.hpp"
#include "apps/replay/otf2_anchor.hpp"
#include "apps/replay/replay.hpp"
#include "apps/replay/trace_checksums.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <memory>

namespace bcssim::apps::replay {
namespace fs = std::filesystem;
namespace {

struct Input {
  std::string trace;
  std::string checksums;
  Settings settings;
};

const base::ParamGroup<Input>& params()
{
  static const base::ParamGroup<Input> g = [] {
    base::ParamGroup<Input> g("replay");
    g.add(
        base::text_decl("trace", "traces/sweep3d-2.2b/config-A-16/sweep3d-A-16.txt",
                        "The SimGrid 3.32 time-independent trace to replay (smpirun -trace-ti), relative to the "
                        "working directory: its index file (one rank file per line, each relative to the index's "
                        "folder, else to the working directory) or one file of rank-prefixed actions; any file "
                        "may be gzip- or xz-compressed. Its rank count is app.processes, unless the scenario sets "
                        "that (then they must be equal); its file name (without .gz, .xz and one more extension; "
                        "for SMPI's default smpi_simgrid.txt, an index.txt or Score-P's traces.otf2, its folder's) is "
                        "the scenario's name unless the scenario sets one. Or an OTF2 archive's anchor file "
                        "(Score-P's traces.otf2): converted as `bcssim convert` converts it, at "
                        "replay.host_speed, into a temporary folder removed when bcssim ends (an archive with calls "
                        "the format cannot hold is refused: `bcssim convert --skip-unsupported` leaves them out).",
                        "scenario choice; default: the real SWEEP3D's 16-rank trace the repository carries "
                        "(traces/README.md)"),
        [](Input& in, const base::ParamValue& v) { in.trace = v.word(); });
    g.add(base::text_decl("checksums", "",
                          "A checksum file of the trace as `xxhsum -H2` writes it (XXH3-128 per file, paths relative "
                          "to the checksum file's folder), relative to the working directory: every file the replay "
                          "reads must be listed there and match, checked before the run. Empty: not checked.",
                          "scenario choice; the shipped traces' are traces/*/XXH128SUMS (traces/README.md)"),
          [](Input& in, const base::ParamValue& v) { in.checksums = v.word(); });
    g.add(base::quantity_decl("host_speed", base::Quantity::frequency, "1GHz", 1, 1e18,
                              "The speed, in flop/s written as a frequency, the trace's compute amounts were counted "
                              "at: SMPI's smpi/host-speed when it was recorded. A burst of F flops took F / "
                              "host_speed seconds on the recording host, and takes replay.compute_scale x F / "
                              "host_speed seconds of the simulated PE.",
                              "traces/README.md (the shipped traces: smpi/host-speed:1Gf)"),
          [](Input& in, const base::ParamValue& v) { in.settings.host_speed = v.number(); });
    g.add(base::real_decl("compute_scale", 1, 0, 1e6,
                          "What-if factor on every computation burst of the trace: how many times longer the "
                          "simulated PE takes than the recording host (1 = as recorded; 0 = communication only).",
                          "scenario choice (docs/model.md: a Pentium III is not a modern core scaled by clock)"),
          [](Input& in, const base::ParamValue& v) { in.settings.compute_scale = v.number(); });
    return g;
  }();
  return g;
}

// The time-independent trace replay.trace names, or the one its OTF2 archive converts into (otf2_anchor.hpp).
std::string trace_file(const Input& in)
{
  if (!names_otf2(in.trace))
    return in.trace;
  if (!in.checksums.empty())
    throw base::ParamRuleError(base::ParamError{
        "replay.checksums", fmt::format("\"{}\"", in.checksums),
        "empty with replay.trace naming an OTF2 archive (the checksums are of a time-independent trace's files: "
        "convert the archive with `bcssim convert`, whose folder has them, to check it)"});
  return otf2_trace(in.trace, in.settings.host_speed);
}

// The trace's layout, held to the job: as many ranks as app.processes.
Layout layout_for(const Input& in, const JobContext& job, const base::ParamSource& source)
{
  Layout layout = read_layout(trace_file(in));
  if (unsigned(layout.ranks) != job.ranks)
    throw base::ParamRuleError(base::ParamError{
        "app.processes", source.shown("app.processes"),
        fmt::format("{}, the rank count of the trace replay.trace = \"{}\" ({}leave app.processes out to take the "
                    "trace's)",
                    layout.ranks, in.trace,
                    source.shown("app.processes") == "0"
                        ? fmt::format("app.processes 0 = every PE, here {}; ", job.ranks)
                        : std::string())});
  return layout;
}

std::optional<base::ParamError> check_job(const base::ParamSource& source, const JobContext& job)
{
  const Input in = params().build(source);
  try {
    const Layout layout = layout_for(in, job, source);
    if (!in.checksums.empty())
      verify_checksums(layout, in.checksums);
    validate(layout, in.settings);
  } catch (const base::ParamRuleError& e) {
    return e.error;
  }
  return std::nullopt;
}

// The name a trace gives a scenario: its file's, without the compression's and one more extension ("ring.txt.gz":
// "ring"); for a name that says nothing of the program (SMPI's default, an index), its folder's.
std::string trace_name(const std::string& trace)
{
  fs::path file = fs::path(trace).filename();
  if (file.extension() == ".gz" || file.extension() == ".xz")
    file = file.stem();
  std::string name = file.stem().string();
  if (name == "smpi_simgrid" || name == "index" || name == "trace" || name == "traces") // Score-P: traces.otf2
    name = fs::path(trace).parent_path().filename().string();
  return name;
}

AppDefaults defaults(const base::ParamSource& source, bool ranks)
{
  AppDefaults d;
  const std::string trace = source.value("replay.trace").word();
  d.name = trace_name(trace);
  if (ranks) {
    try {
      d.processes = unsigned(read_layout(trace_file(params().build(source))).ranks);
    } catch (const std::exception&) { // unreadable, or no trace: check_job names the reason
    }
  }
  return d;
}

} // namespace

App app()
{
  return App{"replay",
             "a SimGrid time-independent trace of any MPI program (smpirun -trace-ti) replayed on the MPI "
             "(parameters replay.*)",
             base::declarations(params()),
             check_job,
             [](const base::ParamSource& source, const JobContext& job) -> mpi::RankMain {
               const Input in = params().build(source);
               auto layout = std::make_shared<const Layout>(layout_for(in, job, source));
               auto ledger = std::make_shared<MessageLedger>(layout); // the job's: its ranks run in one thread
               return [layout, ledger, settings = in.settings](mpi::Comm& c) {
                 ActionReader reader(*layout, c.rank());
                 run(c, reader, settings, *ledger);
               };
             },
             [](const base::ParamSource& source) {
               return std::filesystem::path(source.value("replay.trace").word()).filename().string();
             },
             [](const base::ParamSource& source, const JobContext& job) {
               const Input in = params().build(source);
               return busiest_rank_seconds(layout_for(in, job, source), in.settings);
             },
             [](const base::ParamSource& source, const JobContext& job) {
               return least_traffic(layout_for(params().build(source), job, source));
             },
             defaults};
}

} // namespace bcssim::apps::replay
