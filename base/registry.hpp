#pragma once
// The look-ups every registry shares (kinds, MPI backends, applications): entries are named, listed once in a
// fixed order, and an unknown name is an error that lists the known ones, never a fallback.
#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace bcssim::base {

/// The names of a registry's entries, in its order.
template <class Entry> std::vector<std::string> names_of(const std::vector<Entry>& all)
{
  std::vector<std::string> out;
  for (const Entry& e : all)
    out.push_back(e.name);
  return out;
}

/// The entry named `name`; std::invalid_argument naming `what` and the known names otherwise.
template <class Entry> const Entry& find_named(const std::vector<Entry>& all, const std::string& name, const char* what)
{
  for (const Entry& e : all)
    if (e.name == name)
      return e;
  throw std::invalid_argument(fmt::format("no {} '{}'; known: {}", what, name, fmt::join(names_of(all), ", ")));
}

} // namespace bcssim::base
