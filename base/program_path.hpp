#pragma once
// Where a program the user names would be run from, as a shell finds it: a name holding a '/' as it is, any other
// on PATH (an empty entry of PATH, the shell's current folder, is passed over).
#include <filesystem>
#include <string>

namespace bcssim::base {

/// The executable regular file `program` names, or an empty path when there is none.
std::filesystem::path find_program(const std::string& program);

} // namespace bcssim::base
