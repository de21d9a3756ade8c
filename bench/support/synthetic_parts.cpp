#include "bench/support/synthetic_parts.h"

#include <fmt/core.h>

#include <ctime>
#include <fstream>
#include <random>
#include <stdexcept>

#include "merge/summaries.h"
#include "output/report.h"
#include "output/status_lines.h"
#include "rules/notation.h"
#include "stats/encounters.h"
#include "tournament/shard.h"

namespace drawproxy::bench {

namespace {

// Four 20-ply openings: the first 8 plies are the book, the rest the engines' moves.
const char* const kLines[4][20] = {
    {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
     "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7"},
    {"d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7", "e2e3", "e8g8",
     "g1f3", "h7h6", "g5h4", "b7b6", "f1e2", "c8b7", "h4f6", "e7f6", "c4d5", "e6d5"},
    {"e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6",
     "c1e3", "e7e5", "d4b3", "c8e6", "f2f3", "f8e7", "d1d2", "e8g8", "e1c1", "b8d7"},
    {"c2c4", "e7e5", "b1c3", "g8f6", "g1f3", "b8c6", "g2g3", "d7d5", "c4d5", "f6d5",
     "f1g2", "d5b6", "e1g1", "f8e7", "d2d3", "e8g8", "a2a3", "c8e6", "b2b4", "f7f6"}};
constexpr int kBookPlies = 8;

// The plies of opening `line`, then `total - 20` more of which only the count is kept (a
// Report takes the book moves and the engines' times from the moves it has).
std::vector<game::PlyRecord> plies(int line, int total, std::mt19937& rng) {
    std::vector<game::PlyRecord> out;
    rules::Position pos = rules::Position::startpos();
    for (int i = 0; i < 20; ++i) {
        game::PlyRecord p;
        p.move = rules::parse_uci_move(pos, kLines[line][i]);
        if (!p.move)
            throw std::logic_error(fmt::format("bench opening {}: {} is illegal", line, kLines[line][i]));
        p.book = i < kBookPlies;
        if (!p.book) p.time_ms = 50 + std::int64_t(rng() % 400);
        pos.play(p.move);
        out.push_back(p);
    }
    out.resize(std::size_t(total));
    return out;
}

// A game as the runner writes it to PGN: its tags, then the moves with "{score/depth time}".
std::string pgn_game(const game::GameRecord& g, int line) {
    std::string text = fmt::format(
        "[Event \"bench\"]\n[Site \"?\"]\n[Date \"2026.12.01\"]\n[Round \"{}\"]\n[White \"{}\"]\n"
        "[Black \"{}\"]\n[Result \"{}\"]\n[ResultRule \"{}\"]\n[TimeControl \"{}\"]\n\n",
        g.round, g.white, g.black, g.outcome.result_text(), g.outcome.rule_text(), g.time_control);
    std::string row;
    for (int ply = 0; ply < 20; ++ply) {
        const std::string word =
            (ply % 2 == 0 ? fmt::format("{}. ", ply / 2 + 1) : std::string()) + kLines[line][ply] +
            fmt::format(" {{+0.{:02}/{} 0.{:03}s}}", (g.number + ply) % 100, 10 + ply % 7, ply * 37);
        if (row.size() + word.size() + 1 > 80) {
            text += row + '\n';
            row.clear();
        }
        row += (row.empty() ? "" : " ") + word;
    }
    text += row + ' ' + g.outcome.result_text() + "\n\n";
    return text;
}

// Results with a small edge for A and 60% draws, ended the ways long matches end.
game::Outcome outcome(std::mt19937& rng, bool a_is_white) {
    game::Outcome o;
    const unsigned x = rng() % 100;
    if (x < 60) {
        o.score = rules::Score::Draw;
        struct Draw {
            rules::Termination termination;
            const char* article;
            bool claimed;
        };
        static constexpr Draw draws[] = {{rules::Termination::Threefold, "9.2.2", true},
                                         {rules::Termination::FiftyMoves, "9.3.1", true},
                                         {rules::Termination::DeadPosition, "5.2.2", false},
                                         {rules::Termination::Adjudication, "draw", false}};
        const Draw& d = draws[x % 4];
        o.termination = d.termination;
        o.article = d.article;
        o.claimed = d.claimed;
        if (o.claimed && x % 3 == 0) o.move = "g1f3";
    } else {
        const bool a_wins = x < 82;
        o.score = a_wins == a_is_white ? rules::Score::WhiteWins : rules::Score::BlackWins;
        o.termination = x % 2 ? rules::Termination::Checkmate : rules::Termination::Adjudication;
        o.article = x % 2 ? "5.1.1" : "resign";
    }
    return o;
}

}  // namespace

double cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

WrittenParts write_parts(const std::filesystem::path& dir, int parts, int games_per_part, bool with_pgn) {
    std::mt19937 rng(7);
    WrittenParts written;
    const std::vector<std::string> names{"A", "B"};
    const stats::StatsSettings settings{true,
                                        stats::SprtParams{0, 2, 0.05, 0.05, stats::SprtModel::normalized}};
    for (int k = 1; k <= parts; ++k) {
        output::Report report(names, "fide-2023");
        stats::EncounterStats stats(names, parts * games_per_part / 2);
        const std::string pgn_path = (dir / fmt::format("part-{}.pgn", k)).string();
        std::ofstream pgn;
        if (with_pgn) pgn.open(pgn_path, std::ios::binary);
        nlohmann::json order = nlohmann::json::array();
        for (int g = 0; g < games_per_part; ++g) {
            // Two games at a time finish in either order.
            const int slot = (g % 4 == 1) ? g + 1 : (g % 4 == 2) ? g - 1 : g;
            const int unit = (k - 1) + (slot / 2) * parts, line = unit % 4;
            const bool second = slot % 2 == 1;  // the pair's second game: colours swapped
            game::GameRecord r;
            r.number = 2 * unit + slot % 2 + 1;
            r.round = unit + 1;
            r.white = second ? "B" : "A";
            r.black = second ? "A" : "B";
            r.time_control = "10+0.1";
            r.rules = "fide-2023";
            r.start = rules::Position::startpos();
            r.plies = plies(line, 60 + int(rng() % 140), rng);
            r.outcome = outcome(rng, !second);
            r.wall_ms = 2000 + std::int64_t(rng() % 28000);
            report.add(r);
            stats.add(second ? 1 : 0, second ? 0 : 1, r.outcome.score, unit);
            order.push_back(r.number);
            if (with_pgn) {
                const std::string text = pgn_game(r, line);
                pgn << text;
                written.pgn_bytes += text.size();
            }
        }
        // As the runner completes its summary (tournament/match_run.cpp).
        nlohmann::json j = report.json();
        j["match_id"] = "0123456789abcdef";
        j["shard"] = {{"index", k}, {"count", parts}};
        output::put_statistics(j, stats.all(), settings);
        if (with_pgn) j["pgn"] = {{"file", pgn_path}, {"order", std::move(order)}};
        const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
        const std::string path = (dir / fmt::format("part-{}.json", k)).string();
        std::ofstream(path, std::ios::binary) << text;
        written.json_files.push_back(path);
        written.json_bytes += text.size();
    }
    return written;
}

}  // namespace drawproxy::bench
