#include "sim/config/json_limits.hpp"
#include "sim/config/params.hpp"

#include "sim/config/scenario.hpp"

#include <fmt/format.h>

#include <set>
#include <vector>

namespace bcssim::sim {
namespace {

// Where the parser is: one frame per open array or object, with the key or index of the value being read.
class JsonPath {
public:
  explicit JsonPath(std::string base) : base_(std::move(base)) {}

  void open(bool array) { frames_.push_back(Frame{array, "", 0, {}}); }
  void close()
  {
    frames_.pop_back();
    value_done();
  }
  void value_done()
  {
    if (!frames_.empty() && frames_.back().array)
      ++frames_.back().index;
  }
  // Records an object's key; a key the object already had is reported with its second value.
  void key(const std::string& k)
  {
    frames_.back().key = k;
    duplicate_ = !frames_.back().keys.insert(k).second;
  }
  bool duplicate() const { return duplicate_; }
  ScenarioError duplicate_error(const std::string& value) const
  {
    return ScenarioError(current(), value,
                         fmt::format("each key once in an object; \"{}\" is given twice", frames_.back().key));
  }
  std::size_t depth() const { return frames_.size(); }

  // The path of the value being read: "platform.nodes", "microbench.sizes[1]", "(root)".
  std::string current(std::size_t max_frames = std::string::npos) const
  {
    std::string out = base_;
    for (std::size_t i = 0; i < frames_.size() && i < max_frames; ++i) {
      const Frame& f = frames_[i];
      out += f.array ? fmt::format("[{}]", f.index) : (out.empty() ? "" : ".") + f.key;
    }
    return out.empty() ? "(root)" : out;
  }
  // The path down to the first array (a deep nesting is named where it starts).
  std::string outer() const
  {
    std::size_t n = 0;
    while (n < frames_.size() && !frames_[n].array)
      ++n;
    return current(n);
  }

private:
  struct Frame {
    bool array;
    std::string key;
    std::size_t index;
    std::set<std::string> keys;
  };
  std::string base_;
  std::vector<Frame> frames_;
  bool duplicate_ = false;
};

// The token in nlohmann's "number overflow parsing '1e400'".
std::string overflowing_token(const std::string& what)
{
  const auto start = what.find("parsing '");
  const auto end = what.rfind('\'');
  return start == std::string::npos || end <= start + 9 ? "(a number)" : what.substr(start + 9, end - start - 9);
}

// nlohmann's DOM parser fed through the checks: depth, duplicate keys, the key order and the path of every value.
// (Its callback parser did the same, but after each object it scans the enclosing array for a discarded element:
// an array of 1,000,000 objects, 3 MB of scenario, took minutes; hostile pass of 2026-12-07.)
class CheckingSax {
public:
  using json = nlohmann::json;
  CheckingSax(json& result, JsonPath& where, KeyOrder* order) : dom_(result, true), where_(where), order_(order) {}

