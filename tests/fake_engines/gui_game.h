#pragma once
// The game a GUI has set up, as an engine follows it: UCI_Chess960 from setoption, a count of
// ucinewgame, and the `position` command replayed into a rules::Game. Shared by the fake engines.
#include "rules/game.h"
#include "uci/gui_command.h"

namespace drawproxy::test {

struct GuiGame {
    rules::Game game;
    bool chess960 = false;
    int games = 0;  // ucinewgame seen so far

    // Follows one command. False for a `position` that does not parse or holds an illegal
    // move: the game then stops at the last good move.
    bool follow(const uci::GuiCommand& cmd);
    // Plies played from the position command's start (its FEN, or the start position).
    int ply() const { return game.ply_count(); }
};

}  // namespace drawproxy::test
