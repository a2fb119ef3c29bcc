// What CLI11 says of a mistyped word ("The following argument was not expected: --frce", "A subcommand is
// required") names neither the command it was given to nor what was meant: this walks the command line as CLI11
// did and names the first word no command or option takes, with a "did you mean" among what that command has.
#include "sim/cli/command.hpp"
#include "sim/config/suggest.hpp"

#include <fmt/format.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_cli_usage_hint, "sim.cli.usage_hint: What CLI11 says of a mistyped word");

namespace bcssim::sim::cli {
namespace {

std::vector<std::string> option_names(const CLI::App& at)
{
  std::vector<std::string> names;
  for (const CLI::Option* o : at.get_options()) {
    for (const std::string& l : o->get_lnames())
      names.push_back("--" + l);
    for (const std::string& s : o->get_snames())
      names.push_back("-" + s);
  }
  return names;
}

// CLI11 2.3 lists subcommands through a non-const member only.
std::vector<const CLI::App*> subcommands(const CLI::App& at)
{
  const std::vector<CLI::App*> subs = const_cast<CLI::App&>(at).get_subcommands({});
  return {subs.begin(), subs.end()};
}

} // namespace

std::string usage_hint(const CLI::App& app, int argc, const char* const* argv)
{
  const CLI::App* at = &app;
  std::string command = "bcssim";
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") // what follows is positional
      return "";
    if (word.size() > 1 && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      const CLI::Option* option = at->get_option_no_throw(name);
      if (option == nullptr) {
        const std::vector<std::string> names = option_names(*at);
        return fmt::format("no option '{}' for '{}'{}; options: {} ({} --help)", name, command,
                           did_you_mean(name, names), fmt::join(names, ", "), command);
      }
      if (option->get_type_size() != 0 && name.size() == word.size()) // its value is the next word
        ++i;
      continue;
    }
    std::vector<std::string> subs;
    const CLI::App* chosen = nullptr;
    for (const CLI::App* sub : subcommands(*at)) {
      subs.push_back(sub->get_name());
      if (sub->check_name(word))
        chosen = sub;
    }
    if (subs.empty())
      continue; // a positional argument
    if (chosen != nullptr) {
      at = chosen;
      command += " " + word;
      continue;
    }
    std::vector<std::string> meant = subs;
    if (at == &app)
      meant.push_back("--version");
    return fmt::format("no subcommand '{}' of '{}'{}; subcommands: {} ({} --help)", word, command,
                       did_you_mean(word, meant), fmt::join(subs, ", "), command);
  }
  return "";
}

} // namespace bcssim::sim::cli
