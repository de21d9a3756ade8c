#include "journal/state.h"

#include <fmt/format.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include "output/html_page.h"

namespace drawproxy::journal {
namespace {

using json = nlohmann::json;

int score_code(rules::Score s) {
    return s == rules::Score::WhiteWins ? 1 : s == rules::Score::BlackWins ? -1 : 0;
}

rules::Score score_of(int code) {
    return code > 0 ? rules::Score::WhiteWins : code < 0 ? rules::Score::BlackWins : rules::Score::Draw;
}

}  // namespace

SavedGame saved_game(const GameRecord& g, int pair) {
    SavedGame s;
    s.number = g.number;
    s.pair = pair;
    s.white = g.white;
    s.black = g.black;
    s.outcome = g.outcome;
    s.plies = int(g.plies.size());
    s.incorrect_claims[0] = g.incorrect_claims[0];
    s.incorrect_claims[1] = g.incorrect_claims[1];
    return s;
}

GameRecord record_of(const SavedGame& s) {
    GameRecord g;
    g.number = s.number;
    g.white = s.white;
    g.black = s.black;
    g.outcome = s.outcome;
    g.plies.resize(std::size_t(s.plies));
    g.incorrect_claims[0] = s.incorrect_claims[0];
    g.incorrect_claims[1] = s.incorrect_claims[1];
    return g;
}

namespace {

json game_json(const SavedGame& g) {
    return {{"number", g.number},
            {"pair", g.pair},
            {"white", g.white},
            {"black", g.black},
            {"result", score_code(g.outcome.score)},
            {"reason", g.outcome.word()},
            {"article", g.outcome.article},
            {"move", g.outcome.move},
            {"claimed", g.outcome.claimed},
            {"loser", g.outcome.loser_name},
            {"plies", g.plies},
            {"incorrect_claims", {g.incorrect_claims[0], g.incorrect_claims[1]}},
            {"pgn_bytes", g.pgn_bytes},
            {"epd_bytes", g.epd_bytes}};
}

SavedGame game_from_json(const json& g) {
    SavedGame sg;
    sg.number = g.at("number").get<int>();
    sg.pair = g.at("pair").get<int>();
    sg.white = g.at("white").get<std::string>();
    sg.black = g.at("black").get<std::string>();
    sg.outcome.score = score_of(g.at("result").get<int>());
    const std::string reason = g.at("reason").get<std::string>();
    const std::optional<rules::Termination> termination = rules::parse_termination(reason);
    if (!termination)
        throw std::runtime_error(fmt::format("game {}: unknown reason '{}'", sg.number, reason));
    sg.outcome.termination = *termination;
    sg.outcome.article = g.at("article").get<std::string>();
    sg.outcome.move = g.at("move").get<std::string>();
    sg.outcome.claimed = g.at("claimed").get<bool>();
    sg.outcome.loser_name = g.at("loser").get<std::string>();
    sg.plies = g.at("plies").get<int>();
    sg.incorrect_claims[0] = g.at("incorrect_claims").at(0).get<int>();
    sg.incorrect_claims[1] = g.at("incorrect_claims").at(1).get<int>();
    sg.pgn_bytes = g.value("pgn_bytes", std::int64_t(-1));
    sg.epd_bytes = g.value("epd_bytes", std::int64_t(-1));
    return sg;
}

std::string line_of(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace) + '\n'; }

std::string first_line_of(const std::string& what) { return what.substr(0, what.find('\n')); }

// The whole state as one JSON object: version 1's file, version 2's header line.
MatchState state_from_object(const json& j) {
    MatchState s;
    s.args = j.at("args").get<std::vector<std::string>>();
    s.match_id = j.at("match_id").get<std::string>();
    s.complete = j.at("complete").get<bool>();
    s.pgn_bytes = j.at("pgn_bytes").get<std::int64_t>();
    s.epd_bytes = j.at("epd_bytes").get<std::int64_t>();
    for (const json& g : j.at("games")) s.games.push_back(game_from_json(g));
    return s;
}

// The journal after its header line `header`: `text` from the second line on.
MatchState state_from_journal(const json& header, const std::string& text, std::size_t pos) {
    MatchState s = state_from_object(header);
    int line_number = 1;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        ++line_number;
        if (nl == std::string::npos) break;  // cut short by a kill while appending: not saved
        const std::string_view line(text.data() + pos, nl - pos);
        pos = nl + 1;
        if (line.empty()) continue;
        const json j = json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            throw std::runtime_error(
                fmt::format("bad match state: line {} is not a JSON object", line_number));
        if (j.contains("complete")) {
            s.complete = j.at("complete").get<bool>();
            continue;
        }
        SavedGame g = game_from_json(j.at("game"));
        s.pgn_bytes = g.pgn_bytes;
        s.epd_bytes = g.epd_bytes;
        s.games.push_back(std::move(g));
    }
    return s;
}

}  // namespace

