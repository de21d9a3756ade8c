// Resuming an interrupted match (-autosaveinterval, -resume STATE.json, -config file=STATE.json):
// a real drawproxy killed by SIGKILL mid-match and resumed plays exactly the games of an
// uninterrupted run with the same seed (same openings, colours and moves), none twice, with
// the statistics carried over.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>
#include <tuple>

#include "journal/state.h"
#include "support/match_helpers.h"
#include "tests/html/html_checker.h"

using namespace drawproxy;
using test::slurp;
using test::TempFile;

namespace {

// The games of a PGN file, keyed by what fixes a game of the schedule: the round and who has
// White (-games 2: one game per colour per round); the value is its opening, moves and result.
std::map<std::pair<std::string, std::string>, std::string> games_by_slot(const std::string& pgn) {
    std::map<std::pair<std::string, std::string>, std::string> out;
    for (const rules::PgnGame& g : test::read_pgn_file(pgn)) {
        REQUIRE(g.ok());
        std::string moves = rules::to_fen(g.start) + " |";
        rules::Position p = g.start;
        for (rules::Move m : g.moves) {
            moves += ' ' + rules::to_uci(p, m);
            p.play(m);
        }
        moves += " | " + std::string(g.tag("Result")) + " " + std::string(g.tag("ResultRule"));
        const bool fresh =
            out.emplace(std::make_pair(std::string(g.tag("Round")), std::string(g.tag("White"))), moves)
                .second;
        CHECK(fresh);  // no game twice
    }
    return out;
}

std::string last_score_line(const std::string& out) {
    const auto at = out.rfind("Score of ");
    REQUIRE(at != std::string::npos);
    return out.substr(at, out.find('\n', at) - at);
}

// Starts drawproxy with `args` (split on spaces, no shell) and returns its pid.
pid_t spawn_drawproxy(const std::string& args, const std::string& out_path) {
    std::vector<std::string> words = test::words("match " + args);
    const std::string exe = test::binary_path("bin/drawproxy");
    std::vector<char*> argv{const_cast<char*>(exe.c_str())};
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        FILE* f = std::freopen(out_path.c_str(), "w", stdout);
        (void)f;
        ::execv(exe.c_str(), argv.data());
        ::_exit(127);
    }
    return pid;
}

int saved_games(const std::string& state) {
    try {
        return int(journal::read_state_file(state).games.size());
    } catch (const std::exception&) {
        return 0;  // not written yet
    }
}

// Four games of two fake engines (-games 2 -rounds 2, 8 moves each), the state saved after
// every game, the PGN to `pgn`.
std::string four_short_games(const std::string& pgn) {
    return "-engine " + test::fake_cmd("score=0") + " name=A -engine " + test::fake_cmd("score=0") +
           " name=B -each nodes=1 -games 2 -rounds 2 -maxmoves 8 -autosaveinterval 1 -pgnout " + pgn;
}

struct CutMatch {
    journal::MatchState state;  // the state as cut: its first two games
    std::string pgn_text;       // the whole PGN the finished run wrote
};

// Makes a finished four-game match look stopped after its first two games: the state file
// keeps them, the PGN is cut after the second game.
CutMatch stop_after_two_games(const std::string& state, const std::string& pgn) {
    CutMatch cut{journal::read_state_file(state), slurp(pgn)};
    REQUIRE(cut.state.games.size() == 4);
    const std::string& text = cut.pgn_text;
    const auto third = text.find("[Event", text.find("[Event", text.find("[Event") + 1) + 1);
    cut.state.games.resize(2);
    cut.state.complete = false;
    cut.state.pgn_bytes = std::int64_t(third);
    std::string error;
    REQUIRE(journal::write_state_file(state, cut.state, error));
    std::ofstream(pgn, std::ios::trunc) << text.substr(0, third);
    return cut;
}

}  // namespace

