#include "base/log_tree.hpp"

#include <xbt/log.h>

#include <algorithm>
#include <array>
#include <string_view>

// The folders' categories: the parents that the files' categories name. A folder gets one when a file in it (or
// below it) logs; test_cli_logs.cpp says which line a new one needs. SimGrid links each under its parent at load
// time (its categories' constructors), so the tree holds before main runs.
XBT_LOG_NEW_CATEGORY(bcs, "bcs: every file of bcs/");
XBT_LOG_NEW_SUBCATEGORY(bcs_core, bcs, "bcs.core: every file of bcs/core/");
XBT_LOG_NEW_SUBCATEGORY(bcs_runtime, bcs, "bcs.runtime: every file of bcs/runtime/");
XBT_LOG_NEW_CATEGORY(elan3, "elan3: every file of models/elan3/");
XBT_LOG_NEW_CATEGORY(noise, "noise: every file of models/noise/");
XBT_LOG_NEW_CATEGORY(qsnet, "qsnet: every file of models/qsnet/");
XBT_LOG_NEW_CATEGORY(mpi, "mpi: every file of mpi/");
XBT_LOG_NEW_SUBCATEGORY(mpi_quadrics, mpi, "mpi.quadrics: every file of mpi/quadrics/");
XBT_LOG_NEW_CATEGORY(storm, "storm: every file of storm/");
XBT_LOG_NEW_SUBCATEGORY(storm_machine_manager, storm, "storm.machine_manager: every file of storm/machine_manager/");

namespace bcssim::base::log_tree {
namespace {

// The top folders' categories, above: what `bcssim logs` lists and what is bcssim's rather than SimGrid's.
constexpr std::array<std::string_view, 6> kTops = {"bcs", "elan3", "mpi", "noise", "qsnet", "storm"};

xbt_log_category_t root() { return &_XBT_LOGV(XBT_LOG_ROOT_CAT); }

bool ours(const xbt_log_category_s& c)
{
  for (const xbt_log_category_s* p = &c; p != nullptr; p = p->parent)
    if (p->parent == root() && std::find(kTops.begin(), kTops.end(), std::string_view(p->name)) != kTops.end())
      return true;
  return false;
}

// The dotted name at the start of a bcssim category's description ("storm.pe: ..."); SimGrid's keep their names.
std::string dotted_of(const xbt_log_category_s& c)
{
  const std::string desc = c.description != nullptr ? c.description : "";
  const auto colon = desc.find(": ");
  return ours(c) && colon != std::string::npos ? desc.substr(0, colon) : std::string(c.name);
}

xbt_log_category_t find(xbt_log_category_t from, const std::string& name)
{
  if (name == from->name)
    return from;
  for (xbt_log_category_t c = from->firstChild; c != nullptr; c = c->nextSibling)
    if (xbt_log_category_t found = find(c, name))
      return found;
  return nullptr;
}

void collect(xbt_log_category_t from, std::vector<xbt_log_category_t>& out)
{
  out.push_back(from);
  for (xbt_log_category_t c = from->firstChild; c != nullptr; c = c->nextSibling)
    collect(c, out);
}

std::vector<xbt_log_category_t> children_by_name(xbt_log_category_t c)
{
  std::vector<xbt_log_category_t> children;
  for (xbt_log_category_t k = c->firstChild; k != nullptr; k = k->nextSibling)
    children.push_back(k);
  std::sort(children.begin(), children.end(),
            [](xbt_log_category_t a, xbt_log_category_t b) { return std::string(a->name) < b->name; });
  return children;
}

void describe(xbt_log_category_t c, int depth, std::string& out)
{
  out += std::string(std::size_t(2 * depth), ' ') + c->description + "\n";
  for (xbt_log_category_t k : children_by_name(c))
    describe(k, depth + 1, out);
}

} // namespace

std::string identifier(const std::string& name)
{
  std::string id = name;
  std::replace(id.begin(), id.end(), '.', '_');
  return id;
}

bool exists(const std::string& id) { return find(root(), id) != nullptr; }

std::vector<std::string> names()
{
  std::vector<xbt_log_category_t> all;
  collect(root(), all);
  std::vector<std::string> out;
  for (xbt_log_category_t c : all)
    out.push_back(dotted_of(*c));
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe()
{
  std::string out;
  for (xbt_log_category_t c : children_by_name(root()))
    if (ours(*c))
      describe(c, 0, out);
  return out;
}

} // namespace bcssim::base::log_tree
