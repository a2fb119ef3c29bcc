#include "sim/study/study.hpp"

#include "mpi/backend.hpp"
#include "sim/config/json_limits.hpp"
#include "sim/config/params.hpp"
#include "sim/config/suggest.hpp"
#include "sim/kinds/registry.hpp"
#include "sim/output/csv.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>

namespace bcssim::sim {
namespace {

std::string assignment(const std::string& path, const nlohmann::json& value) { return path + "=" + value.dump(); }

// "a + b" -> {"a", "b"}; a plain key -> itself.
std::vector<std::string> linked_paths(const std::string& key)
{
  std::vector<std::string> out;
  std::size_t from = 0;
  for (;;) {
    const std::size_t plus = key.find('+', from);
    std::string part = key.substr(from, plus == std::string::npos ? std::string::npos : plus - from);
    const auto first = part.find_first_not_of(' ');
    const auto last = part.find_last_not_of(' ');
    out.push_back(first == std::string::npos ? std::string() : part.substr(first, last - first + 1));
    if (plus == std::string::npos)
      return out;
    from = plus + 1;
  }
}

std::vector<SweepDimension> read_sweep(const nlohmann::json& sweep)
{
  if (!sweep.is_object() || sweep.empty())
    throw ScenarioError("sweep", sweep.dump(),
                        "an object mapping parameter paths to lists of values, e.g. "
                        "{\"app.processes\": [4, 8, 16]}");
  std::vector<SweepDimension> dims;
  std::map<std::string, std::string> swept_by; // each path: the sweep key that sweeps it
  std::size_t group = 0;
  for (const auto& [key, values] : sweep.items()) {
    const std::vector<std::string> paths = linked_paths(key);
    for (const std::string& path : paths) {
      // compare and replicates shape the study itself (its backends, its seeds): one value per study.
      const ParamSpec* spec = find_param(path);
      if (spec == nullptr || path == "name" || path == "kind" || path == "compare" || path == "replicates") {
        std::vector<std::string> sweepable;
        for (const ParamSpec& p : catalog())
          if (p.path != "name" && p.path != "kind" && p.path != "compare" && p.path != "replicates")
            sweepable.push_back(p.path);
        throw ScenarioError("sweep." + key, values.dump(),
                            "a parameter path other than name, kind, compare and replicates (see `bcssim params`)" +
                                std::string(paths.size() > 1 ? ", or several joined by '+'" : "") +
                                (paths.size() > 1 ? "; '" + path + "' is none" : "") +
                                (spec == nullptr ? did_you_mean(path, sweepable) : std::string()));
      }
      // A path in two dimensions would label each point with one value and run it with the other.
      if (const auto [it, added] = swept_by.emplace(path, key); !added)
        throw ScenarioError("sweep." + key, values.dump(),
                            it->second == key
                                ? fmt::format("each parameter once in a linked sweep; '{}' is named twice", path)
                                : fmt::format("each parameter in one sweep dimension only; '{}' is also swept by "
                                              "sweep.{}",
                                              path, it->second));
    }
    if (!values.is_array() || values.empty())
      throw ScenarioError("sweep." + key, values.dump(), "a non-empty list of values of " + key);
    // The study's size is checked once every list is read; a list too long on its own is refused before the
    // pairwise check below, which took minutes on a list of a million (hostile pass of 2026-12-06).
    if (values.size() > kMaxStudyPoints)
      throw ScenarioError("sweep", fmt::format("{} values in sweep.{}", values.size(), key),
                          fmt::format("at most {} points per study (the product of the sweep's list lengths, twice "
                                      "that with compare): split it, e.g. with --set sweep.<path>=[...]",
                                      kMaxStudyPoints));
    // The same value twice, however written ("1ms" and "1000us", 16 and 16.0): two points of one run, labelled
    // apart.
    std::map<std::string, std::size_t> seen; // each value as the model reads it: its first index
    for (std::size_t k = 0; k < values.size(); ++k) {
      nlohmann::json read = values[k];
      if (paths.size() == 1)
        read = canonical_value(*find_param(paths[0]), read);
      else if (read.is_array() && read.size() == paths.size()) // else refused below
        for (std::size_t d = 0; d < paths.size(); ++d)
          read[d] = canonical_value(*find_param(paths[d]), read[d]);
      const auto [first, added] = seen.emplace(read.dump(), k);
      if (!added)
        throw ScenarioError(fmt::format("sweep.{}[{}]", key, k), values[k].dump(),
                            fmt::format("a value the list does not hold already (sweep.{}[{}] = {}): the two "
                                        "points would be the same run (for repeated runs with other seeds: "
                                        "replicates)",
                                        key, first->second, values[first->second].dump()));
    }
    for (std::size_t d = 0; d < paths.size(); ++d) {
      SweepDimension dim{paths[d], {}, group, false, key, d};
      for (std::size_t k = 0; k < values.size(); ++k) {
        const ParamSpec& spec = *find_param(paths[d]);
        if (paths.size() == 1) {
          dim.values.push_back(integers_as_integers(spec, values[k])); // 16.0 labels its point 16
          continue;
        }
        if (!values[k].is_array() || values[k].size() != paths.size())
          throw ScenarioError(fmt::format("sweep.{}[{}]", key, k), values[k].dump(),
                              fmt::format("a list of {} values, one for each of {}", paths.size(), key));
        dim.values.push_back(integers_as_integers(spec, values[k][d]));
      }
      dims.push_back(std::move(dim));
    }
    ++group;
  }
  return dims;
}

} // namespace

std::string point_folder(std::size_t i) { return fmt::format("points/{:04}", i); }

std::string coordinate_cell(const nlohmann::json& v)
{
  return csv_cell(v.is_string() ? v.get<std::string>() : v.dump());
}

Study Study::load(const std::string& file, const std::vector<std::string>& sets)
{
  KeyOrder order;
  nlohmann::json user = Scenario::read(file, &order);
  return resolve(std::move(user), sets, std::filesystem::path(file).stem().string(), &order);
}

Study Study::resolve(nlohmann::json user, const std::vector<std::string>& sets, const std::string& default_name,
                     const KeyOrder* order)
{
  Study st;
  // "--set sweep.<path>=[...]" replaces (or adds) one list of the sweep; every other --set applies to each point.
  for (const std::string& s : sets) {
    const auto eq = s.find('=');
    if (s.rfind("sweep.", 0) != 0 || eq == std::string::npos || !user.is_object()) {
      st.sets_.push_back(s);
      continue;
    }
    const nlohmann::json value = parse_set_value(s.substr(0, eq), s.substr(eq + 1));
    if (!user.contains("sweep") || !user["sweep"].is_object())
      user["sweep"] = nlohmann::json::object();
    user["sweep"][s.substr(6, eq - 6)] = value;
  }
  if (user.is_object() && user.contains("sweep")) {
    st.dimensions_ = read_sweep(user["sweep"]);
    user.erase("sweep");
    st.groups_ = st.dimensions_.empty() ? 0 : st.dimensions_.back().group + 1;
  }
  const std::size_t user_dimensions = st.dimensions_.size(); // before replicates' seeds and compare's backends
  // The number of values of each group.
  auto group_sizes = [&st] {
    std::vector<std::size_t> sizes(st.groups_, 0);
    for (const SweepDimension& d : st.dimensions_)
      sizes[d.group] = d.values.size();
    return sizes;
  };
  auto check_size = [&group_sizes] { // before anything is expanded
    std::size_t count = 1;
    bool overflow = false;
    for (std::size_t n : group_sizes())
      overflow = overflow || __builtin_mul_overflow(count, n, &count);
    if (overflow || count > kMaxStudyPoints)
      throw ScenarioError("sweep", overflow ? std::string("more than 2^64 points") : fmt::format("{} points", count),
                          fmt::format("at most {} points per study (the product of the sweep's list lengths, twice "
                                      "that with compare): split it, e.g. with --set sweep.<path>=[...]",
                                      kMaxStudyPoints));
  };
  check_size();
  // The file without its sweep is usually a valid scenario itself: checking it first lets its own errors name
  // their own paths. When only the swept values make it valid (e.g. more nodes for more processes), the
  // first point stands in, and the loop below reports any point that is not.
  const Scenario plain = [&] {
    try {
      return Scenario::resolve(user, st.sets_, default_name, order);
    } catch (const ScenarioError&) {
      if (st.dimensions_.empty())
        throw;
      std::vector<std::string> first = st.sets_;
      for (const SweepDimension& d : st.dimensions_)
        first.push_back(assignment(d.path, d.values.front()));
      try {
        return Scenario::resolve(user, first, default_name, order);
      } catch (const ScenarioError& e) { // a swept value's error names it as the file holds it, as below
        for (const SweepDimension& d : st.dimensions_)
          if (e.path() == d.path) {
            const std::string key = d.key.empty() ? d.path : d.key;
            const bool linked = linked_paths(key).size() > 1;
            throw ScenarioError(fmt::format("sweep.{}[0]{}", key, linked ? fmt::format("[{}]", d.linked) : ""),
                                e.value(), e.allowed());
          }
        throw;
      }
    }
  }();
  st.name_ = plain.name();
  if (const auto replicates = std::size_t(plain.integer("replicates")); replicates > 1) {
    for (const SweepDimension& d : st.dimensions_)
      if (d.path == "seed")
        throw ScenarioError("sweep.seed", nlohmann::json(d.values).dump(),
                            "no sweep of seed when replicates > 1 (the replicates run seeds seed, seed + 1, ...)");
    // Seeds from the scenario's own: the first replicate is the run without replicates.
    std::vector<nlohmann::json> seeds;
    for (std::size_t r = 0; r < replicates; ++r)
      seeds.emplace_back(std::int64_t(plain.seed()) + std::int64_t(r));
    st.dimensions_.push_back(SweepDimension{"seed", seeds, st.groups_++, true, "", 0});
    check_size();
  }
  st.compare_ = plain.flag("compare");
  if (st.compare_) {
    const std::string kind = plain.kind();
    if (!find_kind(kind).on_backend)
      throw ScenarioError("compare", "true", "false for kind '" + kind + "' (it does not run on an MPI backend)");
    for (const SweepDimension& d : st.dimensions_)
      if (d.path == "mpi")
        throw ScenarioError("sweep.mpi", nlohmann::json(d.values).dump(),
                            "no sweep of mpi when compare is true (compare runs every backend)");
    std::vector<nlohmann::json> names;
    for (const std::string& n : mpi::backend_names())
      names.emplace_back(n);
    st.dimensions_.push_back(SweepDimension{"mpi", names, st.groups_++, false, "", 0});
    check_size();
  }

  // A --set of a swept path would be overridden at every point without a word (unless it says what the sweep
  // does: one value, the same).
  for (const std::string& s : st.sets_) {
    const auto eq = s.find('=');
    const std::string path = s.substr(0, eq);
    for (std::size_t k = 0; k < user_dimensions; ++k) {
      const SweepDimension& d = st.dimensions_[k];
      if (d.path != path || eq == std::string::npos ||
          (d.values.size() == 1 && parse_set_value(path, s.substr(eq + 1)) == d.values.front()))
        continue;
      throw ScenarioError("--set " + path, nlohmann::json(s.substr(eq + 1)).dump(),
                          fmt::format("a path no sweep dimension sets: the sweep gives {} its values {} at every "
                                      "point; give them with --set 'sweep.{}=[...]'",
                                      path, nlohmann::json(d.values).dump(), path));
    }
  }
  const std::vector<std::size_t> sizes = group_sizes();
  std::size_t count = 1;
  for (std::size_t n : sizes)
    count *= n;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<std::size_t> k(sizes.size());
    std::size_t rest = i;
    for (std::size_t g = sizes.size(); g-- > 0;) {
      k[g] = rest % sizes[g];
      rest /= sizes[g];
    }
    st.coords_.push_back(k);
  }
  for (std::size_t i = 0; i < count; ++i) {
    try {
      st.points_.push_back(Scenario::resolve(user, st.point_sets(i), default_name, order));
    } catch (const ScenarioError& e) {
      for (std::size_t d = 0; d < st.dimensions_.size(); ++d)
        if (e.path() == st.dimensions_[d].path) {
          // The value as the file holds it: sweep.<key>[k], or sweep.<a + b>[k][j] for a linked key's j-th path.
          const SweepDimension& dim = st.dimensions_[d];
          const std::size_t k = st.coords_[i][dim.group];
          const std::string key = dim.key.empty() ? dim.path : dim.key; // "seed" and "mpi" come from no key
          const bool linked = linked_paths(key).size() > 1;
          const std::string position = linked ? fmt::format("[{}]", dim.linked) : "";
          // Among other dimensions the value may be wrong only beside theirs (mpi = bcs at one granularity):
          // the point is named too.
          const std::string point = sizes.size() > 1 ? " (at the sweep point " + st.label(i) + ")" : "";
          throw ScenarioError(fmt::format("sweep.{}[{}]{}", key, k, position), e.value(), e.allowed() + point);
        }
      throw ScenarioError(e.path(), e.value(), e.allowed() + " (at the sweep point " + st.label(i) + ")");
    }
  }
  return st;
}

std::size_t Study::replicates() const
{
  for (const SweepDimension& d : dimensions_)
    if (d.replicate)
      return d.values.size();
  return 1;
}

std::vector<nlohmann::json> Study::coordinates(std::size_t i) const
{
  std::vector<nlohmann::json> out;
  for (const SweepDimension& d : dimensions_)
    out.push_back(d.values[coords_.at(i)[d.group]]);
  return out;
}

std::vector<std::string> Study::point_sets(std::size_t i) const
{
  std::vector<std::string> out = sets_;
  const auto coords = coordinates(i);
  for (std::size_t d = 0; d < dimensions_.size(); ++d)
    out.push_back(assignment(dimensions_[d].path, coords[d]));
  return out;
}

std::string Study::label(std::size_t i) const
{
  std::string out;
  const auto coords = coordinates(i);
  for (std::size_t d = 0; d < dimensions_.size(); ++d)
    out += (d ? " " : "") + dimensions_[d].path + "=" +
           (coords[d].is_string() ? coords[d].get<std::string>() : coords[d].dump());
  return out;
}

} // namespace bcssim::sim
