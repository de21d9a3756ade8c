#include "player.h"

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>

#include "replies.h"
#include "rules/notation.h"

namespace drawproxy::test {

namespace {

int number(const std::string& text) { return std::atoi(text.c_str()); }

void close_input_and_exit() {
    for (int fd = 0; fd < 1024; ++fd)
        if (fd != 1 && fd != 2) ::close(fd);
    std::this_thread::sleep_for(std::chrono::seconds(1));
    std::_Exit(0);
}

// This process's Cpus_allowed_list from /proc/self/status: whom -use-affinity pinned it to.
std::string allowed_cpus() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("Cpus_allowed_list:", 0) == 0) {
            const auto at = line.find_first_not_of(" \t", line.find(':') + 1);
            return at == std::string::npos ? "" : line.substr(at);
        }
    return "?";
}

}  // namespace

PlaySpec parse_play_spec(const std::string& text) {
    PlaySpec s;
    for (const std::string& item : split(text, ';')) {
        const auto eq = item.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        const auto colon = value.find(':');
        const bool paired = colon != std::string::npos;
        const int ply = paired ? number(value.substr(0, colon)) : 0;
        const std::string second = paired ? value.substr(colon + 1) : "";
        if (key == "moves") {
            s.moves = split(value, ',');
        } else if (key == "score") {
            s.score = number(value);
        } else if (key == "crash") {
            s.crash = number(value);
        } else if (key == "illegal") {
            s.illegal = number(value);
        } else if (key == "bytes") {
            s.bytes = number(value);
        } else if (key == "hang") {
            s.hang = number(value);
        } else if (key == "burn") {
            s.burn_ms = number(value);
        } else if (key == "startsleep") {
            s.start_sleep_ms = number(value);
        } else if (key == "cpus") {
            s.report_cpus = value == "1";
        } else if (key == "readysleep") {
            s.ready_sleep_ms = number(value);
        } else if (key == "idname") {
            s.id_name = spaces_from_underscores(value);
        } else if (key == "banner") {
            s.banner = spaces_from_underscores(value);
        } else if (key == "hangfirst") {
            s.hang_first = value;
        } else if (key == "noquit") {
            s.no_quit = value == "1";
        } else if (key == "closein") {
            s.close_input = value == "1";
        } else if (key == "log") {
            s.log = value;
        } else if (key == "err") {
            s.err = spaces_from_underscores(value);
        } else if (key == "proto") {
            s.xboard = value == "xboard";
        } else if (key == "san") {
            s.san = value == "1";
        } else if (key == "ping") {
            s.ping = value != "0";
        } else if (key == "late") {
            s.late = value == "1";
        } else if (key == "stall") {
            s.stall_lines = number(value);
        } else if (key == "setboard") {
            s.setboard = value != "0";
        } else if (key == "nodone") {
            s.done = value != "1";
        } else if (key == "offer") {
            s.offers.push_back(number(value));
        } else if (key == "resign") {
            s.resigns.push_back(number(value));
        } else if (key == "refuse") {
            s.refusals.push_back(number(value));
        } else if (key == "noscore") {
            s.scores[number(value)] = "";
        } else if (!paired) {
            continue;
        } else if (key == "sleep") {
            s.sleep_ms[ply] = number(second);
        } else if (key == "cp" || key == "mate") {
            s.scores[ply] = key + " " + second;
        } else if (key == "gate") {
            s.gate_game = ply;
            s.gate_path = second;
        } else if (key == "claim") {
            s.claims[ply] = spaces_from_underscores(second);
        } else if (key == "xclaim") {
            s.xclaims[ply] = spaces_from_underscores(second);
        } else if (key == "announce") {
            s.announces[ply] = second;
        }
    }
    return s;
}

void Player::start_up() const {
    if (!spec_.banner.empty()) say(spec_.banner);
    if (!spec_.hang_first.empty() && ::access(spec_.hang_first.c_str(), F_OK) != 0) {
        if (std::FILE* taken = std::fopen(spec_.hang_first.c_str(), "w")) {
            std::fputs("taken\n", taken);
            std::fclose(taken);
        }
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    // CPU time, not wall time: on a loaded machine the burn takes longer, as a real start does.
    timespec t{};
    volatile std::uint64_t sink = 0;
    while (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 &&
           t.tv_sec * 1000 + t.tv_nsec / 1000000 < spec_.burn_ms)
        for (int i = 0; i < 10000; ++i) sink = sink * 6364136223846793005ull + 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(spec_.start_sleep_ms));
}

bool Player::answer(const std::string& line) {
    if (spec_.xboard) return answer_xboard(line);
    uci::parse_gui_command(line, cmd_);
    switch (cmd_.type) {
        case uci::GuiCommandType::Uci:
            if (!spec_.err.empty()) std::fprintf(stderr, "%s\n", spec_.err.c_str());
            say("id name " + spec_.id_name);
            say("uciok");
            break;
        case uci::GuiCommandType::IsReady:
            std::this_thread::sleep_for(std::chrono::milliseconds(spec_.ready_sleep_ms));
            say("readyok");
            if (spec_.close_input) close_input_and_exit();
            break;
        case uci::GuiCommandType::Go:
            go();
            break;
        case uci::GuiCommandType::Quit:
            return false;
        default:
            gui_.follow(cmd_);
            break;
    }
    return true;
}

void Player::go() {
    if (gui_.games == spec_.gate_game)
        for (int i = 0; i < 12000 && ::access(spec_.gate_path.c_str(), F_OK) != 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const int ply = gui_.ply();
    if (ply == spec_.crash) std::_Exit(3);
    if (ply == spec_.hang)
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    if (auto it = spec_.sleep_ms.find(ply); it != spec_.sleep_ms.end())
        std::this_thread::sleep_for(std::chrono::milliseconds(it->second));
    std::string score = "cp " + std::to_string(spec_.score);
    if (auto it = spec_.scores.find(ply); it != spec_.scores.end()) score = it->second;
    if (spec_.report_cpus) say("info string cpus " + allowed_cpus());
    say(score.empty() ? "info depth 1 nodes 1" : "info depth 1 score " + score + " nodes 1 pv");
    if (auto it = spec_.claims.find(ply); it != spec_.claims.end())
        say("info string drawproxy claim " + it->second);
    say("bestmove " + choose_move());
}

std::string Player::choose_move() const {
    const int ply = gui_.ply();
    if (ply == spec_.illegal) return "a1a1";
    if (ply == spec_.bytes) return "\xff\xfe";
    if (ply < int(spec_.moves.size()) && !spec_.moves[ply].empty()) return spec_.moves[ply];
    const rules::Position& pos = gui_.game.position();
    const rules::MoveList moves = pos.legal_moves();
    return moves.empty() ? "0000" : rules::to_uci(pos, moves[0]);
}

}  // namespace drawproxy::test
