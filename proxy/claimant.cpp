#include "proxy/claimant.h"

#include <fmt/format.h>

#include "rules/notation.h"
#include "uci/tokens.h"

namespace drawproxy::proxy {

std::string claim_line(const rules::Claim& claim, std::string_view move_text) {
    std::string line =
        fmt::format("info string drawproxy claim {} {}", rules::reason_name(claim.reason), claim.article);
    if (!move_text.empty()) fmt::format_to(std::back_inserter(line), " move {}", move_text);
    return line;
}

std::string result_line(const rules::Result& result) {
    return fmt::format("info string drawproxy result {} {} {}", rules::score_text(result.score),
                       rules::reason_name(result.reason), result.article);
}

Claimant::Claimant(rules::Edition edition, ClaimPolicy policy)
    : edition_(std::move(edition)), policy_(policy) {
    game_.reserve(rules::TYPICAL_GAME_PLIES);
}

void Claimant::to_lines(Lines& out) {
    for (const Announcement& a : made_) {
        if (a.refused) continue;
        switch (a.kind) {
            case Announcement::Claim:
                out.push_back(claim_line(a.claim, a.move_text));
                break;
            case Announcement::Result:
                out.push_back(result_line(a.result));
                break;
            case Announcement::Unfollowable:
                out.push_back("info string drawproxy cannot follow: " + a.why);
                break;
        }
    }
    made_.clear();
}

void Claimant::on_gui_command(const uci::GuiCommand& cmd, Lines& out) {
    on_gui_command(cmd, made_);
    to_lines(out);
}

void Claimant::on_gui_command(const uci::GuiCommand& cmd, Announcements& out) {
    switch (cmd.type) {
        case uci::GuiCommandType::SetOption:
            if (uci::iequals(cmd.option_name, "UCI_Chess960"))
                set_chess960(cmd.option_value && uci::iequals(*cmd.option_value, "true"));
            break;
        case uci::GuiCommandType::UciNewGame:
            new_game();
            break;
        case uci::GuiCommandType::Position:
            position(cmd, out);
            break;
        case uci::GuiCommandType::Go:
            go(cmd.go, out);
            break;
        case uci::GuiCommandType::PonderHit:
            ponderhit(out);
            break;
        case uci::GuiCommandType::Stop:
            stop();
            break;
        default:
            break;
    }
}

void Claimant::new_game() {
    new_game_ = true;
    last_bestmove_ = rules::Move::none();
}

std::string_view Claimant::previous_move(std::size_t i) const {
    std::uint32_t begin = i == 0 ? 0 : prev_ends_[i - 1] + 1;  // moves are joined by one space
    return std::string_view(prev_moves_).substr(begin, prev_ends_[i] - begin);
}

bool Claimant::play_moves(const std::vector<std::string_view>& moves, std::size_t from, std::string& why) {
    // Keep prev_moves_ in step with the game so the next command can be compared with it.
    prev_moves_.resize(from == 0 ? 0 : prev_ends_[from - 1]);
    prev_ends_.resize(from);
    for (std::size_t i = from; i < moves.size(); ++i) {
        std::string error;
        rules::Move m = rules::parse_uci_move(game_.position(), moves[i], error);
        if (m.is_none()) {
            why = fmt::format("ply {}: {}", game_.ply_count() + 1, error);
            return false;
        }
        game_.play(m);
        if (!prev_moves_.empty()) prev_moves_.push_back(' ');
        prev_moves_.append(moves[i]);
        prev_ends_.push_back(std::uint32_t(prev_moves_.size()));
    }
    return true;
}

// The GUI sent only the current FEN: keep the history when that FEN is the position already
// followed, or that position after the engine's bestmove and one legal reply, clocks and move
// number included. Anything else (the same pieces with other clocks: another game, or a GUI
// that edited the position) starts a new history from the FEN, since a stale history would
// make claims the FEN's own clocks do not allow.
bool Claimant::continues_from_fen(const rules::Position& p) {
    const rules::Position& now = game_.position();
    if (now.same_position_and_clocks(p)) return true;
    if (last_bestmove_.is_none() || last_bestmove_generation_ != generation_) return false;
    if (!now.is_legal(last_bestmove_)) return false;
    rules::Position after = now;
    after.play(last_bestmove_);
    for (rules::Move reply : after.legal_moves()) {
        rules::Position next = after;
        next.play(reply);
        if (next.same_position_and_clocks(p)) {
            game_.play(last_bestmove_);
            game_.play(reply);
            return true;
        }
    }
    return false;
}

bool Claimant::follow(const uci::GuiCommand& cmd, std::string& why) {
    std::string_view base = cmd.startpos ? std::string_view("startpos") : cmd.fen;
    if (base.empty()) {
        why = "no startpos or fen";
        return false;
    }
    if (following_ && !new_game_ && base == base_) {
        // The common case: the same start with more moves. Only the new plies are played.
        std::size_t common = 0;
        const std::size_t limit = std::min(cmd.moves.size(), prev_ends_.size());
        // Fast path: the GUI repeats the previous text exactly, then adds moves.
        if (limit == prev_ends_.size() && limit > 0) {
            std::string_view text(cmd.moves.front().data(),
                                  std::size_t(cmd.moves[limit - 1].end() - cmd.moves.front().begin()));
            if (text == prev_moves_) common = limit;
        }
        while (common < limit && previous_move(common) == cmd.moves[common]) ++common;
        game_.truncate(base_ply_ + int(common));
        return play_moves(cmd.moves, common, why);
    }
    rules::Position start(rules::Position::Uninitialised{});
    if (cmd.startpos) {
        start = rules::Position();
        start.set_chess960(chess960_);
    } else {
        std::string error;
        if (!rules::parse_fen(cmd.fen, chess960_, start, error)) {
            why = "bad FEN: " + error;
            return false;
        }
    }
    base_.assign(base);
    if (following_ && !new_game_ && !cmd.startpos && continues_from_fen(start)) {
        base_ply_ = game_.ply_count();
    } else {
        game_.reset(start);
        base_ply_ = 0;
    }
    new_game_ = false;
    return play_moves(cmd.moves, 0, why);
}

void Claimant::position(const uci::GuiCommand& cmd, Lines& out) {
    position(cmd, made_);
    to_lines(out);
}

void Claimant::position(const rules::Game& game) {
    if (!following_ || new_game_) mark_ = {};
    game_.follow(game, mark_);
    following_ = true;
    reported_unfollowable_ = false;
    new_game_ = false;
    base_.clear();  // the next text command is not compared with this game's moves
    ++generation_;
}

void Claimant::position(const uci::GuiCommand& cmd, Announcements& out) {
    std::string why;
    mark_ = {};  // game_ is now played from text
    following_ = follow(cmd, why);
    ++generation_;
    if (following_) {
        reported_unfollowable_ = false;
    } else {
        base_.clear();
        // Said once: repeating the same broken position must not flood the GUI.
        if (!reported_unfollowable_) {
            out.emplace_back();
            out.back().kind = Announcement::Unfollowable;
            out.back().why = std::move(why);
        }
        reported_unfollowable_ = true;
    }
}

void Claimant::judge_start(Search& s, Announcements& out) {
    if (!s.followed || s.done || s.generation != generation_) return;
    rules::Verdict v = game_.verdict(edition_);
    if (v.result) {
        out.emplace_back();
        out.back().kind = Announcement::Result;
        out.back().result = *v.result;
        out.back().refused = !accepts(out.back());
        s.done = !out.back().refused;
        return;
    }
    if (!policy_.makes_claims()) return;
    for (const rules::Claim& c : v) {
        if (c.intended) continue;
        Announcement a;
        a.claim = c;
        if (!accepts(a)) {  // said, not made; a later claim may still be one the GUI sees
            a.refused = true;
            out.push_back(std::move(a));
            continue;
        }
        if (policy_.kind == ClaimPolicy::Always) {
            out.push_back(std::move(a));
            s.done = true;
        } else {
            s.pending = true;
            s.pending_reason = c.reason;
            s.pending_article = c.article;
        }
        return;
    }
}

void Claimant::go(const uci::GoParams& params, Lines& out) {
    go(params, made_);
    to_lines(out);
}

void Claimant::go(const uci::GoParams& params, Announcements& out) {
    Search s;
    s.generation = generation_;
    s.followed = following_;
    s.pondering = params.ponder;
    searches_.push_back(s);
    if (!params.ponder) judge_start(searches_.back(), out);
}

void Claimant::forget_search() {
    if (!searches_.empty()) searches_.pop_back();
}

void Claimant::ponderhit(Lines& out) {
    ponderhit(made_);
    to_lines(out);
}

void Claimant::ponderhit(Announcements& out) {
    if (searches_.empty() || !searches_.back().pondering || searches_.back().ponder_miss) return;
    searches_.back().pondering = false;
    judge_start(searches_.back(), out);
}

void Claimant::stop() {
    if (!searches_.empty() && searches_.back().pondering) searches_.back().ponder_miss = true;
}

void Claimant::info_score(const uci::Score& score, int multipv) {
    if (searches_.empty() || multipv != 1 || score.kind == uci::Score::None) return;
    searches_.front().score = score;
}

void Claimant::bestmove(std::string_view move_text, Lines& out) {
    bestmove(move_text, made_);
    to_lines(out);
}

void Claimant::bestmove(std::string_view move_text, Announcements& out) {
    if (searches_.empty()) return;  // a bestmove nobody asked for: nothing to judge
    Search s = searches_.front();
    searches_.pop_front();
    const bool current = s.followed && s.generation == generation_ && following_;
    rules::Move m = current ? rules::parse_uci_move(game_.position(), move_text) : rules::Move::none();
    if (current && !s.pondering) {
        last_bestmove_ = m;
        last_bestmove_generation_ = generation_;
    }
    if (!current || s.pondering || s.ponder_miss || s.done || !policy_.makes_claims()) return;
    if (!policy_.allows(s.score)) return;
    if (s.pending) {
        out.emplace_back();
        out.back().claim.reason = s.pending_reason;
        out.back().claim.article = s.pending_article;
        return;
    }
    if (m.is_none()) return;
    if (auto c = game_.intended_claim(edition_, m)) {
        out.emplace_back();
        out.back().claim = *c;
        out.back().move_text = move_text;
    }
}

}  // namespace drawproxy::proxy
