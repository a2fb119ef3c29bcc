#pragma once
// Parameters declared once, beside the model they configure (as ns-3's AddAttribute and SST's
// SST_ELI_DOCUMENT_PARAMS): the scenario path, type and unit, default, allowed range, doc, source, and the field of
// the model's spec struct it sets. A model declares one ParamGroup<Spec>; sim/config assembles every group into
// the catalogue (validation, `bcssim params`, docs/parameters.md) and fills typed specs from a scenario through
// ParamGroup::build. No JSON here: defaults are kept as typed values and as the literal a scenario would write,
// and values arrive resolved (numbers in SI units, words) through the ParamSource interface.
#include "base/units.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::base {

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

/// `record`: a JSON object whose keys its owner (a scenario kind) checks itself, e.g. one job of a workload.
enum class ParamType { integer, real, boolean, text, choice, quantity, record };

/// A resolved value: numbers (integers, reals, booleans as 0/1, quantities in SI units) or words (texts,
/// choices, and "auto" for an integer resolved from other parameters); one entry per item of a list.
struct ParamValue {
  std::vector<double> numbers;
  std::vector<std::string> words;
  double number() const { return numbers.at(0); }
  const std::string& word() const { return words.at(0); }
  bool is_auto() const { return numbers.empty() && words.size() == 1 && words[0] == "auto"; }
};

/// A value that breaks a rule: its path (relative to the group until the group reports it), the value as the
/// scenario wrote it, and what is allowed.
struct ParamError {
  std::string path;
  std::string value;
  std::string allowed;
};

/// Thrown by ParamGroup::build when a rule of the group fails.
class ParamRuleError : public std::runtime_error {
public:
  explicit ParamRuleError(ParamError e)
      : std::runtime_error(e.path + " = " + e.value + ": expected " + e.allowed), error(std::move(e))
  {
  }
  ParamError error;
};

/// Where a group reads resolved values from (sim/config's Scenario; tests may use their own).
class ParamSource {
public:
  virtual ~ParamSource() = default;
  /// The value of a declared parameter, by full path.
  virtual ParamValue value(const std::string& path) const = 0;
  /// The value as the scenario wrote it, for error messages.
  virtual std::string shown(const std::string& path) const = 0;
};

/// One parameter as documented: what `bcssim params` prints and the scenario validation checks.
struct ParamDecl {
  std::string path;
  ParamType type = ParamType::integer;
  Quantity quantity = Quantity::time; // for ParamType::quantity
  bool list = false;           // a list of values; a single value stands for a list of one (or, per level, for all)
  bool allow_auto = false;     // an integer that may be "auto" (resolved from other parameters)
  bool may_be_empty = false;   // a list that may be [], a text that may be "" (its doc says what that means)
  ParamValue default_value;    // typed
  std::string default_literal; // as a scenario writes it (JSON syntax): "500us" with its quotes, 32, [0, 1]
  double min = 0;              // inclusive range, in SI units for quantities
  double max = kUnbounded;
  std::vector<std::string> choices; // for ParamType::choice, and the allowed words of a text list
  /// Words the sources use for a choice, each with the choice ("gang" for "gs"), blanks and '-' written as '_': a
  /// mistyped value is asked whether it meant that choice.
  std::vector<std::pair<std::string, std::string>> synonyms;
  std::string doc;
  std::string source;
  std::string before_literal; // how binaries older than the parameter ran (JSON syntax); "" = as its default
  bool inert_before = false;  // any value reproduces what older binaries did (another parameter's `before` rules)

  /// Makes it a list with this default (a list of the scalar's type); an empty default means [] is allowed.
  ParamDecl& listed(ParamValue def);
  /// Lets the integer be "auto" and makes that its default.
  ParamDecl& automatic();
  /// For a parameter whose default is not what binaries older than it did: that behaviour as a value (JSON
  /// syntax), so that `merge` reads a point recorded without the parameter as run with it.
  ParamDecl& before(std::string literal);
  /// For a parameter that changes nothing while another, added with it, keeps its `before` value (a cache's size
  /// while no process has a working set): `merge` reads a point recorded without it as run with any value.
  ParamDecl& inert_until_others_change();
};

