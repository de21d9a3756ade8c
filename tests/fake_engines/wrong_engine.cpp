// A deliberately wrong UCI engine made from a real one, for the tests of `drawproxy check`:
//   wrong_engine MODE ENGINE [ARGS...]
// relays every line both ways, except that MODE breaks one thing:
//   drop-moves     sends `position fen <final FEN>` without the moves (blind to history)
//   zero-clock     sends the FEN with its halfmove clock set to 0 (blind to the fifty-move rule)
//   exit-finished  exits at `go` when the game is already over (checkmate, stalemate,
//                  fivefold, 75 moves, dead position)
//   false-claim    claims a threefold (9.2.2) when the position has occurred only twice
// Blocking I/O and two threads: a test tool, not product code.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gui_game.h"
#include "rules/edition.h"
#include "rules/notation.h"
#include "uci/gui_command.h"

using namespace drawproxy;

namespace {

std::mutex out_mutex;

void say(const std::string& line) {
    std::lock_guard lock(out_mutex);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(
            stderr, "usage: wrong_engine drop-moves|zero-clock|exit-finished|false-claim ENGINE [ARGS...]\n");
        return 2;
    }
    const std::string mode = argv[1];
    int to_child[2], from_child[2];
    if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) return 2;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(to_child[0], 0);
        ::dup2(from_child[1], 1);
        ::close(to_child[1]);
        ::close(from_child[0]);
        ::execvp(argv[2], argv + 2);
        ::_exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    FILE* child_in = ::fdopen(to_child[1], "w");
    FILE* child_out = ::fdopen(from_child[0], "r");

    std::thread relay_out([child_out] {
        char buf[65536];
        while (std::fgets(buf, sizeof buf, child_out)) {
            std::string line(buf);
            while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
            say(line);
        }
    });

    const rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
    test::GuiGame gui;
    const rules::Game& game = gui.game;
    std::string received;
    while (std::getline(std::cin, received)) {
        // cmd views into `received`; the rewritten text goes to `line`, so
        // rewriting never frees what cmd still points at.
        const uci::GuiCommand cmd = uci::parse_gui_command(received);
        std::string line = received;
        const bool followed = gui.follow(cmd);
        if (cmd.type == uci::GuiCommandType::Position && followed) {
            if (mode == "drop-moves") {
                line = "position fen " + rules::to_fen(game.position());
            } else if (mode == "zero-clock" && !cmd.startpos) {
                std::istringstream fields{std::string(cmd.fen)};
                std::vector<std::string> f;
                for (std::string w; fields >> w;) f.push_back(w);
                if (f.size() >= 5) f[4] = "0";
                std::string fen;
                for (const std::string& w : f) fen += (fen.empty() ? "" : " ") + w;
                line = "position fen " + fen;
                if (!cmd.moves.empty()) {
                    line += " moves";
                    for (std::string_view m : cmd.moves) line += " " + std::string(m);
                }
            }
        }
        if (cmd.type == uci::GuiCommandType::Go) {
            if (mode == "exit-finished" && game.automatic_result(edition)) {
                ::kill(pid, SIGKILL);
                ::_exit(3);
            }
            if (mode == "false-claim" && game.repetition_count() == 2)
                say("info string drawproxy claim threefold 9.2.2");
        }
        std::fputs((line + "\n").c_str(), child_in);
        std::fflush(child_in);
        if (cmd.type == uci::GuiCommandType::Quit) break;
    }
    std::fclose(child_in);
    relay_out.join();
    int status = 0;
    ::waitpid(pid, &status, 0);
    return 0;
}
