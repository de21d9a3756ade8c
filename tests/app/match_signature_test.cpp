// The match runner's signature, as Stockfish's bench is its search's: fixed-seed matches between
// scripted fake engines reach every kind of ending (claims right and wrong with their 9.5
// penalty, the automatic endings, agreement, the event's adjudications and the tablebase, a
// crash, a stall, a flag fall, an illegal move), with -repeat pairs, three rule editions, a
// gauntlet, a round robin and a resumed state file, each in every -output format. The bytes of
// each run's PGN, EPD, JSON, HTML, standard output and standard error (and its exit status),
// with what the clock decides normalized (move and game times, dates, a seed from the clock),
// hash to the values recorded below. Any change of a byte fails: a deliberate one records the
// new value in the commit that makes it, with its reason; a refactoring never does.
//
// The normalized outputs are left in <build>/signature/ (one file per scenario, format and
// output), to compare with those of another build when a value differs.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/paths.h"

namespace match_signature {

namespace fs = std::filesystem;
using drawproxy::test::binary_path;
using drawproxy::test::source_path;

const char* const FORMATS[] = {"drawproxy", "cutechess", "fastchess"};
const char* const OUTPUTS[] = {"games.pgn", "games.epd", "games.json", "games.html", "stdout", "stderr"};

// An engine of the scripted fake (tests/fake_engines/player.h) run through a script named
// `fake` on PATH: its command and arguments, and with them the match id, are the same whatever
// build folder, binary name or calling convention the fake engine has.
std::string fake(const std::string& spec) { return "-engine cmd=fake 'arg=" + spec + "'"; }

// A folder in `run` with the `fake` script and drawproxy, for PATH.
std::string engine_folder(const fs::path& run) {
    const fs::path dir = run / "bin";
    fs::create_directories(dir);
    const fs::path script = dir / "fake";
    std::ofstream(script) << "#!/bin/sh\nexec '" << binary_path("bin/fake_player") << "' \"$@\"\n";
    fs::permissions(script, fs::perms::owner_all, fs::perm_options::add);
    fs::create_symlink(binary_path("bin/drawproxy"), dir / "drawproxy");
    return dir.string();
}

struct Scenario {
    const char* name;
    std::string args;         // after `match`, without -output
    std::string epd;          // the text of openings.epd, or empty
    bool clock_seed = false;  // no -srand: the seed (and so the match id) comes from the clock
    int resume_after = -1;    // >= 0: the match is run, its state cut after this many games, resumed
};

const std::string LAWS_OPENINGS =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    "8/8/4k3/8/8/8/1Q6/K7 w - - hmvc 99; fmvn 80;\n"
    "8/8/4k3/8/8/8/1Q6/K7 w - - hmvc 100; fmvn 80;\n"
    "k7/8/8/8/8/3B4/8/2K2B2 w - - 0 60\n"
    "k7/8/1QK5/8/8/8/8/8 w - - 0 1\n";

// Claims (a claimant's, right; an engine's own, wrong at its ply 3), threefold, fifty moves in
// both forms, a dead position from the start, stalemate, -repeat pairs and the SPRT's lines.
// (fide-2001's penalty takes half the claimant's time, at most 3 minutes: on a 10-minute clock
// that is 3 minutes whatever the moves took.)
std::string laws(const std::string& rules, const std::string& tc = "10+0.1") {
    return fake("score=0") + " name=A " + fake("score=0;claim=3:threefold_9.2.2") +
           " name=B claim=engine -each tc=" + tc +
           " -games 2 -repeat -rounds 5 -openings file=openings.epd"
           " -srand 7 -sprt elo0=-5 elo1=5 alpha=0.05 beta=0.05 -ratinginterval 2 -rules " +
           rules;
}

std::vector<Scenario> scenarios() {
    const std::string outputs =
        " -pgnout games.pgn -epdout games.epd -jsonout games.json -htmlout games.html";
    return {
        {"laws-2023", laws("fide-2023") + outputs, LAWS_OPENINGS},
        {"laws-2001", laws("fide-2001", "600") + outputs, LAWS_OPENINGS},
        {"laws-computer", laws("computer") + outputs, LAWS_OPENINGS},
        // Nobody claims: fivefold and 75 moves end the games by themselves.
        {"automatic",
         fake("score=0") + " name=A " + fake("score=0") +
             " name=B -claim never -each tc=10+0.1 -games 2 -openings file=openings.epd -srand 3" + outputs,
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
         "8/8/4k3/8/8/8/1Q6/K7 w - - hmvc 140; fmvn 80;\n"},
        // A gauntlet: a draw by the scores (A-B), a resignation (C), the move limit (D), trinomial
        // statistics and a crosstable.
        {"adjudication",
         fake("score=0") + " name=A " + fake("score=0") + " name=B " + fake("score=-1000") + " name=C " +
             fake("score=50") +
             " name=D -tournament gauntlet -claim never -each tc=10+0.1 -games 2 -srand 5"
             " -draw movenumber=10 movecount=2 score=10 -resign movecount=3 score=600 -maxmoves 20"
             " -report penta=false -scoreinterval 2" +
             outputs,
         ""},
        // Syzygy: a win, a draw and a loss by the tables, minimal PGN.
        {"tablebase",
         fake("score=0") + " name=A " + fake("score=0") +
             " name=B -each tc=10+0.1 -games 2 -openings file=openings.epd -rounds 3 -srand 9 -tb " +
             source_path("tests/data/syzygy") +
             " -tbpieces 4 -pgnout games.pgn min -epdout games.epd -jsonout games.json -htmlout games.html",
         "8/8/8/4k3/8/8/8/R3K3 w - - 0 1\n"
         "8/8/8/4k3/8/8/4P3/4K3 b - - 0 1\n"
         "8/8/8/4k3/8/8/8/r3K3 w - - 0 1\n"},
        // A crash and an illegal move (A), a flag fall (C, on a short clock), a stall (D, no
        // clock), the match going on with -recover.
        {"faults",
         fake("crash=4;illegal=5") + " name=A " + fake("score=0") + " name=B " + fake("sleep=7:3000") +
             " name=C tc=1+0 " + fake("hang=9") +
             " name=D tc=inf nodes=1 stall=1 -each tc=10+0.1 -games 2 -srand 11 -recover" + outputs,
         ""},
        // Draw offers accepted; the seed from the clock (said on stdout or stderr).
        {"offers",
         fake("score=0") + " name=A " + fake("score=5") +
             " name=B -each tc=10+0.1 -games 4 -repeat -draw-offers score=10 moves=3"
             " -openings file=openings.epd order=random" +
             outputs,
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", true},
        // The laws match stopped after three games and resumed from its state file.
        {"resume", laws("fide-2023") + outputs + " -autosaveinterval 1", LAWS_OPENINGS, false, 3},
    };
}

// Recorded on the code before the runner was split into its folders; the cutechess format's
// again when its endings, PGN layout, outcome list and results table became cutechess-cli's.
// Columns: the outputs in OUTPUTS' order.
struct Recorded {
    const char* scenario;
    const char* format;
    const char* hashes;
};
const Recorded RECORDED[] = {
    {"laws-2023", "drawproxy",
     "975cd59b5e55fe81 980d4f4b043fe966 39c8c2fdc748b475 6f0b4e8f8455a800 08602fa5911ae0cc 4a844b70d2b552d1"},
    {"laws-2023", "cutechess",
     "fd185228ef9b2c19 980d4f4b043fe966 39c8c2fdc748b475 6f0b4e8f8455a800 67ef227f379bf8da 4a844b70d2b552d1"},
    {"laws-2023", "fastchess",
     "dabab20db43d06f5 d2df33a31050f1ce 39c8c2fdc748b475 6f0b4e8f8455a800 7ec85a49ed977d1a 4a844b70d2b552d1"},
    {"laws-2001", "drawproxy",
     "47022bc8a9bcb3c7 980d4f4b043fe966 885e2e7aa514bc44 cfea98d895fe71b9 05d3d910991f6480 4a844b70d2b552d1"},
    {"laws-2001", "cutechess",
     "b4dfd574e82fbda1 980d4f4b043fe966 885e2e7aa514bc44 cfea98d895fe71b9 3a811359981de038 4a844b70d2b552d1"},
    {"laws-2001", "fastchess",
     "dfd57e0b8def47cb d2df33a31050f1ce 885e2e7aa514bc44 cfea98d895fe71b9 f93b77ca4cfb1c0d 4a844b70d2b552d1"},
    {"laws-computer", "drawproxy",
     "42399a6a932ade23 ee8a49668e4f361f cf80971c6e7f3f10 18192f98fa694551 ca7d851fe81e0bd8 4a844b70d2b552d1"},
    {"laws-computer", "cutechess",
     "4f61ff6f9b0aa47b ee8a49668e4f361f cf80971c6e7f3f10 18192f98fa694551 ba62868a0d445db2 4a844b70d2b552d1"},
    {"laws-computer", "fastchess",
     "4db5a6531e9bbb71 e4805ab813216377 cf80971c6e7f3f10 18192f98fa694551 005ab342c2bfdb16 4a844b70d2b552d1"},
    {"automatic", "drawproxy",
     "36d8bf0940fd1ca1 6e8a75277db23a06 08a8e960ffdab48b 94a126e8aa673162 23864654be230060 4a844b70d2b552d1"},
    {"automatic", "cutechess",
     "e352a20d1eb22953 6e8a75277db23a06 08a8e960ffdab48b 94a126e8aa673162 fe364e99b5301e44 4a844b70d2b552d1"},
    {"automatic", "fastchess",
     "66addc38340e6239 4181e580d2adb54a 08a8e960ffdab48b 94a126e8aa673162 bafd6b4d454f4dbf 4a844b70d2b552d1"},
    {"adjudication", "drawproxy",
     "97f0003dc1970dcf 32a8fef12ac7a47b abdad0bf4fe7a7e4 e909591728c6353d 6d86311410ba8aff 4a844b70d2b552d1"},
    {"adjudication", "cutechess",
     "2255b9d89475514e 32a8fef12ac7a47b abdad0bf4fe7a7e4 e909591728c6353d 1ddeced46e8b7d95 4a844b70d2b552d1"},
    {"adjudication", "fastchess",
     "421872d92c4c4586 10fda7cd75f95c55 abdad0bf4fe7a7e4 e909591728c6353d 6edbde65bf3104b1 4a844b70d2b552d1"},
    {"tablebase", "drawproxy",
     "c4e32aa6b91f0f5f 00ad44696612c819 c9c74176b1e74322 28d0b5011fc1c2f0 046578e5ca3eb179 4a844b70d2b552d1"},
    {"tablebase", "cutechess",
     "741f6dde10ea9b23 00ad44696612c819 c9c74176b1e74322 28d0b5011fc1c2f0 73d48b363ef1bf02 4a844b70d2b552d1"},
    {"tablebase", "fastchess",
     "c4e32aa6b91f0f5f ef49c1fd3cbeced9 c9c74176b1e74322 28d0b5011fc1c2f0 ee7799c7bfa23d61 4a844b70d2b552d1"},
    {"faults", "drawproxy",
     "0eb3643fcebfae32 edb9d10ac689f744 902f90204f562ed2 86a2932972188d13 6aa7e6ab7cb1a57f 4a844b70d2b552d1"},
    {"faults", "cutechess",
     "46eed89d5e6f7c8c edb9d10ac689f744 902f90204f562ed2 86a2932972188d13 0f6f4cbdd96b86b5 4a844b70d2b552d1"},
    {"faults", "fastchess",
     "3048563790d4510e 78b44f6ceed4aeb0 902f90204f562ed2 86a2932972188d13 bbd1f96ddb54816e 4a844b70d2b552d1"},
    {"offers", "drawproxy",
     "195e461cf27da8e9 5ae801bd5995d229 801267e4b695ba36 96d848fbf56eb350 f4e2f68b5ee3895f 4a844b70d2b552d1"},
    {"offers", "cutechess",
     "3663c0f6b65029d1 5ae801bd5995d229 801267e4b695ba36 96d848fbf56eb350 4eacf7c686bf2193 38077e1ae623f4f3"},
    {"offers", "fastchess",
     "aaf7c15bc676b109 742d333eebb661c5 801267e4b695ba36 96d848fbf56eb350 1f58ea299bce64eb 38077e1ae623f4f3"},
    {"resume", "drawproxy",
     "975cd59b5e55fe81 980d4f4b043fe966 0412ddb3f4d7c8a4 b62d93489f2f9ffc 8d693615a0c1a074 4a844b70d2b552d1"},
    {"resume", "cutechess",
     "fd185228ef9b2c19 980d4f4b043fe966 0412ddb3f4d7c8a4 b62d93489f2f9ffc b90321695e1a8abc 4a844b70d2b552d1"},
    {"resume", "fastchess",
     "dabab20db43d06f5 d2df33a31050f1ce 0412ddb3f4d7c8a4 b62d93489f2f9ffc 7424e24480133e76 4a844b70d2b552d1"},
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

std::string hex(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string replace(const std::string& text, const char* pattern, const char* with) {
    return std::regex_replace(text, std::regex(pattern), with);
}

// What the clock decides: times of moves and games, the date, a seed drawn from the clock.
// cutechess-cli's move times have as many decimals as the time needs ("0s", "0.52s",
// "0.007s"), and its movetext wraps by their width: in that PGN every time is masked and the
// moves are one line.
std::string normalize(std::string text, bool clock_seed, bool cutechess_pgn = false) {
    if (cutechess_pgn) {
        text = replace(text, R"(([{ ])[0-9]+(\.[0-9]+)?s([},]))", "$1Ts$3");
        text = replace(text, R"(([^\]\n])\n([^\[\n]))", "$1 $2");
    }
    text = replace(text, R"(\[Date "[0-9.?]+"\])", "[Date \"D\"]");
    // fastchess's PGN: when the game started and ended, how long it took
    text = replace(text, R"(\[(GameDuration|GameStartTime|GameEndTime) "[^"]*"\])", "[$1 \"T\"]");
    text = replace(text, R"(\([0-9]+ms overrun\))", "(Tms overrun)");  // a flag fall's lateness
    text = replace(text, R"(\b[0-9]+\.[0-9]{3}s\b)", "T.TTTs");
    text = replace(text, R"(no bestmove [0-9]+ ms after go, [0-9]+ ms allowed)",
                   "no bestmove T ms after go, T ms allowed");
    text = replace(text, R"("wall_time_ms": [0-9]+)", "\"wall_time_ms\": T");
    text =
        replace(text, R"(Total Time: [0-9]+:[0-9]{2}:[0-9]{2})", "Total Time: T");  // fastchess's last line
    text = replace(text, R"(("time_used_ms": \{\s*"black": )[0-9]+(,\s*"white": )[0-9]+)", "$1T$2T");
    text = replace(text, R"(</td><td>[0-9]+\.[0-9]</td></tr>)", "</td><td>T</td></tr>");
    if (clock_seed) {
        text = replace(text, R"(([Ss]eed |-srand |"seed": )[0-9]+)", "$1S");
        text = replace(text, R"("match_id": "[0-9a-f]+")", "\"match_id\": \"M\"");
    }
    return text;
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// `drawproxy match ARGS` in `dir`, the fake engine on PATH; its exit status.
int run_match(const fs::path& dir, const std::string& args) {
    const std::string cmd = "cd " + quoted(dir.string()) + " && PATH=" + quoted((dir / "bin").string()) +
                            ":\"$PATH\" drawproxy match " + args + " >stdout 2>stderr </dev/null";
    const int st = std::system(cmd.c_str());
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

// The journal cut after its header and `games` game lines, as if the run had been killed then.
void cut_state(const fs::path& path, int games) {
    std::istringstream in(slurp(path.string()));
    std::string line, kept;
    for (int n = 0; n <= games && std::getline(in, line); ++n) kept += line + '\n';
    std::ofstream(path, std::ios::trunc) << kept;
}

std::string signature_of(const Scenario& s, const char* format) {
    const fs::path dir = fs::path(binary_path("signature")) / (std::string(s.name) + "." + format);
    fs::remove_all(dir);
    fs::create_directories(dir);
    engine_folder(dir);
    if (!s.epd.empty()) std::ofstream(dir / "openings.epd") << s.epd;
    const std::string args = s.args + " -output " + format;
    int status = run_match(dir, args);
    if (s.resume_after >= 0) {
        INFO("the whole match first: " << slurp((dir / "stderr").string()));
        REQUIRE(status == 0);
        cut_state(dir / "games.pgn.state.json", s.resume_after);
        status = run_match(dir, "-resume games.pgn.state.json");
    }
    std::string hashes;
    for (const char* output : OUTPUTS) {
        const bool cutechess_pgn = std::string(format) == "cutechess" && std::string(output) == "games.pgn";
        std::string text = normalize(slurp((dir / output).string()), s.clock_seed, cutechess_pgn);
        if (std::string(output) == "stderr") text += "exit status " + std::to_string(status) + "\n";
        std::ofstream(dir / (std::string(output) + ".normalized"), std::ios::binary) << text;
        if (!hashes.empty()) hashes += ' ';
        hashes += hex(fnv1a(text));
    }
    return hashes;
}

void check_scenario(const char* name) {
    for (const Scenario& s : scenarios()) {
        if (std::string(s.name) != name) continue;
        for (const char* format : FORMATS) {
            const std::string actual = signature_of(s, format);
            const char* recorded = "";
            for (const Recorded& r : RECORDED)
                if (std::string(r.scenario) == name && std::string(r.format) == format) recorded = r.hashes;
            INFO("outputs: pgn epd json html stdout stderr; normalized in " << binary_path("signature"));
            INFO("now: {\"" << name << "\", \"" << format << "\", \"" << actual << "\"},");
            CHECK(actual == recorded);
        }
        return;
    }
    FAIL("no scenario " << name);
}

}  // namespace match_signature

using match_signature::check_scenario;

TEST_CASE("signature: the laws match (claims right and wrong, fifty moves, dead position, stalemate)",
          "[engine]") {
    check_scenario("laws-2023");
}
TEST_CASE("signature: the laws match under fide-2001 (9.5 takes the claimant's time)", "[engine]") {
    check_scenario("laws-2001");
}
TEST_CASE("signature: the laws match under the computer rules (automatic threefold and fifty)", "[engine]") {
    check_scenario("laws-computer");
}
TEST_CASE("signature: nobody claims (fivefold, 75 moves)", "[engine]") { check_scenario("automatic"); }
TEST_CASE("signature: a gauntlet adjudicated by scores, resignation and the move limit", "[engine]") {
    check_scenario("adjudication");
}
TEST_CASE("signature: Syzygy tablebase adjudication with minimal PGN", "[engine]") {
    check_scenario("tablebase");
}
TEST_CASE("signature: crash, illegal move, flag fall and stall with -recover", "[engine]") {
    check_scenario("faults");
}
TEST_CASE("signature: draw offers accepted, the seed from the clock", "[engine]") {
    check_scenario("offers");
}
TEST_CASE("signature: a match resumed from its state file after three games", "[engine]") {
    check_scenario("resume");
}