TEST_CASE("a match killed by SIGKILL and resumed plays the uninterrupted run's games once",
          "[match][resume][engine]") {
    TempFile epd(".epd", slurp(test::source_path("configs/openings/classical.epd")));
    // Deterministic engines (the first legal move unless scripted), slowed at a few plies so
    // the kill lands mid-match; -maxmoves bounds each game.
    const std::string engines = "-engine " + test::fake_cmd("score=5;sleep=3:40;sleep=9:40") +
                                " name=A -engine " + test::fake_cmd("score=-5;sleep=4:40;sleep=10:40") +
                                " name=B";
    const std::string common = engines +
                               " -each nodes=1 -games 2 -rounds 8 -srand 4242 -concurrency 2 -maxmoves 12 " +
                               "-openings file=" + epd.path + " format=epd order=random -autosaveinterval 3";

    // (run without a shell, as the killed run is: the specs' ';' stay as they are)
    TempFile ref_pgn(".pgn"), ref_out(".out");
    const pid_t ref_pid = spawn_drawproxy(common + " -pgnout " + ref_pgn.path, ref_out.path);
    int ref_status = 0;
    ::waitpid(ref_pid, &ref_status, 0);
    test::CommandRun ref;
    ref.out = slurp(ref_out.path);
    INFO(ref.out);
    REQUIRE(WIFEXITED(ref_status));
    REQUIRE(WEXITSTATUS(ref_status) == 0);
    const auto reference = games_by_slot(ref_pgn.path);
    REQUIRE(reference.size() == 16);
    std::remove((ref_pgn.path + ".state.json").c_str());

    TempFile pgn(".pgn"), out1(".out");
    const std::string state = pgn.path + ".state.json";  // beside the PGN
    const pid_t pid = spawn_drawproxy(common + " -pgnout " + pgn.path, out1.path);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (saved_games(state) < 6 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, SIGKILL);
    int st = 0;
    ::waitpid(pid, &st, 0);
    REQUIRE(WIFSIGNALED(st));
    const int saved = saved_games(state);
    INFO("saved " << saved);
    REQUIRE(saved >= 6);
    REQUIRE(saved < 16);  // killed mid-way

    const auto resumed = test::run_drawproxy("match -resume " + state);
    INFO(resumed.out << resumed.err);
    REQUIRE(resumed.status == 0);
    CHECK(resumed.out.find("Resuming match from " + state) != std::string::npos);
    // Exactly the uninterrupted run's games: same slots, openings, colours, moves and results
    CHECK(games_by_slot(pgn.path) == reference);
    // The statistics carried over: the final score is the whole match's
    CHECK(last_score_line(resumed.out) == last_score_line(ref.out));
    const journal::MatchState done = journal::read_state_file(state);
    CHECK(done.complete);
    CHECK(done.games.size() == 16);

    // A finished match resumed again plays nothing and says the same
    const auto again = test::run_drawproxy("match -config file=" + state);
    CHECK(again.status == 0);
    CHECK(again.out.find("Started game") == std::string::npos);
    CHECK(last_score_line(again.out) == last_score_line(ref.out));
    CHECK(games_by_slot(pgn.path) == reference);
    std::remove(state.c_str());
}

TEST_CASE("a resumed match with the state saved every game cuts nothing and replays nothing",
          "[match][resume][engine]") {
    TempFile pgn(".pgn");
    const std::string state = pgn.path + ".state.json";
    // min: no think times in the PGN, so its bytes are the same in every run
    const auto first = test::run_drawproxy("match " + four_short_games(pgn.path) + " min");
    REQUIRE(first.status == 0);
    // Pretend the match stopped after its first two games: keep them in the state, cut the PGN
    const std::string text = stop_after_two_games(state, pgn.path).pgn_text;
    // and a half-written game after the cut, as a kill leaves it
    std::ofstream(pgn.path, std::ios::app) << "[Event \"?\"]\n[Site";
    const auto r = test::run_drawproxy("match -resume " + state);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Started game 1 ") == std::string::npos);
    CHECK(r.out.find("Started game 2 ") == std::string::npos);
    CHECK(r.out.find("Started game 3 ") != std::string::npos);
    CHECK(slurp(pgn.path) == text);  // the same file an uninterrupted run wrote
    CHECK(last_score_line(r.out) == last_score_line(first.out));
    // fastchess's stats=false: the saved command line, none of its games
    const auto anew = test::run_drawproxy("match -config file=" + state + " stats=false");
    INFO(anew.out << anew.err);
    CHECK(anew.status == 0);
    CHECK(anew.out.find("Started game 1 ") != std::string::npos);
    std::remove(state.c_str());
}

TEST_CASE("bad resume input: one line, exit 2", "[match][resume][engine]") {
    auto check = [](const std::string& args, const std::string& what) {
        const auto r = test::run_drawproxy("match " + args);
        INFO(args << "\n" << r.err);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find(what) != std::string::npos);
    };
    check("-resume /nonexistent/state.json", "cannot read match state '/nonexistent/state.json'");
    TempFile bad(".json", "{ not json");
    check("-resume " + bad.path, "is not valid JSON");
    TempFile other(".json", "{\"x\": 1}");
    check("-config file=" + other.path, "not a drawproxy match state");
    check("-config discard=true", "-config needs file=");
    // A state whose match id does not fit its command line (edited by hand)
    TempFile pgn(".pgn");
    const std::string state = pgn.path + ".state.json";
    REQUIRE(test::run_drawproxy("match -engine " + test::fake_cmd("score=0") + " name=A -engine " +
                                test::fake_cmd("score=0") + " name=B -each nodes=1 -maxmoves 4 -pgnout " +
                                pgn.path)
                .status == 0);
    const std::string text = slurp(state);
    // A game whose ending is no ending the runner writes (edited by hand)
    const auto reason = text.find("\"reason\":\"");
    REQUIRE(reason != std::string::npos);
    const auto word = reason + 10, word_end = text.find('"', word);
    TempFile edited(".json", text.substr(0, word) + "abandoned" + text.substr(word_end));
    check("-resume " + edited.path, "unknown reason 'abandoned'");
    nlohmann::json j = nlohmann::json::parse(text.substr(0, text.find('\n')));  // the state's first line
    j["match_id"] = "0000000000000000";
    std::ofstream(state) << j.dump() << '\n';
    check("-resume " + state, "is the state of another match");
    std::remove(state.c_str());
    CHECK(journal::default_state_path("", "", "") == "drawproxy-state.json");
    CHECK(journal::default_state_path("", "e.epd", "s.json") == "e.epd.state.json");
}

