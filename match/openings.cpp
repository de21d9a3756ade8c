#include "match/openings.h"

#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "rules/notation.h"
#include "rules/pgn.h"

namespace drawproxy::match {

std::vector<Opening> parse_epd(const std::string& text, const std::string& origin) {
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
        int halfmove = 0, fullmove = 1;
        // Opcodes are "name operand;"; only the move counters matter here.
        while (words >> word) {
            std::string operand;
            if ((word == "hmvc" || word == "fmvn") && words >> operand) {
                if (!operand.empty() && operand.back() == ';') operand.pop_back();
                (word == "hmvc" ? halfmove : fullmove) = std::atoi(operand.c_str());
            }
        }
        const std::string fen = fmt::format("{} {} {} {} {} {}", fields[0], fields[1], fields[2], fields[3],
                                            halfmove, std::max(fullmove, 1));
        Opening o;
        std::string error;
        if (!rules::parse_fen(fen, false, o.start, error))
            throw OptionError(fmt::format("{}:{}: bad position: {}", origin, number, error));
        o.from_fen = true;
        out.push_back(std::move(o));
    }
    return out;
}

std::vector<Opening> parse_pgn_openings(const std::string& text, int plies, const std::string& origin) {
    std::vector<Opening> out;
    rules::PgnReader reader;
    auto take = [&](const rules::PgnGame& g) {
        if (!g.ok()) throw OptionError(fmt::format("{}: game {}: {}", origin, g.number, g.error->message));
        Opening o;
        o.start = g.start;
        o.from_fen = !g.tag("FEN").empty();
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

std::vector<Opening> load_openings(const OpeningsOptions& o) {
    std::ifstream in(o.file, std::ios::binary);
    if (!in) throw OptionError(fmt::format("cannot read openings file '{}'", o.file));
    std::stringstream ss;
    ss << in.rdbuf();
    auto openings = o.format == OpeningsOptions::Format::Epd ? parse_epd(ss.str(), o.file)
                                                             : parse_pgn_openings(ss.str(), o.plies, o.file);
    if (openings.empty()) throw OptionError(fmt::format("no openings in '{}'", o.file));
    return openings;
}

}  // namespace drawproxy::match
