// The usage text of the match runner and the README's tables of every option in each dialect,
// written from the option and engine-key tables (tests/app/match_cli_test.cpp checks that
// README.md agrees with both).
#include "app/match_options.h"

#include <fmt/format.h>
#include <algorithm>
#include <vector>

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

namespace {

constexpr Dialect MATRIX_DIALECTS[] = {Dialect::drawproxy, Dialect::fastchess, Dialect::cutechess};

// The entry of `name` that speaks for `d` in a table of options or engine keys, or null.
template <typename Spec>
const Spec* entry_of(std::span<const Spec> table, std::string_view name, Dialect d) {
    for (const Spec& s : table)
        if (s.name == name && (s.dialects & bit_of(d))) return &s;
    return nullptr;
}

// A cell: not there, refused, or taken with drawproxy match's meaning or the dialect's own.
template <typename Spec>
std::string_view cell(const Spec* entry, const Spec* drawproxy_entry, Dialect d) {
    if (!entry) return "unknown";
    if (entry->kind == Kind::refused) return "refused";
    if (drawproxy_entry && drawproxy_entry->kind != Kind::refused && entry != drawproxy_entry)
        return d == Dialect::fastchess ? "yes: fastchess' meaning" : "yes: cutechess-cli's meaning";
    return "yes";
}

// One row per name, in the table's order; `label` spells the name as the row shows it.
template <typename Spec>
void add_rows(std::string& out, std::span<const Spec> table, std::string (*label)(std::string_view)) {
    std::vector<std::string_view> seen;
    for (const Spec& s : table) {
        if (std::find(seen.begin(), seen.end(), s.name) != seen.end()) continue;
        seen.push_back(s.name);
        out += "| " + label(s.name) + " |";
        const Spec* own = entry_of(table, s.name, Dialect::drawproxy);
        for (Dialect d : MATRIX_DIALECTS) {
            out += ' ';
            out += cell(entry_of(table, s.name, d), own, d);
            out += " |";
        }
        out += '\n';
    }
}

std::string option_label(std::string_view name) { return fmt::format("`{}`", name); }
std::string key_label(std::string_view name) {
    return name == "option." ? "`option.NAME=`" : fmt::format("`{}=`", name);
}

}  // namespace

std::string option_matrix() {
    std::string out = "| option | `drawproxy match` | `fastchess` | `cutechess-cli` |\n|---|---|---|---|\n";
    add_rows(out, option_table(), option_label);
    for (const auto& [alias, name] : option_aliases())
        out += fmt::format("| `{}` | as `{}` | as `{}` | as `{}` |\n", alias, name, name, name);
    out += "\n| engine key | `drawproxy match` | `fastchess` | `cutechess-cli` |\n|---|---|---|---|\n";
    add_rows(out, engine_key_table(), key_label);
    return out;
}

const char* match_usage() {
    static const std::string text = usage_text(Dialect::drawproxy);
    return text.c_str();
}

}  // namespace drawproxy::app
