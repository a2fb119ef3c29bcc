#include "sim/scenario.hpp"

#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "bcs/mds/emds.hpp"
#include "sim/params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

namespace bcssim::sim {
namespace {

std::string join_path(const std::string& prefix, const std::string& key)
{
  return prefix.empty() ? key : prefix + "." + key;
}

// Walks the user's JSON: every key must be a section or a parameter; every parameter value must fit its spec.
void check_tree(const nlohmann::json& node, const std::string& prefix, std::map<std::string, nlohmann::json>& out)
{
  if (!node.is_object())
    throw ScenarioError(prefix.empty() ? "(root)" : prefix, node.dump(),
                        "an object with keys: " + fmt::format("{}", fmt::join(section_keys(prefix), ", ")));
  for (const auto& [key, value] : node.items()) {
    const std::string path = join_path(prefix, key);
    if (const ParamSpec* spec = find_param(path)) {
      if (auto allowed = check_value(*spec, value))
        throw ScenarioError(path, value.dump(), *allowed);
      out[path] = value;
    } else if (is_section(path)) {
      check_tree(value, path, out);
    } else {
      std::vector<std::string> allowed = section_keys(prefix);
      if (prefix.empty()) // expanded by sim/study.cpp before a point is resolved
        allowed.insert(std::lower_bound(allowed.begin(), allowed.end(), "sweep"), "sweep");
      throw ScenarioError(path, value.dump(),
                          fmt::format("no such key; allowed here: {}", fmt::join(allowed, ", ")));
    }
  }
}

void apply_set(nlohmann::json& user, const std::string& assignment)
{
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ScenarioError("--set " + assignment, "\"" + assignment + "\"", "path=value, e.g. platform.nodes=16");
  const std::string path = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  check_utf8_assignment(path, text); // before anything shows them
  if (find_param(path) == nullptr)
    throw ScenarioError(path, nlohmann::json(text).dump(), "a parameter path (see `bcssim params`)");
  const nlohmann::json value = parse_set_value(path, text);
  nlohmann::json* node = &user;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (dot == std::string::npos) {
      (*node)[key] = value;
      return;
    }
    nlohmann::json& child = (*node)[key];
    if (child.is_null())
      child = nlohmann::json::object();
    if (!child.is_object())
      throw ScenarioError(path.substr(0, dot), child.dump(), "an object");
    node = &child;
    start = dot + 1;
  }
}

std::string show(const nlohmann::json& v) { return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

} // namespace

nlohmann::json Scenario::read(const std::string& file)
{
  if (std::filesystem::is_directory(file))
    throw ScenarioError("(file)", "\"" + file + "\"", "a scenario file; this is a folder");
  std::ifstream in(file);
  if (!in)
    throw ScenarioError("(file)", "\"" + file + "\"", "a readable scenario file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  nlohmann::json user;
  try {
    user = parse_user_json(buffer.str()); // depth, duplicate keys and numbers checked (sim/json_limits.hpp)
  } catch (const nlohmann::json::parse_error& e) {
    throw ScenarioError("(root)", "<malformed JSON>", std::string("valid JSON; ") + e.what());
  }
  return user;
}

Scenario Scenario::load(const std::string& file, const std::vector<std::string>& sets)
{
  return resolve(read(file), sets, std::filesystem::path(file).stem().string());
}

Scenario Scenario::resolve(nlohmann::json user, const std::vector<std::string>& sets, const std::string& default_name)
{
  if (!user.is_object())
    throw ScenarioError("(root)", user.dump(), "an object");
  for (const auto& s : sets)
    apply_set(user, s);
  std::map<std::string, nlohmann::json> given;
  check_tree(user, "", given);

  Scenario sc;
  for (const ParamSpec& p : catalog())
    sc.values_[p.path] = p.default_value;
  sc.values_["name"] = default_name;
  const std::string preset_name =
      given.count("platform.preset") ? given["platform.preset"].get<std::string>() : "crescendo";
  for (const PresetValue& v : find_preset(preset_name)->values)
    sc.values_[v.path] = v.value;
  if (given.count("noise.preset") && given["noise.preset"] == "daemon") {
    sc.values_["noise.cpu.period"] = "1s";   // assumed: once per second (noise.preset's doc)
    sc.values_["noise.cpu.duration"] = "10ms"; // 003 §5.3.2: one OS quantum
  }
  for (auto& [path, value] : given)
    sc.values_[path] = value;

  // Names become folder names.
  sc.name_ = sc.values_["name"].get<std::string>();
  for (char ch : sc.name_)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '_' || ch == '-') || sc.name_[0] == '.')
      throw ScenarioError("name", show(sc.values_["name"]),
                          "letters, digits, '.', '_' and '-' only, not starting with '.'");