std::string state_header_line(const MatchState& s) {
    json games = json::array();
    for (const SavedGame& g : s.games) games.push_back(game_json(g));
    return line_of({{"drawproxy_match_state", MatchState::VERSION},
                    {"args", s.args},
                    {"match_id", s.match_id},
                    {"complete", s.complete},
                    {"pgn_bytes", s.pgn_bytes},
                    {"epd_bytes", s.epd_bytes},
                    {"games", std::move(games)}});
}

std::string state_game_line(const SavedGame& g) { return line_of({{"game", game_json(g)}}); }

std::string state_complete_line() { return line_of({{"complete", true}}); }

MatchState read_state_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(fmt::format("cannot read match state '{}'", path));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t nl = text.find('\n');
    const json header = json::parse(text.substr(0, nl), nullptr, false);
    json whole;
    if (header.is_discarded() || !header.is_object() || !header.contains("drawproxy_match_state")) {
        // Not a journal: a version 1 state (one object over many lines), or not a state at all.
        try {
            whole = json::parse(text);
        } catch (const json::exception& e) {
            throw std::runtime_error(
                fmt::format("match state '{}' is not valid JSON: {}", path, first_line_of(e.what())));
        }
    }
    const json& j = whole.is_null() ? header : whole;
    try {
        if (!j.is_object() || !j.contains("drawproxy_match_state"))
            throw std::runtime_error("not a drawproxy match state (no \"drawproxy_match_state\")");
        const json& version = j["drawproxy_match_state"];
        if (version == 1) return state_from_object(j);
        if (version != MatchState::VERSION)
            throw std::runtime_error(
                fmt::format("match state version {} is not {}", version.dump(), MatchState::VERSION));
        return state_from_journal(j, text, nl == std::string::npos ? text.size() : nl + 1);
    } catch (const json::exception& e) {
        throw std::runtime_error(fmt::format("'{}': bad match state: {}", path, first_line_of(e.what())));
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("'{}': {}", path, e.what()));
    }
}

bool write_state_file(const std::string& path, const MatchState& s, std::string& error) {
    return output::write_file_atomically(path, state_header_line(s), error);
}

bool append_state_lines(const std::string& path, const std::string& lines, std::string& error) {
    // One write of whole lines: a kill can cut only the last line short, which a reader ignores.
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) {
        error = fmt::format("cannot append to {}: {}", path, std::strerror(errno));
        return false;
    }
    std::size_t done = 0;
    while (done < lines.size()) {
        const ssize_t n = ::write(fd, lines.data() + done, lines.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error = fmt::format("cannot append to {}: {}", path, std::strerror(errno));
            ::close(fd);
            return false;
        }
        done += std::size_t(n);
    }
    if (::close(fd) != 0) {
        error = fmt::format("cannot append to {}: {}", path, std::strerror(errno));
        return false;
    }
    return true;
}

std::string default_state_path(const std::string& pgnout, const std::string& epdout,
                               const std::string& jsonout) {
    for (const std::string* out : {&pgnout, &epdout, &jsonout})
        if (!out->empty()) return *out + ".state.json";
    return "drawproxy-state.json";
}

}  // namespace drawproxy::journal
