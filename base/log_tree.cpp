#include "base/log_tree.hpp"

#include <xbt/log.h>

#include <algorithm>
#include <deque>

XBT_LOG_NEW_DEFAULT_CATEGORY(base_log_tree, "base.log_tree: the tree of bcssim's log categories");

namespace bcssim::base::log_tree {
namespace {

xbt_log_category_t root() { return &_XBT_LOGV(XBT_LOG_ROOT_CAT); }

// The dotted name a bcssim category gives at the start of its description ("storm.pe: ..."), or "".
std::string dotted_of(const xbt_log_category_s& c)
{
  const std::string desc = c.description != nullptr ? c.description : "";
  const auto colon = desc.find(": ");
  if (colon == std::string::npos)
    return {};
  const std::string dotted = desc.substr(0, colon);
  return identifier(dotted) == c.name && dotted.find('.') != std::string::npos ? dotted : std::string();
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

// Folder categories outlive every static: SimGrid walks the tree at exit (xbt_log_postexit), after the statics
// constructed once main ran are gone. So they are never freed (reachable, not a leak).
struct Folder {
  std::string name, description;
  s_xbt_log_category_t category{};
};
std::deque<Folder>& folders()
{
  static auto* f = new std::deque<Folder>;
  return *f;
}

xbt_log_category_t folder(const std::string& dotted)
{
  const std::string id = identifier(dotted);
  if (xbt_log_category_t existing = find(root(), id))
    return existing;
  const auto dot = dotted.rfind('.');
  xbt_log_category_t parent = dot == std::string::npos ? root() : folder(dotted.substr(0, dot));
  Folder& f = folders().emplace_back();
  f.name = id;
  std::string path = dotted;
  std::replace(path.begin(), path.end(), '.', '/');
  f.description = dotted + ": every file of " + path + "/";
  f.category = s_xbt_log_category_t{parent,  nullptr, nullptr, f.name.c_str(), f.description.c_str(), 0,
                                    xbt_log_priority_uninitialized, 1, nullptr, nullptr, 1};
  _xbt_log_cat_init(&f.category, xbt_log_priority_uninitialized); // links it under its parent
  return &f.category;
}

void unlink(xbt_log_category_t c)
{
  for (xbt_log_category_t* p = &c->parent->firstChild; *p != nullptr; p = &(*p)->nextSibling)
    if (*p == c) {
      *p = c->nextSibling;
      break;
    }
  c->nextSibling = nullptr;
}

void collect(xbt_log_category_t from, std::vector<xbt_log_category_t>& out)
{
  out.push_back(from);
  for (xbt_log_category_t c = from->firstChild; c != nullptr; c = c->nextSibling)
    collect(c, out);
}

void describe(xbt_log_category_t c, int depth, std::string& out)
{
  std::vector<xbt_log_category_t> children;
  for (xbt_log_category_t k = c->firstChild; k != nullptr; k = k->nextSibling)
    children.push_back(k);
  std::sort(children.begin(), children.end(),
            [](xbt_log_category_t a, xbt_log_category_t b) { return std::string(a->name) < b->name; });
  for (xbt_log_category_t k : children) {
    const std::string desc = k->description != nullptr ? k->description : "";
    out += std::string(std::size_t(2 * depth), ' ') + desc + "\n";
    describe(k, depth + 1, out);
  }
}

} // namespace

std::string identifier(const std::string& name)
{
  std::string id = name;
  std::replace(id.begin(), id.end(), '.', '_');
  return id;
}

void build()
{
  static bool built = false;
  if (built)
    return;
  built = true;
  std::vector<xbt_log_category_t> ours; // root's children that are bcssim files, by name (a fixed order)
  for (xbt_log_category_t c = root()->firstChild; c != nullptr; c = c->nextSibling)
    if (!dotted_of(*c).empty())
      ours.push_back(c);
  std::sort(ours.begin(), ours.end(),
            [](xbt_log_category_t a, xbt_log_category_t b) { return std::string(a->name) < b->name; });
  for (xbt_log_category_t c : ours) {
    const std::string dotted = dotted_of(*c);
    xbt_log_category_t parent = folder(dotted.substr(0, dotted.rfind('.')));
    unlink(c);
    c->initialized = 0; // _xbt_log_cat_init links it under its new parent and inherits its threshold
    c->parent = parent;
    _xbt_log_cat_init(c, xbt_log_priority_uninitialized);
  }
}

bool exists(const std::string& id) { return find(root(), id) != nullptr; }

std::vector<std::string> names()
{
  std::vector<xbt_log_category_t> all;
  collect(root(), all);
  std::vector<std::string> out;
  for (xbt_log_category_t c : all) {
    const std::string dotted = dotted_of(*c);
    out.push_back(dotted.empty() ? std::string(c->name) : dotted);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe()
{
  std::vector<xbt_log_category_t> tops; // the top folders' categories (storm, mpi, ...)
  for (Folder& f : folders())
    if (f.category.parent == root())
      tops.push_back(&f.category);
  std::sort(tops.begin(), tops.end(),
            [](xbt_log_category_t a, xbt_log_category_t b) { return std::string(a->name) < b->name; });
  std::string out;
  for (xbt_log_category_t c : tops) {
    out += std::string(c->description) + "\n";
    describe(c, 1, out);
  }
  return out;
}

} // namespace bcssim::base::log_tree
