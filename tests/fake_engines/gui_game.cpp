#include "gui_game.h"

#include <string>

#include "rules/notation.h"

namespace drawproxy::test {

bool GuiGame::follow(const uci::GuiCommand& cmd) {
    switch (cmd.type) {
        case uci::GuiCommandType::SetOption:
            if (cmd.option_name == "UCI_Chess960") chess960 = cmd.option_value && *cmd.option_value == "true";
            return true;
        case uci::GuiCommandType::UciNewGame:
            ++games;
            return true;
        case uci::GuiCommandType::Position: {
            rules::Position start;
            std::string error;
            if (!cmd.startpos && !rules::parse_fen(cmd.fen, chess960, start, error)) return false;
            game.reset(start);
            for (std::string_view text : cmd.moves) {
                const rules::Move m = rules::parse_uci_move(game.position(), text);
                if (!m) return false;
                game.play(m);
            }
            return true;
        }
        default:
            return true;
    }
}

}  // namespace drawproxy::test
