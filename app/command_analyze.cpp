// drawproxy analyze [--rules NAME|FILE] [--chess960] [--pretty] startpos|fen <FEN> [moves M...]
// The Article 9 timeline of a game: one JSON object per position, ply 0 first, up to the
// ply where the game ends by itself.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "app/commands.h"
#include "app/edition_loader.h"
#include "rules/game.h"
#include "rules/notation.h"

namespace drawproxy {

namespace {

using rules::Claim;
using rules::Game;
using rules::Result;
using rules::Verdict;

nlohmann::ordered_json result_json(const std::optional<Result>& r) {
    if (!r) return nullptr;
    return {{"score", rules::score_text(r->score)},
            {"reason", rules::reason_name(r->reason)},
            {"article", r->article}};
}

// The contract's line: keys in the order ply, fen, repetition, halfmove_clock, claims, result.
std::string json_line(const Game& game, int ply, const Verdict& v) {
    const rules::Position& pos = game.position_at(ply);
    nlohmann::ordered_json claims = nlohmann::ordered_json::array();
    for (const Claim& c : v) {
        nlohmann::ordered_json o = {{"reason", rules::reason_name(c.reason)}, {"article", c.article}};
        if (c.intended) {
            nlohmann::ordered_json moves = nlohmann::ordered_json::array();
            for (rules::Move m : c.moves) moves.push_back(rules::to_uci(pos, m));
            o["moves"] = std::move(moves);
        }
        claims.push_back(std::move(o));
    }
    nlohmann::ordered_json line = {{"ply", ply},
                                   {"fen", rules::to_fen(pos)},
                                   {"repetition", game.repetition_count(ply)},
                                   {"halfmove_clock", pos.halfmove_clock()},
                                   {"claims", std::move(claims)},
                                   {"result", result_json(v.result)}};
    return line.dump();
}

std::string claim_text(const rules::Position& pos, const Claim& c) {
    std::string text = fmt::format("{} {}", rules::reason_name(c.reason), c.article);
    if (!c.intended) return text;
    constexpr int SHOWN = 4;  // long lists (fifty moves) would swamp the table
    text += " [";
    for (int i = 0; i < c.moves.size() && i < SHOWN; ++i)
        text += (i ? " " : "") + rules::to_uci(pos, c.moves[i]);
    if (c.moves.size() > SHOWN) text += fmt::format(" +{}", c.moves.size() - SHOWN);
    return text + "]";
}

// A table for people: ply, the move that led there (SAN), repetition, clock, claims, result.
std::string pretty_line(const Game& game, int ply, const Verdict& v) {
    const rules::Position& pos = game.position_at(ply);
    std::string move = "(start)";
    if (ply > 0) {
        const rules::Position& before = game.position_at(ply - 1);
        move = fmt::format("{}{} {}", before.fullmove_number(),
                           before.side_to_move() == rules::WHITE ? "." : "...",
                           rules::to_san(before, game.move_at(ply - 1)));
    }
    std::string claims;
    for (const Claim& c : v) claims += (claims.empty() ? "" : "; ") + claim_text(pos, c);
    std::string result;
    if (v.result)
        result = fmt::format("{} {} {}", rules::score_text(v.result->score),
                             rules::reason_name(v.result->reason), v.result->article);
    return fmt::format("{:>4}  {:<14} {:>3} {:>5}  {:<40} {}", ply, move, game.repetition_count(ply),
                       pos.halfmove_clock(), claims.empty() ? "-" : claims, result);
}

}  // namespace

int run_analyze(const Args& args) {
    CLI::App app{"Prints the Article 9 timeline of a game: claims and automatic endings at every ply.",
                 "drawproxy analyze"};
    std::string rules_name(rules::Edition::DEFAULT_NAME);
    bool chess960 = false, pretty = false;
    app.add_option("--rules", rules_name, "rule edition: a built-in name or a TOML file");
    app.add_flag("--chess960", chess960, "Chess960 castling (king takes rook in move text)");
    app.add_flag("--pretty", pretty, "a readable table instead of JSON lines");
    app.prefix_command();  // the position words follow, FEN fields such as "-" included
    if (int status = parse_command_line(
            app, args, "analyze",
            "Position: startpos|fen <FEN> [moves M...] (the words of a UCI position command)\n");
        status >= 0)
        return status;
    std::vector<std::string> words = app.remaining();
    std::size_t i = 0;
    if (i < words.size() && words[i] == "position") ++i;  // accept a whole UCI command too
    if (i == words.size()) return usage_error("analyze: expected startpos or fen <FEN>");

    rules::Edition edition;
    try {
        edition = app::load_edition(rules_name);
    } catch (const rules::EditionError& e) {
        return usage_error(std::string("analyze: ") + e.what());
    }

    rules::Position start(rules::Position::Uninitialised{});
    std::string fen, error;
    if (words[i] == "startpos") {
        fen = std::string(rules::Position::START_FEN);
        ++i;
    } else if (words[i] == "fen") {
        for (++i; i < words.size() && words[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + words[i];
        if (fen.empty()) return usage_error("analyze: fen needs a FEN");
    } else {
        return usage_error("analyze: expected startpos or fen <FEN>, got '" + words[i] + "'");
    }
    if (!rules::parse_fen(fen, chess960, start, error)) return usage_error("analyze: bad FEN: " + error);
    if (i < words.size()) {
        if (words[i] != "moves") return usage_error("analyze: expected moves, got '" + words[i] + "'");
        ++i;
    }

    // Read every move first, so bad input gives one error line and no partial timeline.
    Game game(start);
    for (int ply = 1; i < words.size(); ++i, ++ply) {
        rules::Move m = rules::parse_uci_move(game.position(), words[i], error);
        if (m.is_none()) return usage_error(fmt::format("analyze: ply {}: {}", ply, error));
        game.play(m);
    }

    if (pretty)
        fmt::print("{:>4}  {:<14} {:>3} {:>5}  {:<40} {}\n", "ply", "move", "rep", "clock", "claims",
                   "result");
    std::string out;
    for (int ply = 0; ply <= game.ply_count(); ++ply) {
        const Verdict v = game.verdict(edition, ply);
        out += pretty ? pretty_line(game, ply, v) : json_line(game, ply, v);
        out += '\n';
        if (v.result) break;  // the game ended by itself: nothing after this ply counts
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

}  // namespace drawproxy