  // The tree: levels may be "auto"; nodes must fit.
  const auto k = sc.integer("platform.tree.arity");
  const auto nodes = sc.integer("platform.nodes");
  auto capacity = [k](std::int64_t n) { return std::pow(double(k), double(n)); };
  if (sc.values_["platform.tree.levels"].is_string()) {
    std::int64_t n = 1;
    while (capacity(n) < double(nodes))
      ++n;
    sc.values_["platform.tree.levels"] = n;
  }
  const auto levels = sc.integer("platform.tree.levels");
  if (capacity(levels) > 16777216.0)
    throw ScenarioError("platform.tree.levels", show(levels),
                        fmt::format("a tree of at most 2^24 nodes (platform.tree.arity = {})", k));
  if (double(nodes) > capacity(levels))
    throw ScenarioError("platform.nodes", show(nodes),
                        fmt::format("at most {} = {}^{}, the capacity of the tree (platform.tree.arity = {}, "
                                    "platform.tree.levels = {})",
                                    capacity(levels), k, levels, k, levels));
  nlohmann::json& cables = sc.values_["platform.tree.cable_length"];
  if (!cables.is_array())
    cables = nlohmann::json::array({cables});
  if (cables.size() == 1)
    cables = nlohmann::json(std::vector<nlohmann::json>(std::size_t(levels), cables[0]));
  if (cables.size() != std::size_t(levels))
    throw ScenarioError("platform.tree.cable_length", show(cables),
                        fmt::format("one length, or one per level ({} levels)", levels));

  // Microbenchmark pair: two distinct existing nodes.
  nlohmann::json& pair = sc.values_["microbench.pair"];
  if (!pair.is_array() || pair.size() != 2 || pair[0] == pair[1] || pair[0].get<std::int64_t>() >= nodes ||
      pair[1].get<std::int64_t>() >= nodes)
    throw ScenarioError("microbench.pair", show(pair),
                        fmt::format("two distinct node numbers below platform.nodes = {}", nodes));
  for (const ParamSpec& spec : catalog()) // a single value stands for a list of one
    if (spec.list && !sc.values_[spec.path].is_array())
      sc.values_[spec.path] = nlohmann::json::array({sc.values_[spec.path]});
  for (const auto& n : sc.values_["microbench.collective_nodes"])
    if (n.get<std::int64_t>() > nodes)
      throw ScenarioError("microbench.collective_nodes", show(sc.values_["microbench.collective_nodes"]),
                          fmt::format("set sizes from 2 to platform.nodes = {}", nodes));

  for (const char* where : {"cpu", "nic"}) { // a detour and its jitter fit in the period
    const std::string p = std::string("noise.") + where + ".";
    const double period = sc.quantity(p + "period");
    if (period > 0 && sc.quantity(p + "duration") <= 0)
      throw ScenarioError(p + "duration", show(sc.values_[p + "duration"]),
                          fmt::format("a positive time when {}period is set", p));
    if (period > 0 && sc.quantity(p + "duration") + sc.quantity(p + "jitter") > period)
      throw ScenarioError(p + "jitter", show(sc.values_[p + "jitter"]),
                          fmt::format("at most {}period - {}duration = {} s", p, p,
                                      period - sc.quantity(p + "duration")));
  }

  if (sc.integer("bcs.mds.emds_slices") > bcs::mds::kEmdsMaxSlices)
    throw ScenarioError("bcs.mds.emds_slices", show(sc.values_["bcs.mds.emds_slices"]),
                        fmt::format("at most {} slices: the EMDS keeps its records in NIC memory, and 000 §5.2.1 "
                                    "limits them to ten thousand slices to fit the Elan3's 64 MB",
                                    bcs::mds::kEmdsMaxSlices));
  for (const char* path : {"bcs.mds.emds_nodes", "bcs.mds.plot_node"}) // EMDS nodes exist
    for (const auto& n : sc.values_[path].is_array() ? sc.values_[path] : nlohmann::json::array({sc.values_[path]}))
      if (n.get<std::int64_t>() >= nodes)
        throw ScenarioError(path, show(sc.values_[path]), fmt::format("nodes below platform.nodes = {}", nodes));

  if (sc.integer("bcs.runtime.management_node") >= nodes)
    throw ScenarioError("bcs.runtime.management_node", show(sc.values_["bcs.runtime.management_node"]),
                        fmt::format("a node below platform.nodes = {}", nodes));

