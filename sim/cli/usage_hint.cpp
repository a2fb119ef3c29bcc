// What CLI11 says of a mistyped word ("The following argument was not expected: --frce", "A subcommand is
// required") names neither the command it was given to nor what was meant: this walks the command line as CLI11
// did and names the first word no command or option takes, with a "did you mean" among what that command has.
// Its other errors ("--out: 1 required TEXT missing", "1 to 4096", "scenario is required") are said again in
// bcssim's words, naming the command, as the scenario's errors are (path = value: expected ...).
#include "sim/cli/command.hpp"
#include "sim/config/suggest.hpp"
#include "sim/output/csv_table.hpp"

#include <fmt/format.h>

#include <regex>

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

// The command the words name ("bcssim run"), as far as CLI11's subcommands go.
std::pair<const CLI::App*, std::string> command_of(const CLI::App& app, int argc, const char* const* argv)
{
  const CLI::App* at = &app;
  std::string command = "bcssim";
  for (int i = 1; i < argc; ++i)
    for (const CLI::App* sub : subcommands(*at))
      if (sub->check_name(argv[i])) {
        at = sub;
        command += std::string(" ") + argv[i];
        break;
      }
  return {at, command};
}

// CLI11 2.3's messages, in bcssim's words.
std::string reworded(const std::string& what, const CLI::App& at)
{
  std::smatch m;
  if (std::regex_match(what, m, std::regex(R"((\S+): 1 required (.*) missing)")))
    return fmt::format("{} needs a value", m[1].str());
  if (std::regex_match(what, m, std::regex(R"((\S+): (Directory|File) does not exist: (.*))")))
    return fmt::format("{} = {}: expected an existing {}", m[1].str(), m[3].str(),
                       m[2].str() == "Directory" ? "folder" : "file");
  if (std::regex_match(what, m, std::regex(R"((\S+): At Most (\d+) required but received (\d+))")))
    return fmt::format("{} given {} times: give it {}", m[1].str(), m[3].str(),
                       m[2].str() == "1" ? "once" : "at most " + m[2].str() + " times");
  if (std::regex_match(what, m, std::regex(R"(The following arguments? (?:was|were) not expected: (.*))")))
    return fmt::format("unexpected argument{} {}: this command takes no more",
                       m[1].str().find(' ') == std::string::npos ? "" : "s", m[1].str());
  if (std::regex_match(what, m, std::regex(R"((\S+): Value (.*) not in range (\S+) to (\S+))")))
    return fmt::format("{} = {}: expected an integer in [{}, {}]", m[1].str(), m[2].str(), m[3].str(), m[4].str());
  if (std::regex_match(what, m, std::regex(R"((\S+): (.*) not in \{(.*)\})"))) {
    const std::vector<std::string> allowed = report::split(m[3].str(), ',');
    return fmt::format("{} = {}: expected one of: {}{}", m[1].str(), m[2].str(), fmt::join(allowed, ", "),
                       did_you_mean(m[2].str(), allowed));
  }
  if (std::regex_match(what, m, std::regex(R"((\S+) is required)")))
    return m[1].str()[0] == '-' ? fmt::format("{} is required", m[1].str())
                                : fmt::format("missing the {} argument", m[1].str());
  if (what == "A subcommand is required") {
    std::vector<std::string> subs;
    for (const CLI::App* sub : subcommands(at))
      subs.push_back(sub->get_name());
    return fmt::format("a subcommand is required: {}", fmt::join(subs, ", "));
  }
  std::string text = what;
  if (!text.empty())
    text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

} // namespace

std::string command_name(const CLI::App& app, int argc, const char* const* argv)
{
  return command_of(app, argc, argv).second;
}

std::string parse_error_text(const CLI::App& app, const std::string& what, int argc, const char* const* argv)
{
  const auto [at, command] = command_of(app, argc, argv);
  return fmt::format("{}: {} ({} --help)", command, reworded(what, *at), command);
}

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
