// The engine's searches under xboard: its move, pondering, analysis; its output turned into
// xboard's (moves, claims, thinking lines); clocks turned into `go`; ping and pong.
#include <fmt/format.h>

#include <algorithm>

#include "cecp/engine_message.h"
#include "proxy/xboard_arbiter.h"
#include "proxy/xboard_session.h"
#include "rules/notation.h"
#include "uci/tokens.h"

namespace drawproxy::proxy {

namespace {

// The words of a claim or result comment, before its article.
std::string_view ending_text(rules::Reason reason, rules::Score score) {
    switch (reason) {
        case rules::Reason::Threefold:
            return "Draw by threefold repetition";
        case rules::Reason::FiftyMoves:
            return "Draw by fifty-move rule";
        case rules::Reason::Fivefold:
            return "Draw by fivefold repetition";
        case rules::Reason::SeventyFiveMoves:
            return "Draw by seventy-five-move rule";
        case rules::Reason::DeadPosition:
            return "Draw by dead position";
        case rules::Reason::Stalemate:
            return "Stalemate";
        case rules::Reason::Checkmate:
            break;
    }
    return score == rules::Score::WhiteWins ? "White mates" : "Black mates";
}

// `1/2-1/2 {Draw by threefold repetition 9.2.2}` and the like.
void append_ending(rules::Reason reason, rules::Score score, std::string_view article, std::string& comment,
                   std::string& out) {
    comment.assign(ending_text(reason, score));
    comment.push_back(' ');
    comment.append(article);
    out.clear();
    cecp::append_result(cecp::result_code(score), comment, out);
}

// The move as xboard reads it: coordinates, and O-O / O-O-O for castling in Fischer random.
void append_gui_move(const rules::Position& pos, rules::Move m, bool chess960, std::string& out) {
    if (chess960 && m.kind() == rules::Move::CASTLING) {
        out.append(rules::file_of(m.to()) > rules::file_of(m.from()) ? "O-O" : "O-O-O");
        return;
    }
    rules::append_uci(pos, m, out);
}

}  // namespace

bool XboardSession::accepts(const rules::Game& g, const Announcement& a) const {
    // A loss announced for our own side is never refused, nor a stalemate: with no move to
    // play, saying so is all the engine can do. Any other draw stands only where xboard flags
    // the position.
    if (a.kind == Announcement::Result &&
        (a.result.score != rules::Score::Draw || a.result.reason == rules::Reason::Stalemate))
        return true;
    return xboard::flags_draw(g, g.ply_count(), start_ep_);
}

void XboardSession::write_position(std::string& out, std::string_view extra_move) const {
    out.assign(base_);
    if (moves_.empty() && extra_move.empty()) return;
    out.append(" moves");
    out.append(moves_);
    if (!extra_move.empty()) {
        out.push_back(' ');
        out.append(extra_move);
    }
}

void XboardSession::write_go(std::string& out, bool ponder) const {
    auto put = [&out](std::string_view name, std::int64_t v) {
        fmt::format_to(std::back_inserter(out), " {} {}", name, v);
    };
    out.assign(ponder ? "go ponder" : "go");
    if (st_ms_ > 0) {
        if (nps_ > 0)
            put("nodes", std::max<std::int64_t>(1, st_ms_ * nps_ / 1000));
        else
            put("movetime", st_ms_);
    } else {
        const rules::Color us = engine_color_.value_or(game_.position().side_to_move());
        const std::int64_t ours = std::max<std::int64_t>(1, time_cs_ ? *time_cs_ * 10 : level_.base_ms);
        const std::int64_t theirs = std::max<std::int64_t>(1, otim_cs_ ? *otim_cs_ * 10 : level_.base_ms);
        // Moves this side has made; when pondering, the guessed reply is one more ply.
        const int done = (game_.ply_count() + (ponder ? 1 : 0)) / 2;
        const int to_go = level_.moves > 0 ? level_.moves - done % level_.moves : 0;
        if (nps_ > 0) {
            // Play by nodes: this move's share of the clock, converted at the node rate.
            const std::int64_t share = ours / (to_go > 0 ? to_go : 30) + level_.increment_ms;
            put("nodes", std::max<std::int64_t>(1, share * nps_ / 1000));
        } else {
            put("wtime", us == rules::WHITE ? ours : theirs);
            put("btime", us == rules::WHITE ? theirs : ours);
            if (level_.increment_ms > 0) {
                put("winc", level_.increment_ms);
                put("binc", level_.increment_ms);
            }
            if (to_go > 0) put("movestogo", to_go);
        }
    }
    if (depth_ > 0) put("depth", depth_);
}

void XboardSession::think() {
    if (!board_ok_ || game_over_ || analyzing_ || !engine_color_ || thinking_) return;
    if (game_.position().side_to_move() != *engine_color_) return;
    if (pondering_) stop_search();
    write_position(position_line_, {});
    uci::parse_gui_command(position_line_, uci_command_);
    made_.clear();
    claimant_.position(uci_command_, made_);
    write_go(go_line_, false);
    uci::parse_gui_command(go_line_, uci_command_);
    claimant_.go(uci_command_.go, made_);
    if (announce(made_)) {
        claimant_.forget_search();  // the game ended on the claim: the engine need not search
        return;
    }
    engine(position_line_);
    engine(go_line_);
    add_search(SearchKind::Move, true);
    thinking_ = true;
}

void XboardSession::ponder(rules::Move guess, std::string_view guess_text) {
    ponder_text_.assign(guess_text);
    write_position(position_line_, ponder_text_);
    uci::parse_gui_command(position_line_, uci_command_);
    made_.clear();
    claimant_.position(uci_command_, made_);
    write_go(go_line_, true);
    uci::parse_gui_command(go_line_, uci_command_);
    claimant_.go(uci_command_.go, made_);  // a ponder search never claims
    engine(position_line_);
    engine(go_line_);
    add_search(SearchKind::Ponder, true);
    pondering_ = true;
    ponder_move_ = guess;
}

void XboardSession::ponder_hit() {
    engine("ponderhit");
    pondering_ = false;
    searches_.back().kind = SearchKind::Move;
    thinking_ = true;
    made_.clear();
    claimant_.ponderhit(made_);
    if (announce(made_)) {  // claimed as the move arrived: the search is not needed
        engine("stop");
        searches_.back().stale = true;
        thinking_ = false;
        flush_pongs();
    }
}

void XboardSession::analyze() {
    stop_search();
    if (!board_ok_) return;
    write_position(position_line_, {});
    engine(position_line_);
    engine("go infinite");
    add_search(SearchKind::Analysis, false);
}

void XboardSession::add_search(SearchKind kind, bool judged) {
    searches_.push_back({kind, false, judged});  // when full, the oldest is forgotten
}

void XboardSession::stop_search() {
    if (!searches_.empty() && !searches_.back().stale) {
        engine("stop");
        searches_.back().stale = true;
        if (searches_.back().judged) claimant_.stop();
    }
    thinking_ = pondering_ = false;
    flush_pongs();
}

bool XboardSession::announce(const Announcements& made) {
    for (const Announcement& a : made) {
        if (a.kind == Announcement::Unfollowable) {
            comment("drawproxy: cannot follow the game: " + a.why);
            continue;
        }
        if (a.kind == Announcement::Claim && a.claim.intended) continue;  // made with the move
        if (a.refused) {
            // Why xboard would call it false: it never judges the start position; it knows only
            // insufficient material as a dead position; its repetitions differ from the Laws'.
            const bool result = a.kind == Announcement::Result;
            const char* why =
                game_.ply_count() == 0 ? "it does not judge the start position"
                : result               ? "it knows only insufficient material"
                         : "it takes an e.p. capture beside a double step as possible, and looks back "
                           "only 100 plies";
            if (result) over_by_law_ = true;
            comment(
                fmt::format("drawproxy: {} {} {} under the Laws, but xboard's claim test would not accept it "
                            "({}); playing on{}",
                            rules::reason_name(result ? a.result.reason : a.claim.reason),
                            result ? a.result.article : a.claim.article, result ? "ends the game" : "holds",
                            why, result ? ", proposing agreement with each move" : ""));
            continue;
        }
        if (a.kind == Announcement::Result)
            append_ending(a.result.reason, a.result.score, a.result.article, comment_, line_);
        else
            append_ending(a.claim.reason, rules::Score::Draw, a.claim.article, comment_, line_);
        gui(line_);
        game_over_ = true;
        return true;
    }
    return false;
}

void XboardSession::note_unseen_claim(const rules::Claim& claim) {
    comment(
        fmt::format("drawproxy: {} {} holds under the Laws, but xboard will not see it after this move; it "
                    "stands as a proposal of agreement",
                    rules::reason_name(claim.reason), claim.article));
}

void XboardSession::on_bestmove(const uci::EngineMessage& msg) {
    if (searches_.empty()) return;  // a bestmove nobody asked for
    const EngineSearch s = searches_.front();
    searches_.pop_front();
    made_.clear();
    if (s.judged) claimant_.bestmove(msg.bestmove, made_);
    if (s.stale || s.kind != SearchKind::Move) return;
    thinking_ = false;
    bool intended = false;
    for (const Announcement& a : made_) {
        if (a.kind != Announcement::Claim || a.refused) continue;
        if (!a.claim.intended) {  // decided now by the score policy: claimed instead of moving
            append_ending(a.claim.reason, rules::Score::Draw, a.claim.article, comment_, line_);
            gui(line_);
            game_over_ = true;
            return flush_pongs();
        }
        intended = true;
    }
    play_engine_move(msg.bestmove, msg.ponder, intended);
}

void XboardSession::play_engine_move(std::string_view text, std::string_view ponder_text, bool intended) {
    const rules::Move m = rules::parse_uci_move(game_.position(), text);
    if (m.is_none()) {
        // Relayed for the GUI to judge (a move xboard finds illegal loses the game), when it
        // reads as a move at all; the game cannot be followed from here.
        comment("drawproxy: the engine's move is not legal here");
        if (cecp::looks_like_move(text)) {
            line_.assign("move ");
            line_.append(text);
            gui(line_);
        }
        board_ok_ = false;
        return flush_pongs();
    }
    line_.assign(intended || over_by_law_ ? "offer draw\nmove " : "move ");
    append_gui_move(game_.position(), m, chess960_, line_);
    play(m);
    if (intended && !xboard::flags_draw(game_, game_.ply_count(), start_ep_)) {
        for (const Announcement& a : made_)
            if (a.kind == Announcement::Claim && a.claim.intended) note_unseen_claim(a.claim);
    }
    gui(line_);  // the offer and the move in one write: xboard judges the position after the move
    flush_pongs();
    if (!ponder_on_ || ponder_text.empty() || game_.automatic_result(claimant_.edition())) return;
    const rules::Move guess = rules::parse_uci_move(game_.position(), ponder_text);
    if (!guess.is_none()) ponder(guess, ponder_text);
}

void XboardSession::on_info(std::string_view line) {
    if (searches_.empty() || searches_.front().stale) return;
    const EngineSearch& s = searches_.front();  // the search the engine is running
    int multipv = 1;
    uci::Score score;
    if (post_) {
        uci::parse_engine_message(line, message_);
        if (message_.info.string) return comment(line);
        score = message_.info.score;
        multipv = message_.info.multipv.value_or(1);
    } else if (s.kind == SearchKind::Move) {
        score = uci::parse_info_score(line, &multipv);
    } else {
        return;
    }
    if (score.kind == uci::Score::None || multipv != 1) return;
    if (s.judged && claimant_.wants_scores()) claimant_.info_score(score, multipv);
    if (s.kind == SearchKind::Move) last_score_ = score;
    if (!post_) return;
    const uci::Info& info = message_.info;
    cecp::Thinking t;
    t.ply = info.depth.value_or(0);
    t.score = score.kind == uci::Score::Mate ? cecp::mate_score(score.value) : score.value;
    t.time_cs = info.time.value_or(0) / 10;
    t.nodes = info.nodes.value_or(0);
    line_.clear();
    cecp::append_thinking(t, line_);
    if (s.kind == SearchKind::Ponder) {  // the guessed reply leads the line, as xboard shows it
        line_.push_back(' ');
        line_.append(ponder_text_);
    }
    // The engine's text: xboard would read "Draw" in it as a claim, before it reads thinking.
    if (!info.pv.empty() && !cecp::mentions_draw(uci::span(info.pv.front(), info.pv.back()))) {
        line_.push_back(' ');
        line_.append(uci::span(info.pv.front(), info.pv.back()));
    }
    gui(line_);
}

void XboardSession::ping(std::int64_t number) {
    if (pongs_.full()) return error("too many pings waiting", fmt::format("ping {}", number));
    if (thinking_) {
        pongs_.push_back({number, 0, true});  // after the move, as the protocol asks
    } else if (engine_busy_) {
        // The engine has commands to finish (a new game, options, a stopped search): answer
        // once it has said readyok.
        engine("isready");
        engine_busy_ = false;
        pongs_.push_back({number, ++isready_sent_, false});
    } else {
        pongs_.push_back({number, 0, false});
    }
    flush_pongs();
}

void XboardSession::flush_pongs() {
    while (!pongs_.empty()) {
        const Pong& p = pongs_.front();
        if ((p.after_move && thinking_) || p.readyok > readyok_seen_) return;
        line_.clear();
        fmt::format_to(std::back_inserter(line_), "pong {}", p.number);
        pongs_.pop_front();
        gui(line_);
    }
}

void XboardSession::on_engine_line(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && uci::is_space(line[i])) ++i;
    if (line.substr(i).starts_with("info") && (line.size() == i + 4 || uci::is_space(line[i + 4])))
        return on_info(line);  // the hot path
    uci::parse_engine_message(line, message_);
    switch (message_.type) {
        case uci::EngineMessageType::BestMove:
            return on_bestmove(message_);
        case uci::EngineMessageType::ReadyOk:
            ++readyok_seen_;
            return flush_pongs();
        case uci::EngineMessageType::Id:
            if (message_.id_field == "name") engine_name_.assign(message_.id_value);
            return;
        case uci::EngineMessageType::Option:
            return engine_option(message_.option);
        case uci::EngineMessageType::UciOk:
            if (!uciok_) on_uciok();
            return;
        default:
            return;
    }
}

}  // namespace drawproxy::proxy