  // MPI microbenchmarks: the pair on two nodes, process counts that fit the machine, whole doubles to reduce.
  nlohmann::json& mpi_pair = sc.values_["mpi_microbench.pair"];
  if (mpi_pair.size() != 2 || mpi_pair[0] == mpi_pair[1] || mpi_pair[0].get<std::int64_t>() >= nodes ||
      mpi_pair[1].get<std::int64_t>() >= nodes)
    throw ScenarioError("mpi_microbench.pair", show(mpi_pair),
                        fmt::format("two distinct node numbers below platform.nodes = {}", nodes));
  const std::int64_t pes = sc.integer("platform.pes_per_node");
  if (nodes * pes > std::numeric_limits<int>::max()) // ranks are MPI ints in the models
    throw ScenarioError("platform.pes_per_node", show(sc.values_["platform.pes_per_node"]),
                        fmt::format("at most {} with platform.nodes = {}: the machine's PEs (and so the ranks of a "
                                    "job) must number at most 2^31 - 1",
                                    std::numeric_limits<int>::max() / nodes, nodes));
  const auto& processes = sc.values_["mpi_microbench.processes"];
  for (std::size_t i = 0; i < processes.size(); ++i)
    if (processes[i].get<std::int64_t>() > nodes * pes)
      throw ScenarioError(fmt::format("mpi_microbench.processes[{}]", i), show(processes[i]),
                          fmt::format("at most platform.nodes x platform.pes_per_node = {} x {} = {}", nodes, pes,
                                      nodes * pes));
  // Applications: the job fits the machine; SWEEP3D's grid and blocks fit the job.
  const std::int64_t app_ranks = sc.integer("app.processes") > 0 ? sc.integer("app.processes") : nodes * pes;
  if (app_ranks > nodes * pes)
    throw ScenarioError("app.processes", show(sc.values_["app.processes"]),
                        fmt::format("at most platform.nodes x platform.pes_per_node = {} x {} = {} (or 0: all)",
                                    nodes, pes, nodes * pes));
  if (sc.text("app.name") == "sweep3d") {
    const nlohmann::json& npe_i = sc.values_["sweep3d.npe_i"];
    if (npe_i.is_number_integer() && app_ranks % npe_i.get<std::int64_t>() != 0)
      throw ScenarioError("sweep3d.npe_i", show(npe_i),
                          fmt::format("a divisor of the {} processes (npe_j = processes / npe_i), or \"auto\"",
                                      app_ranks));
    if (sc.integer("sweep3d.mm") != 3 && sc.integer("sweep3d.mm") != 6)
      throw ScenarioError("sweep3d.mm", show(sc.values_["sweep3d.mm"]), "3 or 6 (sweep3d's angle sets)");
    if (sc.integer("sweep3d.mm") % sc.integer("sweep3d.mmi") != 0)
      throw ScenarioError("sweep3d.mmi", show(sc.values_["sweep3d.mmi"]),
                          fmt::format("a divisor of sweep3d.mm = {}", sc.integer("sweep3d.mm")));
    if (sc.text("sweep3d.cells") == "global") {
      int ni = 1, nj = 1;
      apps::sweep3d::square_grid(int(app_ranks), ni, nj);
      if (npe_i.is_number_integer())
        ni = int(npe_i.get<std::int64_t>());
      nj = int(app_ranks) / ni;
      for (const auto& [path, need] : {std::pair<const char*, int>{"sweep3d.it", ni}, {"sweep3d.jt", nj}})
        if (sc.integer(path) < need)
          throw ScenarioError(path, show(sc.values_[path]),
                              fmt::format("at least {} cells with sweep3d.cells = global: one per process of the "
                                          "{} x {} grid",
                                          need, ni, nj));
    }
  }
  if (sc.text("app.name") == "sage" && sc.integer("sage.exchanges") + sc.integer("sage.allreduces") == 0)
    throw ScenarioError("sage.allreduces", show(sc.values_["sage.allreduces"]),
                        "at least 1 when sage.exchanges = 0: a cycle ends its computation in one or the other");
  const auto tests = sc.texts("mpi_microbench.tests");
  const double collective_size = sc.quantity("mpi_microbench.collective_size");
  if (std::find(tests.begin(), tests.end(), "allreduce") != tests.end() && std::fmod(collective_size, 8.0) != 0)
    throw ScenarioError("mpi_microbench.collective_size", show(sc.values_["mpi_microbench.collective_size"]),
                        "a multiple of 8 B when allreduce runs (it reduces doubles)");
  return sc;
}

nlohmann::json Scenario::echo() const
{
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [path, value] : values_) {
    std::string pointer = "/" + path;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    out[nlohmann::json::json_pointer(pointer)] = value;
  }
  return out;
}

const nlohmann::json& Scenario::raw(const std::string& path) const { return values_.at(path); }
std::int64_t Scenario::integer(const std::string& path) const { return raw(path).get<std::int64_t>(); }
double Scenario::real(const std::string& path) const { return raw(path).get<double>(); }
bool Scenario::flag(const std::string& path) const { return raw(path).get<bool>(); }
std::string Scenario::text(const std::string& path) const { return raw(path).get<std::string>(); }

double Scenario::quantity(const std::string& path) const
{
  return *parse_quantity(find_param(path)->quantity, raw(path).get<std::string>());
}

std::vector<double> Scenario::quantities(const std::string& path) const
{
  std::vector<double> out;
  for (const auto& item : raw(path))
    out.push_back(*parse_quantity(find_param(path)->quantity, item.get<std::string>()));
  return out;
}

std::vector<std::int64_t> Scenario::integers(const std::string& path) const
{
  return raw(path).get<std::vector<std::int64_t>>();
}

std::vector<std::string> Scenario::texts(const std::string& path) const
{
  return raw(path).get<std::vector<std::string>>();
}

} // namespace bcssim::sim
