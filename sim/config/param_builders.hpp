#pragma once
// Builders of catalogue entries (catalog.cpp, catalog_mpi.cpp): each returns a ParamSpec with its doc and source.
#include "sim/config/params.hpp"

#include <limits>
#include <string>
#include <vector>

namespace bcssim::sim {

inline constexpr double inf = std::numeric_limits<double>::infinity();


inline ParamSpec quantity(std::string path, Quantity q, const char* def, double min, double max, std::string doc,
                   std::string source)
{
  ParamSpec p;
  p.path = std::move(path);
  p.type = ParamType::quantity;
  p.quantity = q;
  p.default_value = def;
  p.min = min;
  p.max = max;
  p.doc = std::move(doc);
  p.source = std::move(source);
  return p;
}

inline ParamSpec integer(std::string path, nlohmann::json def, double min, double max, std::string doc, std::string source)
{
  ParamSpec p;
  p.path = std::move(path);
  p.type = ParamType::integer;
  p.default_value = std::move(def);
  p.min = min;
  p.max = max;
  p.doc = std::move(doc);
  p.source = std::move(source);
  return p;
}

inline ParamSpec real(std::string path, double def, double min, double max, std::string doc, std::string source)
{
  ParamSpec p;
  p.path = std::move(path);
  p.type = ParamType::real;
  p.default_value = def;
  p.min = min;
  p.max = max;
  p.doc = std::move(doc);
  p.source = std::move(source);
  return p;
}

inline ParamSpec choice(std::string path, const char* def, std::vector<std::string> choices, std::string doc,
                 std::string source)
{
  ParamSpec p;
  p.path = std::move(path);
  p.type = ParamType::choice;
  p.default_value = def;
  p.choices = std::move(choices);
  p.doc = std::move(doc);
  p.source = std::move(source);
  return p;
}

inline ParamSpec boolean(std::string path, bool def, std::string doc)
{
  ParamSpec p;
  p.path = std::move(path);
  p.type = ParamType::boolean;
  p.default_value = def;
  p.doc = std::move(doc);
  p.source = "scenario choice";
  return p;
}

inline ParamSpec listed(ParamSpec p, nlohmann::json def)
{
  p.list = true;
  p.default_value = std::move(def);
  p.may_be_empty = p.default_value.is_array() && p.default_value.empty(); // its doc says what [] means
  return p;
}

/// A list of words, each one of `choices`.
inline ParamSpec choice_list(std::string path, std::vector<std::string> choices, nlohmann::json def, std::string doc,
                             std::string source)
{
  ParamSpec p;
  p.path = std::move(path);
  p.type = ParamType::text;
  p.choices = std::move(choices);
  p.doc = std::move(doc);
  p.source = std::move(source);
  return listed(std::move(p), std::move(def));
}

/// The MPI-level parameters: backend choice, job placement, the baseline's collectives, MPI microbenchmarks.
void declare_mpi(std::vector<ParamSpec>& c);
/// The applications of kind "app": which one, on how many processes, and each one's inputs.
void declare_apps(std::vector<ParamSpec>& c);
/// OS noise on the CPU and NIC hosts (models/noise).
void declare_noise(std::vector<ParamSpec>& c);
/// The Monitoring and Debugging System of BCS-MPI (bcs/mds).
void declare_mds(std::vector<ParamSpec>& c);

} // namespace bcssim::sim
