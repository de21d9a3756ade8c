#include "tournament/openings.h"

#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "rules/notation.h"
#include "rules/pgn.h"

namespace drawproxy::tournament {

namespace {
bool is_number(const std::string& word) {
    return !word.empty() && word.size() <= 6 && word.find_first_not_of("0123456789") == std::string::npos;
}
}  // namespace

std::vector<Opening> parse_epd(const std::string& text, const std::string& origin, bool chess960) {
    std::vector<Opening> out;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::istringstream words(line);
        std::string fields[4], word;
        int n = 0;
        while (n < 4 && words >> fields[n]) ++n;
        if (n == 0 || fields[0][0] == '#') continue;
        if (n < 4) throw OptionError(fmt::format("{}:{}: not an EPD line", origin, number));
        std::vector<std::string> rest;
        while (words >> word) rest.push_back(word);
        int halfmove = 0, fullmove = 1;
        std::size_t i = 0;
        // A full FEN line (the two counters after the four fields, as fastchess reads it): the
        // halfmove clock is part of the position that 9.3 and the tablebase rule count from.
        if (rest.size() >= 2 && is_number(rest[0]) && is_number(rest[1])) {
            halfmove = std::atoi(rest[0].c_str()), fullmove = std::atoi(rest[1].c_str());
            i = 2;
        }
        // Opcodes are "name operand;"; only the move counters matter here.
        for (; i + 1 < rest.size(); ++i)
            if (rest[i] == "hmvc" || rest[i] == "fmvn") {
                std::string operand = rest[i + 1];
                if (!operand.empty() && operand.back() == ';') operand.pop_back();
                (rest[i] == "hmvc" ? halfmove : fullmove) = std::atoi(operand.c_str());
            }
        const std::string fen = fmt::format("{} {} {} {} {} {}", fields[0], fields[1], fields[2], fields[3],
                                            halfmove, std::max(fullmove, 1));
        Opening o;
        std::string error;
        if (!rules::parse_fen(fen, chess960, o.start, error))
            throw OptionError(fmt::format("{}:{}: bad position: {}", origin, number, error));
        o.from_fen = true;
        out.push_back(std::move(o));
    }
    return out;
}

std::vector<Opening> parse_pgn_openings(const std::string& text, int plies, const std::string& origin,
                                        bool chess960) {
    std::vector<Opening> out;
    rules::PgnReader reader;
    auto take = [&](const rules::PgnGame& g) {
        if (!g.ok()) throw OptionError(fmt::format("{}: game {}: {}", origin, g.number, g.error->message));
        if (g.chess960() && !chess960)
            throw OptionError(
                fmt::format("{}: game {} is Chess960: play it with -variant fischerandom", origin, g.number));
        Opening o;
        o.start = g.start;
        o.from_fen = !g.tag("FEN").empty() || chess960;  // the engines need the 960 position itself
        o.start.set_chess960(chess960);
        const int n = std::min(plies, g.ply_count());
        o.moves.assign(g.moves.begin(), g.moves.begin() + n);
        out.push_back(std::move(o));
    };
    reader.feed(text);
    while (const rules::PgnGame* g = reader.next()) take(*g);
    reader.finish();
    while (const rules::PgnGame* g = reader.next()) take(*g);
    return out;
}

std::vector<Opening> load_openings(const OpeningsOptions& o, bool chess960) {
    std::ifstream in(o.file, std::ios::binary);
    if (!in) throw OptionError(fmt::format("cannot read openings file '{}'", o.file));
    std::stringstream ss;
    ss << in.rdbuf();
    auto openings = o.format == OpeningsOptions::Format::Epd
                        ? parse_epd(ss.str(), o.file, chess960)
                        : parse_pgn_openings(ss.str(), o.plies, o.file, chess960);
    if (openings.empty()) throw OptionError(fmt::format("no openings in '{}'", o.file));
    return openings;
}

Opening chess960_opening(int n) {
    // The bishops on a light and a dark square, the queen on one of the six squares left,
    // the knights on two of the five left (ten ways), then rook, king, rook.
    static constexpr int KNIGHTS[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                           {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    char rank[8] = {};
    rank[2 * (n % 4) + 1] = 'b';
    n /= 4;
    rank[2 * (n % 4)] = 'b';
    n /= 4;
    auto put_on_empty = [&](int index, char piece) {
        for (char& sq : rank)
            if (!sq && index-- == 0) {
                sq = piece;
                return;
            }
    };
    put_on_empty(n % 6, 'q');
    n /= 6;
    put_on_empty(KNIGHTS[n][1], 'n');  // the higher index first: the lower one stays valid
    put_on_empty(KNIGHTS[n][0], 'n');
    put_on_empty(0, 'r');
    put_on_empty(0, 'k');
    put_on_empty(0, 'r');
    std::string black(rank, 8), white(black);
    for (char& c : white) c = char(c - 'a' + 'A');
    Opening o;
    o.start =
        rules::Position::from_fen(black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1", true);
    o.from_fen = true;
    return o;
}

}  // namespace drawproxy::tournament
