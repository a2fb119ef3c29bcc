#pragma once
// `bcssim params`: the catalogue and the presets, as aligned text or as the Markdown of docs/parameters.md.
#include <string>

namespace bcssim::sim {

std::string params_text();
std::string params_markdown();

} // namespace bcssim::sim