/// The JSON literal of a value of `decl`'s type (for docs and the scenario echo).
std::string literal_of(const ParamDecl& decl, const ParamValue& v);

/// Builders of a ParamDecl (the ParamGroup methods use them; so may code declaring parameters without a field).
ParamDecl quantity_decl(std::string path, Quantity q, const char* def, double min, double max, std::string doc,
                        std::string source);
ParamDecl integer_decl(std::string path, std::int64_t def, double min, double max, std::string doc, std::string source);
ParamDecl real_decl(std::string path, double def, double min, double max, std::string doc, std::string source);
ParamDecl flag_decl(std::string path, bool def, std::string doc, std::string source);
ParamDecl choice_decl(std::string path, const char* def, std::vector<std::string> choices, std::string doc,
                      std::string source);
ParamDecl text_decl(std::string path, const char* def, std::string doc, std::string source);
/// A list of words, each one of `choices`.
ParamDecl word_list_decl(std::string path, std::vector<std::string> choices, std::vector<std::string> def,
                         std::string doc, std::string source);
/// A list of records (JSON objects checked by the kind that declares it), empty by default.
ParamDecl record_list_decl(std::string path, std::string doc, std::string source);
/// Typed list defaults.
ParamValue numbers(std::vector<double> v);
ParamValue words(std::vector<std::string> v);
/// A list of quantities written with units, e.g. quantities(Quantity::size, {"0B", "1KiB"}).
ParamValue quantities(Quantity q, const std::vector<const char*>& v);

