#include "match/match_state.h"

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>

#include "match/html_report.h"
#include <nlohmann/json.hpp>

namespace drawproxy::match {
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

json state_json(const MatchState& s) {
    json games = json::array();
    for (const SavedGame& g : s.games)
        games.push_back({{"number", g.number},
                         {"pair", g.pair},
                         {"white", g.white},
                         {"black", g.black},
                         {"result", score_code(g.outcome.score)},
                         {"reason", g.outcome.reason},
                         {"article", g.outcome.article},
                         {"move", g.outcome.move},
                         {"claimed", g.outcome.claimed},
                         {"loser", g.outcome.loser_name},
                         {"plies", g.plies},
                         {"incorrect_claims", {g.incorrect_claims[0], g.incorrect_claims[1]}}});
    return {{"drawproxy_match_state", MatchState::VERSION},
            {"args", s.args},
            {"match_id", s.match_id},
            {"complete", s.complete},
            {"pgn_bytes", s.pgn_bytes},
            {"epd_bytes", s.epd_bytes},
            {"games", std::move(games)}};
}

MatchState state_from_json(const json& j) {
    if (!j.is_object() || !j.contains("drawproxy_match_state"))
        throw std::runtime_error("not a drawproxy match state (no \"drawproxy_match_state\")");
    if (j["drawproxy_match_state"] != MatchState::VERSION)
        throw std::runtime_error(fmt::format("match state version {} is not {}",
                                             j["drawproxy_match_state"].dump(), MatchState::VERSION));
    try {
        MatchState s;
        s.args = j.at("args").get<std::vector<std::string>>();
        s.match_id = j.at("match_id").get<std::string>();
        s.complete = j.at("complete").get<bool>();
        s.pgn_bytes = j.at("pgn_bytes").get<std::int64_t>();
        s.epd_bytes = j.at("epd_bytes").get<std::int64_t>();
        for (const json& g : j.at("games")) {
            SavedGame sg;
            sg.number = g.at("number").get<int>();
            sg.pair = g.at("pair").get<int>();
            sg.white = g.at("white").get<std::string>();
            sg.black = g.at("black").get<std::string>();
            sg.outcome.score = score_of(g.at("result").get<int>());
            sg.outcome.reason = g.at("reason").get<std::string>();
            sg.outcome.article = g.at("article").get<std::string>();
            sg.outcome.move = g.at("move").get<std::string>();
            sg.outcome.claimed = g.at("claimed").get<bool>();
            sg.outcome.loser_name = g.at("loser").get<std::string>();
            sg.plies = g.at("plies").get<int>();
            sg.incorrect_claims[0] = g.at("incorrect_claims").at(0).get<int>();
            sg.incorrect_claims[1] = g.at("incorrect_claims").at(1).get<int>();
            s.games.push_back(std::move(sg));
        }
        return s;
    } catch (const json::exception& e) {
        std::string why = e.what();
        if (auto nl = why.find('\n'); nl != std::string::npos) why.resize(nl);
        throw std::runtime_error("bad match state: " + why);
    }
}

MatchState read_state_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(fmt::format("cannot read match state '{}'", path));
    json j;
    try {
        j = json::parse(in);
    } catch (const json::exception& e) {
        std::string why = e.what();
        if (auto nl = why.find('\n'); nl != std::string::npos) why.resize(nl);
        throw std::runtime_error(fmt::format("match state '{}' is not valid JSON: {}", path, why));
    }
    try {
        return state_from_json(j);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("'{}': {}", path, e.what()));
    }
}

bool write_state_file(const std::string& path, const MatchState& s, std::string& error) {
    return write_file_atomically(
        path, state_json(s).dump(1, ' ', false, json::error_handler_t::replace) + '\n', error);
}

std::string default_state_path(const std::string& pgnout, const std::string& epdout,
                               const std::string& jsonout) {
    for (const std::string* out : {&pgnout, &epdout, &jsonout})
        if (!out->empty()) return *out + ".state.json";
    return "drawproxy-state.json";
}

}  // namespace drawproxy::match
