// drawproxy report [-o FILE.html] [--full-sections N] INPUT.json|INPUT.pgn...
// One HTML page from what `drawproxy match` wrote: its -jsonout summary, its PGN files, or
// both (the PGN gives the moves, scores, claims and offers; the summary its game numbers,
// statistics and per-game fields). The PGN holds the games in the order they finished; the
// summary lists them by number and says that order in `finish_order`, so the n-th game of the
// PGN is the summary's game finish_order[n] (a merged summary and PGN are both by number).
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/commands.h"
#include "html/match_page.h"
#include "output/html_page.h"
#include "rules/pgn.h"

namespace drawproxy {

namespace {

bool is_json(const std::string& path, const std::string& text) {
    if (path.ends_with(".json")) return true;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        return c == '{';
    }
    return false;
}

// Puts the summary's games in the order they were appended to the PGN, when it says it.
void games_in_finish_order(nlohmann::json& summary) {
    const auto order = summary.find("finish_order");
    const auto games = summary.find("games");
    if (order == summary.end() || games == summary.end() || !order->is_array() || !games->is_array() ||
        order->size() != games->size())
        return;
    std::map<int, const nlohmann::json*> by_number;
    for (const nlohmann::json& g : *games)
        if (g.is_object())
            if (auto n = g.find("game"); n != g.end() && n->is_number_integer())
                by_number[n->get<int>()] = &g;
    nlohmann::json listed = nlohmann::json::array();
    for (const nlohmann::json& n : *order) {
        const auto it = n.is_number_integer() ? by_number.find(n.get<int>()) : by_number.end();
        if (it == by_number.end()) return;  // not this runner's summary: left as it is
        listed.push_back(*it->second);
    }
    *games = std::move(listed);
}

}  // namespace

int run_report(const Args& args) {
    CLI::App app{"Writes one HTML page of a match from its JSON summary and/or PGN files.",
                 "drawproxy report"};
    std::string out_path = "report.html";
    int full_sections = html::MatchView{}.full_sections_up_to;
    std::vector<std::string> inputs;
    app.add_option("-o,--output", out_path, "the HTML file to write (default report.html)");
    app.add_option(
           "--full-sections", full_sections,
           "up to this many games every game has its section written out; beyond, only games with a claim "
           "or a drawn ending of the Laws, the rest drawn by the page's script (default 1000)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("INPUT", inputs, "-jsonout summaries (.json) and PGN files written by drawproxy match")
        ->required();
    if (int status = parse_command_line(app, args, "report"); status >= 0) return status;

    int status = 0;
    std::optional<nlohmann::json> summary;
    std::vector<html::GameView> pgn_games;
    std::string rules_tag, time_control;
    for (const std::string& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        if (!in) return usage_error(fmt::format("report: cannot read {}: {}", path, std::strerror(errno)));
        std::stringstream buffer;
        buffer << in.rdbuf();
        const std::string text = buffer.str();
        if (is_json(path, text)) {
            nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
            if (j.is_discarded() || !j.is_object())
                return usage_error(fmt::format("report: {} is not a JSON summary written by -jsonout", path));
            if (summary) return usage_error(fmt::format("report: {}: only one JSON summary at a time", path));
            summary = std::move(j);
            games_in_finish_order(*summary);
            continue;
        }
        rules::PgnReader reader;
        reader.feed(text);
        reader.finish();
        int read = 0;
        while (const rules::PgnGame* g = reader.next()) {
            ++read;
            if (!g->ok()) {
                status = usage_error(fmt::format("report: {}: game {}, ply {}: {}", path, g->number,
                                                 g->error->ply, g->error->message));
                continue;
            }
            if (rules_tag.empty()) rules_tag = std::string(g->tag("Rules"));
            if (time_control.empty()) time_control = std::string(g->tag("TimeControl"));
            pgn_games.push_back(output::game_view(*g));
            pgn_games.back().number = int(pgn_games.size());
        }
        if (read == 0)
            return usage_error(fmt::format("report: {} holds no PGN game and no JSON summary", path));
    }

    html::MatchView m;
    m.full_sections_up_to = full_sections;
    if (!pgn_games.empty()) {
        m.games = std::move(pgn_games);
        if (summary) {
            // The summary's games pair with the PGN's by their order; a pair whose players
            // differ means the files are of different matches, and only the PGN is used.
            const std::vector<html::GameView> listed = output::game_views(*summary);
            bool same = listed.size() == m.games.size();
            for (std::size_t i = 0; same && i < listed.size(); ++i)
                same = listed[i].white == m.games[i].white && listed[i].black == m.games[i].black;
            if (same) {
                const nlohmann::json& list = (*summary)["games"];
                for (std::size_t i = 0; i < m.games.size(); ++i) {
                    m.games[i].number = listed[i].number;
                    output::add_summary_fields(m.games[i], list[i]);
                }
            } else {
                std::fprintf(stderr,
                             "drawproxy: report: the JSON summary and the PGN hold different games; "
                             "the summary's per-game fields are left out\n");
            }
        }
    } else if (summary) {
        m.games = output::game_views(*summary);
    }
    std::stable_sort(m.games.begin(), m.games.end(),
                     [](const auto& a, const auto& b) { return a.number < b.number; });
    nlohmann::json own = summary ? *summary : nlohmann::json::object();
    if (!own.contains("rules") && !rules_tag.empty()) own["rules"] = rules_tag;
    if (!own.contains("time_control") && !time_control.empty()) own["time_control"] = time_control;
    output::complete_match_view(m, &own);

    std::string page, error;
    html::append_match_page(page, m);
    if (!output::write_file_atomically(out_path, page, error)) return usage_error("report: " + error);
    return status;
}

}  // namespace drawproxy