  bool null()
  {
    return scalar([] { return json(nullptr); }) && dom_.null();
  }
  bool boolean(bool v)
  {
    return scalar([v] { return json(v); }) && dom_.boolean(v);
  }
  bool number_integer(json::number_integer_t v)
  {
    return scalar([v] { return json(v); }) && dom_.number_integer(v);
  }
  bool number_unsigned(json::number_unsigned_t v)
  {
    return scalar([v] { return json(v); }) && dom_.number_unsigned(v);
  }
  bool number_float(json::number_float_t v, const json::string_t& s)
  {
    return scalar([v] { return json(v); }) && dom_.number_float(v, s);
  }
  bool string(json::string_t& v)
  {
    return scalar([&v] { return json(v); }) && dom_.string(v);
  }
  bool binary(json::binary_t& v)
  {
    return scalar([&v] { return json(v); }) && dom_.binary(v);
  }
  bool start_object(std::size_t n)
  {
    open(false, "{…}");
    return dom_.start_object(n);
  }
  bool key(json::string_t& k)
  {
    where_.key(k);
    if (order_ != nullptr)
      order_->emplace(where_.current(), order_->size());
    return dom_.key(k);
  }
  bool end_object()
  {
    where_.close();
    return dom_.end_object();
  }
  bool start_array(std::size_t n)
  {
    open(true, "[…]");
    return dom_.start_array(n);
  }
  bool end_array()
  {
    where_.close();
    return dom_.end_array();
  }
  template <class Exception> bool parse_error(std::size_t position, const std::string& token, const Exception& e)
  {
    return dom_.parse_error(position, token, e); // throws e, its own type kept
  }

private:
  // `value()` makes the scalar a JSON value only for the error that shows it: not a copy of every string read.
  template <class Value> bool scalar(Value value)
  {
    count();
    if (where_.duplicate())
      throw where_.duplicate_error(value().dump());
    where_.value_done();
    return true;
  }
  void count()
  {
    if (++values_ > kMaxJsonValues)
      throw ScenarioError(where_.outer(), fmt::format("(more than {} values)", kMaxJsonValues),
                          fmt::format("at most {} values in all (a large workload goes in an SWF file: workload.swf; "
                                      "a long sweep in fewer points)",
                                      kMaxJsonValues));
  }
  void open(bool array, const char* shown)
  {
    count();
    if (where_.duplicate())
      throw where_.duplicate_error(shown);
    if (where_.depth() >= std::size_t(kMaxJsonDepth))
      throw ScenarioError(where_.outer(), fmt::format("(nested deeper than {} levels)", kMaxJsonDepth),
                          fmt::format("at most {} levels of nested arrays and objects", kMaxJsonDepth));
    where_.open(array);
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  JsonPath& where_;
  KeyOrder* order_;
  std::size_t values_ = 0;
};

} // namespace

nlohmann::json parse_user_json(const std::string& text, const std::string& base_path, KeyOrder* order)
{
  JsonPath where(base_path);
  nlohmann::json result;
  CheckingSax sax(result, where, order);
  try {
    nlohmann::json::sax_parse(text, &sax);
  } catch (const nlohmann::json::out_of_range& e) { // 406: a number beyond a double's range
    throw ScenarioError(where.current(), overflowing_token(e.what()),
                        "a number a double can hold (magnitude at most about 1.8e308)");
  }
  return result;
}

nlohmann::json parse_set_value(const std::string& path, const std::string& text)
{
  check_utf8_assignment(path, text);
  nlohmann::json value;
  try {
    value = parse_user_json(text, path);
  } catch (const nlohmann::json::parse_error&) {
    return text; // not JSON: a plain string
  }
  // A text parameter takes what the shell leaves of name=123 or workload.swf=2024 as the words they are.
  if (const ParamSpec* spec = find_param(path); spec != nullptr && !spec->list &&
                                                (spec->type == ParamType::text || spec->type == ParamType::choice) &&
                                                (value.is_number() || value.is_boolean()))
    return text;
  return value;
}

std::string json_error_text(const nlohmann::json::exception& e)
{
  std::string text = e.what();
  if (text.rfind("[json.exception.", 0) == 0)
    if (const auto end = text.find("] "); end != std::string::npos)
      text.erase(0, end + 2);
  return escape_invalid_utf8(text); // its "last read" may quote a byte of the input that is not UTF-8
}

bool valid_utf8(std::string_view text) { return escape_invalid_utf8(text).size() == text.size(); }

std::string escape_invalid_utf8(std::string_view text)
{
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = n > 0 && i + n <= text.size();
    for (std::size_t k = 1; ok && k < n; ++k)
      ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (ok && n > 1) { // no overlong forms, surrogates or code points above U+10FFFF
      const auto c1 = static_cast<unsigned char>(text[i + 1]);
      ok = !(c < 0xC2 || (c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
             (c == 0xF4 && c1 >= 0x90) || c > 0xF4);
    }
    if (ok) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += fmt::format("\\x{:02X}", c);
      ++i;
    }
  }
  return out;
}

void check_utf8_assignment(const std::string& path, const std::string& text)
{
  if (!valid_utf8(path) || !valid_utf8(text))
    throw ScenarioError(escape_invalid_utf8(path), "\"" + escape_invalid_utf8(text) + "\"", "valid UTF-8 text");
}

std::string shorten_value(const std::string& value)
{
  if (value.size() <= kMaxShownValue + 40)
    return value;
  std::size_t cut = kMaxShownValue;
  while (cut > 0 && (static_cast<unsigned char>(value[cut]) >> 6) == 0x2) // not inside a UTF-8 character
    --cut;
  return value.substr(0, cut) + fmt::format("… ({} bytes)", value.size());
}

} // namespace bcssim::sim
