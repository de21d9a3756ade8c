// The usage text of the match runner, written from the option and engine-key tables. README.md's
// match section lists the same options (tests/app/match_cli_test.cpp checks that they agree).
#include "app/match_options.h"
#include "app/option_table.h"

namespace drawproxy::app {

namespace {

constexpr std::size_t HELP_COLUMN = 24;

// "  SYNOPSIS  help" when the synopsis leaves room, else the help on the lines below; every
// further help line indented to the help's column.
void add_entry(std::string& out, std::string_view synopsis, std::string_view help) {
    out += "  ";
    out += synopsis;
    const auto last_break = out.rfind('\n');
    const std::size_t width = out.size() - (last_break == std::string::npos ? 0 : last_break + 1);
    if (width + 2 <= HELP_COLUMN)
        out.append(HELP_COLUMN - width, ' ');
    else
        out += '\n' + std::string(HELP_COLUMN, ' ');
    for (std::size_t at = 0;;) {
        const auto end = help.find('\n', at);
        out += help.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        out += '\n';
        if (end == std::string_view::npos) break;
        out += std::string(HELP_COLUMN, ' ');
        at = end + 1;
    }
}

std::string_view header(Dialect d) {
    switch (d) {
        case Dialect::fastchess:
            return "usage: fastchess -engine KEY=VALUE... -engine KEY=VALUE... [-each KEY=VALUE...] "
                   "[options]\n\n"
                   "drawproxy's match runner with fastchess' meaning of every option, judged by the FIDE "
                   "Laws.\n"
                   "An option's values run up to the next word that starts with '-' and a letter.\n";
        case Dialect::cutechess:
            return "usage: cutechess-cli -engine KEY=VALUE... -engine KEY=VALUE... [-each KEY=VALUE...] "
                   "[options]\n\n"
                   "drawproxy's match runner with cutechess-cli's options, judged by the FIDE Laws.\n"
                   "An option's values run up to the next word that starts with '-' and a letter.\n";
        case Dialect::drawproxy:
            break;
    }
    return "usage: drawproxy match -engine KEY=VALUE... -engine KEY=VALUE... [-engine ...] [options]\n\n"
           "Plays engine-vs-engine games in cutechess-cli's option style, judged by the FIDE Laws.\n"
           "An option's values run up to the next word that starts with '-' and a letter.\n";
}

}  // namespace

std::string usage_text(Dialect d) {
    std::string out(header(d));
    out += "\nEngine keys (for -engine and -each):\n";
    for (const EngineKeySpec& k : engine_key_table())
        if ((k.dialects & bit_of(d)) && !k.synopsis.empty()) add_entry(out, k.synopsis, k.help);
    out += "\nOptions:\n";
    for (const OptionSpec& o : option_table())
        if ((o.dialects & bit_of(d)) && !o.synopsis.empty()) add_entry(out, o.synopsis, o.help);
    return out;
}

const char* match_usage() {
    static const std::string text = usage_text(Dialect::drawproxy);
    return text.c_str();
}

}  // namespace drawproxy::app
