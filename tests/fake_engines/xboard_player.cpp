// fake_player's CECP v2 side (proto=xboard in its SPEC; see player.h).
#include <algorithm>
#include <utility>

#include "cecp/gui_command.h"
#include "player.h"
#include "replies.h"
#include "rules/notation.h"

namespace drawproxy::test {

namespace {

bool has(const std::vector<int>& plies, int ply) {
    return std::find(plies.begin(), plies.end(), ply) != plies.end();
}

}  // namespace

bool Player::answer_xboard(const std::string& line) {
    if (spec_.stall_lines > 0) {
        stalled_.push_back(line);
        if (int(stalled_.size()) < spec_.stall_lines) return true;
        spec_.stall_lines = 0;
        for (const std::string& read : std::exchange(stalled_, {}))
            if (!answer_xboard_command(read)) return false;
        return true;
    }
    return answer_xboard_command(line);
}

bool Player::answer_xboard_command(const std::string& line) {
    if (editing_) return edit(line), true;
    const cecp::GuiCommand cmd = cecp::parse_gui_command(line);
    switch (cmd.type) {
        case cecp::GuiCommandType::Protover:
            if (!spec_.late) send_features();
            break;
        case cecp::GuiCommandType::New:
            xgame_.reset(rules::Position());
            claimed_.clear();
            break;
        case cecp::GuiCommandType::SetBoard: {
            rules::Position pos;
            std::string error;
            if (rules::parse_fen(cmd.text, false, pos, error)) xgame_.reset(pos);
            break;
        }
        case cecp::GuiCommandType::Move: {
            const int ply = xgame_.ply_count();
            std::string error;
            rules::Move m = spec_.san ? rules::parse_san(xgame_.position(), cmd.text, error)
                                      : rules::parse_uci_move(xgame_.position(), cmd.text, error);
            if (!m || has(spec_.refusals, ply)) {
                say("Illegal move: " + std::string(cmd.text));
                break;
            }
            xgame_.play(m);
            break;
        }
        case cecp::GuiCommandType::Edit:
            editing_ = true;
            edit_black_ = false;
            break;
        case cecp::GuiCommandType::Ping:
            // Without the feature, `ping` is a command it does not know.
            say(spec_.ping ? "pong " + std::to_string(cmd.number) : "Error (unknown command): " + line);
            if (spec_.late && !features_sent_) {
                say("feature done=0");
                send_features();
            }
            break;
        case cecp::GuiCommandType::Go:
            go_xboard();
            break;
        case cecp::GuiCommandType::Quit:
            return false;
        default:
            break;
    }
    return true;
}

void Player::send_features() {
    features_sent_ = true;
    std::string features = "feature myname=\"xfake\" usermove=1 reuse=1";
    features += spec_.setboard ? " setboard=1" : " setboard=0";
    features += spec_.ping ? " ping=1" : " ping=0";
    if (spec_.san) features += " san=1";
    features += " option=\"Level -spin 1 1 10\"";
    say(features);
    if (spec_.done) say("feature done=1");
}

void Player::edit(const std::string& line) {
    const cecp::EditCommand e = cecp::parse_edit_command(line);
    if (e.type == cecp::EditCommandType::Clear) edit_board_.assign(64, ' ');
    if (e.type == cecp::EditCommandType::Color) edit_black_ = !edit_black_;
    if (e.type == cecp::EditCommandType::Place && edit_board_.size() == 64)
        edit_board_[e.rank * 8 + e.file] = edit_black_ ? char(e.piece | 0x20) : e.piece;
    if (e.type != cecp::EditCommandType::Done) return;
    // The board as placed, the side to move kept, castling as the pieces allow it (edit mode
    // has no word for it), no en passant.
    editing_ = false;
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char p = edit_board_[rank * 8 + file];
            if (p == ' ') {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + std::exchange(empty, 0));
            fen += p;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    fen += xgame_.position().side_to_move() == rules::WHITE ? " w - - 0 1" : " b - - 0 1";
    rules::Position pos;
    std::string error;
    if (rules::parse_fen(fen, false, pos, error)) xgame_.reset(pos);
}

void Player::go_xboard() {
    const int ply = xgame_.ply_count();
    if (ply == spec_.crash) std::_Exit(3);
    say("1 " + std::to_string(spec_.score) + " 0 1 xfake");
    if (auto it = spec_.xclaims.find(ply); it != spec_.xclaims.end() && !has(claimed_, ply)) {
        claimed_.push_back(ply);
        say("1/2-1/2 {" + it->second + "}");
        return;
    }
    if (has(spec_.resigns, ply)) return say("resign");
    if (auto it = spec_.announces.find(ply); it != spec_.announces.end()) say(it->second + " {announced}");
    if (has(spec_.offers, ply)) say("offer draw");
    const rules::Position& pos = xgame_.position();
    rules::Move m;
    if (ply < int(spec_.moves.size()) && !spec_.moves[ply].empty())
        m = rules::parse_uci_move(pos, spec_.moves[ply]);
    if (!m) {
        const rules::MoveList moves = pos.legal_moves();
        if (moves.empty()) return;
        m = moves[0];
    }
    say("move " + (spec_.san ? rules::to_san(pos, m) : rules::to_uci(pos, m)));
    xgame_.play(m);
}

}  // namespace drawproxy::test