TEST_CASE("a resumed match's -htmlout and -jsonout hold the games carried over from the state file",
          "[match][resume][html][engine]") {
    TempFile pgn(".pgn"), page(".html"), summary(".json");
    const std::string state = pgn.path + ".state.json";
    const auto first = test::run_drawproxy("match " + four_short_games(pgn.path) + " -htmlout " + page.path +
                                           " -jsonout " + summary.path);
    REQUIRE(first.status == 0);
    // The match stopped after its first two games: the state keeps them, the PGN is cut
    const journal::MatchState s = stop_after_two_games(state, pgn.path).state;
    std::remove(page.path.c_str());
    const auto r = test::run_drawproxy("match -resume " + state);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    REQUIRE(r.out.find("Started game 2 ") == std::string::npos);

    const std::string page_text = slurp(page.path);
    CHECK(test::check_html(page_text).empty());
    const std::string html = page_text.substr(0, page_text.find("<script>"));  // the document, not its script
    auto count = [&](const std::string& what) {
        int n = 0;
        for (auto at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) ++n;
        return n;
    };
    // Every game has its row; the two carried over are marked and have no section (no moves)
    CHECK(count("<tr data-n=") == 4);
    CHECK(count("class=\"carried\"") == 2);
    CHECK(count("<section class=\"game\"") == 2);
    for (const journal::SavedGame& g : s.games) {
        INFO("carried game " << g.number);
        const auto row = html.find("<tr data-n=\"" + std::to_string(g.number) + "\"");
        REQUIRE(row != std::string::npos);
        const std::string cells = html.substr(row, html.find("</tr>", row) - row);
        CHECK(cells.find("class=\"carried\"") != std::string::npos);
        CHECK(cells.find("<td>" + std::to_string(g.plies) + "</td>") != std::string::npos);
        CHECK(html.find("id=\"g" + std::to_string(g.number) + "\"") == std::string::npos);
    }
    CHECK(html.find("<dt>games</dt><dd>4</dd>") != std::string::npos);
    // The summary counted them already (the report takes the state's games)
    const nlohmann::json j = nlohmann::json::parse(slurp(summary.path));
    CHECK(j["games"].size() == 4);
    std::remove(state.c_str());
}

TEST_CASE("the state file is a journal: saves append their games, a torn last line is not a game",
          "[match][resume][engine]") {
    TempFile pgn(".pgn");
    const std::string state = pgn.path + ".state.json";
    const auto first = test::run_drawproxy("match " + four_short_games(pgn.path) + " min");
    REQUIRE(first.status == 0);
    const std::string pgn_text = slurp(pgn.path);
    auto lines_of = [](const std::string& text) {
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    };
    // The state as the run started (no game yet), then one line per game, then the end.
    const auto lines = lines_of(slurp(state));
    REQUIRE(lines.size() == 6);
    CHECK(nlohmann::json::parse(lines[0])["games"].empty());
    CHECK(nlohmann::json::parse(lines[5]) == nlohmann::json({{"complete", true}}));
    const journal::MatchState whole = journal::read_state_file(state);
    CHECK(whole.complete);
    REQUIRE(whole.games.size() == 4);
    CHECK(whole.pgn_bytes == std::int64_t(pgn_text.size()));

    // Killed while appending the third game: its line is cut short.
    std::ofstream(state, std::ios::trunc) << lines[0] << '\n'
                                          << lines[1] << '\n'
                                          << lines[2] << '\n'
                                          << lines[3].substr(0, lines[3].size() / 2);
    const journal::MatchState torn = journal::read_state_file(state);
    CHECK_FALSE(torn.complete);
    REQUIRE(torn.games.size() == 2);
    CHECK(torn.pgn_bytes == whole.games[1].pgn_bytes);
    CHECK(torn.pgn_bytes < std::int64_t(pgn_text.size()));
    const auto r = test::run_drawproxy("match -resume " + state);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Started game 2 ") == std::string::npos);
    CHECK(r.out.find("Started game 3 ") != std::string::npos);
    CHECK(slurp(pgn.path) == pgn_text);  // game 3 cut off the PGN and played again
    CHECK(last_score_line(r.out) == last_score_line(first.out));
    // Resuming compacted the two saved games into the first line; games 3 and 4 were appended.
    const auto after = lines_of(slurp(state));
    REQUIRE(after.size() == 4);
    CHECK(nlohmann::json::parse(after[0])["games"].size() == 2);
    CHECK(journal::read_state_file(state).games.size() == 4);

    // A broken line that is not the last is a broken state, not a torn save.
    std::ofstream(state, std::ios::trunc) << after[0] << "\n{oops\n" << after[1] << '\n';
    const auto bad = test::run_drawproxy("match -resume " + state);
    CHECK(bad.status == 2);
    CHECK(bad.err.find("line 2 is not a JSON object") != std::string::npos);
    std::remove(state.c_str());
}
