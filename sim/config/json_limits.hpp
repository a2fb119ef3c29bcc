#pragma once
// The JSON bcssim reads from users (scenario files, --set values) is parsed within limits, so that bad input is
// an exit-2 message naming its JSON path rather than a crash or a raw library error: at most kMaxJsonDepth
// levels of nesting (deeper trees overflow the stack when copied), each key once per object (JSON leaves a
// repeated key undefined; nlohmann keeps the last one silently), numbers a double can hold, UTF-8 text. Error
// messages show at most about kMaxShownValue bytes of a bad value.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace bcssim::sim {

inline constexpr int kMaxJsonDepth = 64;
/// The largest scenario file read (a workload of 100,000 inline jobs is about 10 MiB).
inline constexpr std::size_t kMaxScenarioBytes = std::size_t(64) << 20;
inline constexpr std::size_t kMaxShownValue = 200;
/// The most values (numbers, strings, arrays, objects...) a user's JSON may hold: a 100,000-job workload has about
/// 1.5 million; 30 million zeros (60 MB, within kMaxScenarioBytes) took 1.5 GB to hold and could end in
/// std::bad_alloc (hostile pass of 2026-12-07).
inline constexpr std::size_t kMaxJsonValues = 4'000'000;

/// Where each key of a user's JSON text stands in it: its path ("platform.nodes", "a[1].b") -> the rank of its first
/// appearance. Errors about several keys of one file are reported in this order, as a compiler reports a file's.
using KeyOrder = std::map<std::string, std::size_t>;

/// Parses a user's JSON text. Throws ScenarioError naming the JSON path (under `base_path`, "(root)" when empty)
/// for nesting deeper than kMaxJsonDepth, a key given twice in one object, or a number a double cannot hold;
/// nlohmann::json::parse_error for malformed JSON. `order`, if given, receives the keys' order.
nlohmann::json parse_user_json(const std::string& text, const std::string& base_path = "", KeyOrder* order = nullptr);

/// The value of "--set path=text": JSON when the text parses as JSON, else the text itself as a string. Throws
/// ScenarioError naming `path` for text that is not UTF-8 and for JSON that parse_user_json refuses.
nlohmann::json parse_set_value(const std::string& path, const std::string& text);

/// Throws ScenarioError (the path and value with invalid bytes shown as \xHH) unless both are valid UTF-8.
void check_utf8_assignment(const std::string& path, const std::string& text);
bool valid_utf8(std::string_view text);
/// `text` with each byte that is not part of a valid UTF-8 sequence written as \xHH.
std::string escape_invalid_utf8(std::string_view text);

/// A JSON library error for people: its message without the library's tag ("[json.exception.parse_error.101] parse
/// error at line 3, column 46: ..." -> "parse error at line 3, column 46: ...").
std::string json_error_text(const nlohmann::json::exception& e);

/// `value` cut to about kMaxShownValue bytes (at a character boundary) followed by "… (N bytes)" when longer.
std::string shorten_value(const std::string& value);

} // namespace bcssim::sim
