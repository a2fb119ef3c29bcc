#pragma once
// `bcssim params`: the catalogue and the presets, as aligned text or as the Markdown of docs/parameters.md.
#include <string>

namespace bcssim::sim {

std::string params_text();
std::string params_markdown();
/// For scripts: {"parameters": [{path, type, unit, list, default, min, max, choices, doc, source}], "presets": [...]}.
/// min and max are in SI units (null when unbounded); default is as a scenario writes it.
std::string params_json();

} // namespace bcssim::sim
