#include "output/cutechess_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "output/pgn.h"
#include "output/status_lines.h"
#include "stats/sprt.h"

namespace drawproxy::output {

namespace {

using rules::Score;
using rules::Termination;

// One player's line: its counts and cutechess-cli's figures from them (its Elo class).
struct Row {
    int rank = 0;
    const RankedPlayer* player = nullptr;
    Trinomial all;
    CutechessElo elo;
};

Trinomial games_of(const RankedPlayer& p) {
    Trinomial all = p.white;
    all += p.black;
    return all;
}

// Elo::pointRatio() and Elo::drawRatio(), computed as cutechess-cli computes them (the score
// also orders the table, so the same double matters).
double point_ratio(const Trinomial& t) {
    return double(2 * t.wins + t.draws) / (double(t.wins + t.losses + t.draws) * 2);
}
double draw_ratio(const Trinomial& t) { return double(t.draws) / double(t.wins + t.losses + t.draws); }

// Its cells: the value right-aligned (the name left-aligned) in the column's width, a space
// after; a percentage "%1% " in a width of 6.
std::string number_cell(std::int64_t n, int width = 7) { return qt_padded(std::to_string(n), width) + " "; }
std::string percent_cell(double ratio) { return qt_fixed(ratio * 100.0, 1, 6) + "% "; }
template <OutcomeClass C>
std::string outcome_cell(const Row& r) {
    return number_cell(r.player->outcomes[std::size_t(C)]);
}

using Cell = std::string (*)(const Row&);

struct Column {
    std::string_view token;
    std::string_view header;  // "": no header and no cells (tokens cutechess-cli maps to nothing)
    int width;
    Cell cell;
};

// m_tokenMap with m_headerMap's titles and widths, in cutechess-cli's order. LOS and the
// colours' Elo figures are tokens without a cell: it prints nothing for them.
constexpr Column COLUMNS[] = {
    {"Rank", "Rank", 4, [](const Row& r) { return number_cell(r.rank, 4); }},
    {"Name", "Name", -25, [](const Row& r) { return qt_padded(r.player->name, -25) + " "; }},
    {"Games", "Games", 7, [](const Row& r) { return number_cell(r.all.games()); }},
    {"W", "Wins", 7, [](const Row& r) { return number_cell(r.all.wins); }},
    {"L", "Losses", 7, [](const Row& r) { return number_cell(r.all.losses); }},
    {"D", "Draws", 7, [](const Row& r) { return number_cell(r.all.draws); }},
    {"wW", "WWins", 7, [](const Row& r) { return number_cell(r.player->white.wins); }},
    {"wL", "WLoss.", 7, [](const Row& r) { return number_cell(r.player->white.losses); }},
    {"wD", "WDraws", 7, [](const Row& r) { return number_cell(r.player->white.draws); }},
    {"bW", "BWins", 7, [](const Row& r) { return number_cell(r.player->black.wins); }},
    {"bL", "BLoss.", 7, [](const Row& r) { return number_cell(r.player->black.losses); }},
    {"bD", "BDraws", 7, [](const Row& r) { return number_cell(r.player->black.draws); }},
    {"Points", "Points", 8, [](const Row& r) { return qt_fixed(r.all.points(), 1, 8) + " "; }},
    {"Score", "Score", 7, [](const Row& r) { return percent_cell(point_ratio(r.all)); }},
    {"DScore", "Draw", 7, [](const Row& r) { return percent_cell(draw_ratio(r.all)); }},
    {"Elo", "Elo", 7, [](const Row& r) { return qt_fixed(r.elo.diff, 0, 7) + " "; }},
    {"Error", "+/-", 7, [](const Row& r) { return qt_fixed(r.elo.error, 0, 7) + " "; }},
    {"LOS", "", 0, nullptr},
    {"wScore", "White", 7, [](const Row& r) { return percent_cell(point_ratio(r.player->white)); }},
    {"wDScore", "WDraw", 7, [](const Row& r) { return percent_cell(draw_ratio(r.player->white)); }},
    {"wElo", "", 0, nullptr},
    {"wError", "", 0, nullptr},
    {"wLOS", "", 0, nullptr},
    {"bScore", "Black", 7, [](const Row& r) { return percent_cell(point_ratio(r.player->black)); }},
    {"bDScore", "BDraw", 7, [](const Row& r) { return percent_cell(draw_ratio(r.player->black)); }},
    {"bElo", "", 0, nullptr},
    {"bError", "", 0, nullptr},
    {"Time", "Time", 7, outcome_cell<OutcomeClass::Timeout>},
    {"Illegal", "Illegal", 7, outcome_cell<OutcomeClass::IllegalMove>},
    {"Discon", "Discon", 7, outcome_cell<OutcomeClass::Disconnection>},
    {"Stall", "Stall", 7, outcome_cell<OutcomeClass::StalledConnection>},
    {"WrClaim", "WrClaim", 7, outcome_cell<OutcomeClass::InvalidResultClaim>},
    {"RegulL", "RegulL", 7, outcome_cell<OutcomeClass::RegularLoss>},
    {"RegulW", "RegulW", 7, outcome_cell<OutcomeClass::RegularWin>},
    {"OtherW", "OtherW", 7, outcome_cell<OutcomeClass::OtherWin>},
    {"DStale", "DStale", 7, outcome_cell<OutcomeClass::Stalemate>},
    {"DMater", "DMater", 7, outcome_cell<OutcomeClass::Material>},
    {"DRepet", "DRepet", 7, outcome_cell<OutcomeClass::Repetition>},
    {"DMoves", "DMoves", 7, outcome_cell<OutcomeClass::MovesRule>},
    {"DCount", "DCount", 7, outcome_cell<OutcomeClass::CountingRules>},
    {"DAdj", "DAdj", 7, outcome_cell<OutcomeClass::Adjudication>},
    {"DAgree", "DAgree", 7, outcome_cell<OutcomeClass::Agreement>},
    {"OtherD", "OtherD", 7, outcome_cell<OutcomeClass::OtherDraw>},
    {"TC", "TC", 14, [](const Row& r) { return qt_padded(r.player->time_control, 14) + " "; }},
};

using Named = std::pair<std::string_view, std::string_view>;

// m_namedFormats and m_namedGroups, sorted by name as its QMap lists them. Its groups name
// wPoints and bPoints, which are no tokens: they print nothing.
constexpr Named NAMED_FORMATS[] = {
    {"concise", "Rank,Name,Elo,Error,Games"},
    {"default", DEFAULT_RESULT_FORMAT},
    {"draws",
     "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD"},
    {"minimal", "Rank,Name"},
    {"ordo", "Rank,Name,Elo,Points,Games,Score"},
    {"per-color", "Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints"},
    {"short", "Rank,Name,Elo,Games"},
    {"small", "Rank,Name,Games,Points"},
    {"term", "Rank,Name,Elo,Error,Games,Score,Time,Illegal,Discon,Stall,WrClaim"},
    {"wide", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore"},
    {"wide2", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,wScore,bScore"},
    {"wide3", "Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations"},
    {"with-points", "Rank,Name,Elo,Error,Games,Points,Score,DScore"},
};
constexpr Named GROUPS[] = {
    {"DrawStats", "DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD"},
    {"Terminations", "Time,Illegal,Discon,Stall,WrClaim"},
    {"WLDStats", "W,L,D,Points,Score,wW,wL,wD,wPoints,wScore,bW,bL,bD,bPoints,bScore"},
};

const Column* column_of(std::string_view token) {
    for (const Column& c : COLUMNS)
        if (c.token == token) return &c;
    return nullptr;
}

// QString::split(',', Qt::SkipEmptyParts), each part without its spaces.
std::vector<std::string> split_tokens(std::string_view format) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= format.size()) {
        const std::size_t end = std::min(format.find(',', start), format.size());
        std::string part(format.substr(start, end - start));
        if (!part.empty()) {
            part.erase(std::remove(part.begin(), part.end(), ' '), part.end());
            out.push_back(std::move(part));
        }
        start = end + 1;
    }
    return out;
}

// Tournament::results(): a named format stands for its list, then each group's name is
// replaced wherever it occurs (as text, inside a longer word too), in the groups' order.
std::vector<const Column*> columns_of(std::string_view format) {
    std::string text(format);
    for (const auto& [name, list] : NAMED_FORMATS)
        if (text == name) {
            text = list;
            break;
        }
    for (const auto& [name, list] : GROUPS)
        for (std::size_t at = text.find(name); at != std::string::npos;
             at = text.find(name, at + list.size()))
            text.replace(at, name.size(), list);
    std::vector<const Column*> columns;
    for (const std::string& token : split_tokens(text))
        if (const Column* c = column_of(token)) columns.push_back(c);
    return columns;
}

// The players in the table's order: by score, best first; players without a game last; a
// gauntlet's seeds (its first player, or its -seeds first ones) first. Equal keys list the later
// player first (its QMultiMap).
std::vector<std::size_t> ranking_order(const std::vector<RankedPlayer>& players, int gauntlet_seeds) {
    std::vector<std::pair<double, std::size_t>> keyed;
    for (std::size_t i = players.size(); i-- > 0;) {
        const Trinomial all = games_of(players[i]);
        double key = all.games() ? 1.0 - point_ratio(all) : 2.0;
        if (gauntlet_seeds > 0 && (i == 0 || int(i) < gauntlet_seeds)) key = -1.0;
        keyed.emplace_back(key, i);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::size_t> order;
    for (const auto& k : keyed) order.push_back(k.second);
    return order;
}

// The player's class in a drawn game of cutechess-cli's type Draw: by the words of its reason.
OutcomeClass board_draw_class(const std::string& reason) {
    const auto has = [&](std::string_view w) { return reason.find(w) != std::string::npos; };
    if (has("stalemate")) return OutcomeClass::Stalemate;
    if (has("material")) return OutcomeClass::Material;
    if (has("repetition")) return OutcomeClass::Repetition;
    if (has("moves rule")) return OutcomeClass::MovesRule;
    if (has("counting rules")) return OutcomeClass::CountingRules;
    return OutcomeClass::OtherDraw;
}

// cutechess-cli's forfeits: the loser's class, or both players' in a drawn one.
std::optional<OutcomeClass> forfeit_class(Termination t) {
    switch (t) {
        case Termination::TimeForfeit:
            return OutcomeClass::Timeout;
        case Termination::IllegalMove:
            return OutcomeClass::IllegalMove;
        case Termination::Crash:
            return OutcomeClass::Disconnection;
        case Termination::Stall:
            return OutcomeClass::StalledConnection;
        default:
            return std::nullopt;
    }
}

// A drawn game's class for both players (none: a type cutechess-cli has no column for).
std::optional<OutcomeClass> draw_class(const game::GameRecord& g) {
    const Termination t = g.outcome.termination;
    if (auto f = forfeit_class(t)) return f;
    switch (t) {
        case Termination::Adjudication:
            return OutcomeClass::Adjudication;
        case Termination::Agreement:
            return OutcomeClass::Agreement;
        case Termination::Checkmate:
        case Termination::Resignation:
            return std::nullopt;
        default:
            return board_draw_class(runner_reason_text(g, rules::Wording::cutechess));
    }
}

}  // namespace

std::string cutechess_tc_text(const game::TimeControl& tc) {
    if (tc.infinite) return "inf";
    // QString::number(double) and arg(double): 'g', six digits
    if (tc.movetime_ms) return qt_general(double(tc.movetime_ms) / 1000, 6) + "/move";
    std::string s = tc.hourglass ? "hg" : "";
    if (tc.moves > 0) s += std::to_string(tc.moves) + "/";
    s += qt_general(double(tc.base_ms) / 1000, 6);
    if (tc.increment_ms > 0) s += "+" + qt_general(double(tc.increment_ms) / 1000, 6);
    return s;
}

Standings::Standings(std::vector<RankedPlayer> players) : players_(std::move(players)) {}

void Standings::add(int white, int black, const game::GameRecord& g) {
    const auto n = int(players_.size());
    if (white < 0 || black < 0 || white >= n || black >= n || g.outcome.unterminated()) return;
    RankedPlayer& w = players_[std::size_t(white)];
    RankedPlayer& b = players_[std::size_t(black)];
    const auto count = [](RankedPlayer& p, OutcomeClass c) { ++p.outcomes[std::size_t(c)]; };
    const Score s = g.outcome.score;
    if (s == Score::Draw) {
        ++w.white.draws, ++b.black.draws, ++sprt_counts_.draws;
        if (auto c = draw_class(g)) count(w, *c), count(b, *c);
        return;
    }
    const bool white_won = s == Score::WhiteWins;
    RankedPlayer& winner = white_won ? w : b;
    RankedPlayer& loser = white_won ? b : w;
    ++(white_won ? w.white.wins : b.black.wins);
    ++(white_won ? b.black.losses : w.white.losses);
    ++((white_won ? white : black) == 0 ? sprt_counts_.wins : sprt_counts_.losses);
    if (auto f = forfeit_class(g.outcome.termination)) {
        count(winner, OutcomeClass::OtherWin), count(loser, *f);
    } else {
        count(winner, OutcomeClass::RegularWin), count(loser, OutcomeClass::RegularLoss);
    }
}

std::string cutechess_table(const std::vector<RankedPlayer>& players, std::string_view format,
                            int gauntlet_seeds) {
    const std::vector<const Column*> columns = columns_of(format);
    std::string out;
    for (const Column* c : columns)
        if (!c->header.empty()) out += qt_padded(c->header, c->width) + " ";
    out += "\n";
    int rank = gauntlet_seeds > 0 ? -1 : 0;
    for (const std::size_t i : ranking_order(players, gauntlet_seeds)) {
        Row row;
        row.rank = ++rank;
        row.player = &players[i];
        row.all = games_of(players[i]);
        row.elo = cutechess_elo(row.all);
        for (const Column* c : columns)
            if (c->cell) out += c->cell(row);
        out += "\n";
    }
    return out;
}

std::string cutechess_ranking(const Standings& s, std::string_view format, int gauntlet_seeds,
                              const StatsSettings& settings) {
    // Its SPRT, when set, counts every game from the first player's side (sprt_counts()); the
    // LLR is drawproxy's model, as in the two-player block.
    const double llr = settings.sprt ? stats::llr(*settings.sprt, s.sprt_counts()) : 0.0;
    return cutechess_table(s.players(), format, gauntlet_seeds) + "\n" + cutechess_sprt_line(settings, llr);
}

std::string result_format_help() {
    // Its qInfo() << a << b: the parts joined by spaces, one line per call.
    std::string out =
        "\nOption -resultformat accepts a comma separated list of fields or one of following format "
        "names:\n\n";
    for (const auto& [name, list] : NAMED_FORMATS) out += fmt::format("{} \n   {}\n", name, list);
    std::vector<std::string_view> tokens;
    for (const Column& c : COLUMNS) tokens.push_back(c.token);
    std::sort(tokens.begin(), tokens.end());
    out += "\nField tokens:\n   ";
    for (const std::string_view t : tokens) out += fmt::format("{} ", t);
    out += "\n\nNamed shortcuts:\n";
    for (const auto& [name, list] : GROUPS) out += fmt::format("{} \n   {}\n", name, list);
    return out;
}

std::string result_format_value(std::string_view given) {
    // QString::left(256): 256 UTF-16 units (a four-byte UTF-8 sequence is two)
    std::size_t end = 0;
    for (int units = 0; end < given.size(); ++end) {
        const auto b = static_cast<unsigned char>(given[end]);
        if ((b & 0xC0) == 0x80) continue;
        units += b >= 0xF0 ? 2 : 1;
        if (units > 256) break;
    }
    std::string_view v = given.substr(0, end);
    const auto blank = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    while (!v.empty() && blank(v.front())) v.remove_prefix(1);
    while (!v.empty() && blank(v.back())) v.remove_suffix(1);
    return std::string(v);
}

std::vector<std::string> unknown_result_fields(std::string_view format) {
    std::set<std::string, std::less<>> known;
    for (const Column& c : COLUMNS) known.emplace(c.token);
    for (const auto& [name, list] : GROUPS) {
        known.emplace(name);
        for (const std::string& t : split_tokens(list)) known.insert(t);
    }
    for (const auto& [name, list] : NAMED_FORMATS) {
        if (format == name) return {};
        for (const std::string& t : split_tokens(list)) known.insert(t);
    }
    std::vector<std::string> unknown;
    for (const std::string& t : split_tokens(format))
        if (!known.contains(t)) unknown.push_back(t);
    return unknown;
}

}  // namespace drawproxy::output