/// The parameters of one model's spec struct: each declaration with the setter of its field, and the model's
/// cross-field rules.
template <class Spec> class ParamGroup {
public:
  using Setter = std::function<void(Spec&, const ParamValue&)>;
  using Rule = std::function<std::optional<ParamError>(const Spec&)>;
  struct Entry {
    ParamDecl decl;
    Setter set;
  };

  /// `prefix`: the section the group's keys live in, e.g. "bcs.runtime" ("" = the root).
  explicit ParamGroup(std::string prefix) : prefix_(std::move(prefix)) {}

  const std::string& prefix() const { return prefix_; }
  const std::vector<Entry>& entries() const { return entries_; }

  /// Declares a parameter and the setter of its field; returns the declaration for listed() / automatic().
  ParamDecl& add(ParamDecl decl, Setter set)
  {
    decl.path = full(decl.path);
    entries_.push_back(Entry{std::move(decl), std::move(set)});
    return entries_.back().decl;
  }
  ParamDecl& quantity(const std::string& key, double Spec::*field, Quantity q, const char* def, double min, double max,
                      std::string doc, std::string source)
  {
    return add(quantity_decl(key, q, def, min, max, std::move(doc), std::move(source)),
               [field](Spec& s, const ParamValue& v) { s.*field = v.number(); });
  }
  template <class Int>
  ParamDecl& integer(const std::string& key, Int Spec::*field, std::int64_t def, double min, double max,
                     std::string doc, std::string source)
  {
    return add(integer_decl(key, def, min, max, std::move(doc), std::move(source)),
               [field](Spec& s, const ParamValue& v) { s.*field = Int(v.number()); });
  }
  ParamDecl& real(const std::string& key, double Spec::*field, double def, double min, double max, std::string doc,
                  std::string source)
  {
    return add(real_decl(key, def, min, max, std::move(doc), std::move(source)),
               [field](Spec& s, const ParamValue& v) { s.*field = v.number(); });
  }
  ParamDecl& flag(const std::string& key, bool Spec::*field, bool def, std::string doc,
                  std::string source = "scenario choice")
  {
    return add(flag_decl(key, def, std::move(doc), std::move(source)),
               [field](Spec& s, const ParamValue& v) { s.*field = v.number() != 0; });
  }
  /// A choice stored as the model's own type (an enum, a bool, a string): `choices` maps each word to it.
  template <class T>
  ParamDecl& choice(const std::string& key, T Spec::*field, const char* def,
                    std::vector<std::pair<std::string, T>> choices, std::string doc, std::string source)
  {
    std::vector<std::string> names;
    for (const auto& c : choices)
      names.push_back(c.first);
    return add(choice_decl(key, def, std::move(names), std::move(doc), std::move(source)),
               [field, choices](Spec& s, const ParamValue& v) {
                 for (const auto& c : choices)
                   if (c.first == v.word())
                     s.*field = c.second;
               });
  }
  /// The parameters of a member struct, declared by its own model (e.g. the MMDS inside the runtime's spec).
  template <class Sub> void nest(Sub Spec::*field, const ParamGroup<Sub>& sub)
  {
    for (const auto& e : sub.entries()) {
      auto set = e.set;
      entries_.push_back(Entry{e.decl, [field, set](Spec& s, const ParamValue& v) { set(s.*field, v); }});
    }
    for (const auto& r : sub.rules_)
      rules_.push_back(RuleEntry{r.prefix, [field, rule = r.rule](const Spec& s) { return rule(s.*field); }});
  }
  /// A cross-field rule of the model (the same one its constructor enforces); paths relative to the prefix.
  void rule(Rule r) { rules_.push_back(RuleEntry{prefix_, std::move(r)}); }

  /// The spec with every documented default.
  Spec defaults() const
  {
    Spec s{};
    for (const auto& e : entries_)
      e.set(s, e.decl.default_value);
    return s;
  }
  /// The spec from resolved values; throws ParamRuleError (full path) when a rule fails.
  Spec build(const ParamSource& source) const
  {
    Spec s{};
    for (const auto& e : entries_)
      e.set(s, source.value(e.decl.path));
    for (const auto& r : rules_)
      if (auto error = r.rule(s)) {
        error->path = join(r.prefix, error->path);
        if (error->value.empty())
          error->value = source.shown(error->path);
        throw ParamRuleError(std::move(*error));
      }
    return s;
  }
  /// The first rule the spec breaks (full path), for a model's constructor to enforce.
  std::optional<ParamError> first_broken_rule(const Spec& s) const
  {
    for (const auto& r : rules_)
      if (auto error = r.rule(s)) {
        error->path = join(r.prefix, error->path);
        return error;
      }
    return std::nullopt;
  }

private:
  template <class> friend class ParamGroup;
  static std::string join(const std::string& prefix, const std::string& key)
  {
    return prefix.empty() ? key : key.empty() ? prefix : prefix + "." + key;
  }
  std::string full(const std::string& key) const { return join(prefix_, key); }
  struct RuleEntry {
    std::string prefix; // the section its paths are relative to
    Rule rule;
  };

  std::string prefix_;
  std::vector<Entry> entries_;
  std::vector<RuleEntry> rules_;
};

/// The declarations of a group (for a registry entry's parameter list or the catalogue), appended to `out`.
template <class Spec> void append_declarations(std::vector<ParamDecl>& out, const ParamGroup<Spec>& group)
{
  for (const auto& e : group.entries())
    out.push_back(e.decl);
}

/// The declarations of a group.
template <class Spec> std::vector<ParamDecl> declarations(const ParamGroup<Spec>& group)
{
  std::vector<ParamDecl> out;
  append_declarations(out, group);
  return out;
}

/// Throws std::invalid_argument naming the rule when `spec` breaks one of `group`'s rules: models call it in their
/// constructors, so a spec built by hand is held to the same rules, with the same words, as a scenario.
template <class Spec> void enforce(const ParamGroup<Spec>& group, const Spec& spec)
{
  if (auto e = group.first_broken_rule(spec))
    throw std::invalid_argument(e->path + ": expected " + e->allowed);
}

} // namespace bcssim::base
