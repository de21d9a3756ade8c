#include "game/game_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cstdlib>
#include <ctime>

#include "game/cpu_affinity.h"
#include "game/fastchess_options.h"
#include "game/polyglot_book.h"
#include "rules/notation.h"
#include "uci/tokens.h"

namespace drawproxy::game {

using rules::Color;
using Clk = std::chrono::steady_clock;

namespace {

constexpr int MATE_SCORE = 100000;
constexpr std::int64_t DRAIN_MS = 1000;  // how long a stopped engine may take to send its bestmove

std::string today() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    return fmt::format("{:04}.{:02}.{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::int64_t unix_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// How far past the time it had a move of `elapsed_ms` came, as fastchess reports a flag fall.
std::int64_t overrun_ms(const Clock& clock, std::int64_t elapsed_ms) {
    const std::int64_t allowed =
        clock.control().movetime_ms ? clock.control().movetime_ms : clock.remaining_ms();
    return elapsed_ms - allowed;
}

}  // namespace

GameRunner::GameRunner(boost::asio::io_context& io, EngineSource& pool, const rules::Edition& edition,
                       GameSpec spec, DoneHandler done)
    : io_(io),
      pool_(pool),
      edition_(edition),
      spec_(std::move(spec)),
      done_(std::move(done)),
      arbiter_(edition, spec_.start, spec_.white->tc, spec_.black->tc, spec_.draw_offers.after),
      adjudicator_(spec_.adjudication),
      adjudicating_(spec_.adjudication.any()),
      tb_pieces_(!spec_.adjudication.tablebase() ? 0
                 : spec_.adjudication.tb_pieces > 0
                     ? std::min(spec_.adjudication.tb_pieces, syzygy::max_pieces())
                     : syzygy::max_pieces()),
      timer_(io) {
    book_rng_ = spec_.seed;
    players_[rules::WHITE].config = spec_.white;
    players_[rules::BLACK].config = spec_.black;
    for (Seat& p : players_) {
        p.facts.configure(spec_.fastchess_output);
        p.pv_check.configure(spec_.fastchess_output);
        if (p.config->claim.kind == ClaimPolicy::Engine) continue;
        p.claimant = std::make_unique<proxy::Claimant>(edition_, p.config->claim);
        // As behind the proxy once UCI_Chess960 is set: Shredder-FEN castling rights and
        // king-takes-rook castling moves are read as Chess960.
        p.claimant->set_chess960(pool_.chess960());
        p.claimant->new_game();
        p.claim_lines.reserve(4);
    }
    record_.number = spec_.number;
    record_.round = spec_.round;
    record_.white = spec_.white->name;
    record_.black = spec_.black->name;
    record_.time_control = spec_.white->tc.text();
    record_.tc[rules::WHITE] = spec_.white->tc;
    record_.tc[rules::BLACK] = spec_.black->tc;
    record_.limits_differ = spec_.white->tc.text() != spec_.black->tc.text() ||
                            spec_.white->nodes != spec_.black->nodes ||
                            spec_.white->depth != spec_.black->depth;
    record_.rules = edition_.name;
    record_.start = spec_.start;
    record_.from_fen = spec_.from_fen;
    record_.date = today();
    record_.plies.reserve(256);
    overhead_.reserve(256);
    position_cmd_.reserve(4096);
    go_.type = uci::GuiCommandType::Go;
}

GameRunner::~GameRunner() = default;

void GameRunner::start() {
    start_time_ = Clk::now();
    record_.started_at_ms = unix_ms();
    // A Chess960 position's castling rights by their rooks' files (Shredder-FEN), as fastchess and
    // cutechess-cli send it: an engine may read no other form.
    const rules::FenStyle style{.rook_files_in_chess960 = true};
    position_cmd_ =
        spec_.from_fen ? "position fen " + rules::to_fen(spec_.start, style) : "position startpos";
    position_cmd_ += " moves";
    for (rules::Move m : spec_.book) {
        PlyRecord ply;
        ply.move = m;
        ply.book = true;
        position_cmd_ += ' ';
        rules::append_uci(arbiter_.position(), m, position_cmd_);
        record_.plies.push_back(ply);
        if (auto o = arbiter_.play(m)) return finish(*o);
    }
    std::weak_ptr<GameRunner> weak = shared_from_this();
    for (Color c : {rules::WHITE, rules::BLACK}) {
        Seat& p = players_[c];
        p.settled = false;
        p.asked =
            pool_.acquire(*p.config, [weak, c](std::shared_ptr<EngineSession> s, const NotReady& failure) {
                if (auto self = weak.lock()) self->on_ready(c, std::move(s), failure);
            });
    }
}

void GameRunner::on_ready(Color c, std::shared_ptr<EngineSession> s, const NotReady& failure) {
    Seat& p = players_[c];
    p.asked = 0;
    if (!s) {
        p.exited = true;  // there is no process to give back
        if (failure.forfeits) return lose_unready(c, failure.why);
        return fail_start(c, failure.why);
    }
    p.session = std::move(s);
    p.session->listener = std::static_pointer_cast<EngineListener>(shared_from_this());
    p.session->color = c;
    p.ready = true;
    if (!players_[~c].ready) return;
    playing_ = true;
    play_time_ = Clk::now();
    if (spec_.cpus && (cpu_ = spec_.cpus->lease()) >= 0)
        for (Seat& seat : players_) pin_process(seat.session->process->pid(), cpu_);
    if (auto o = arbiter_.check_start()) return finish(*o);
    send_go();
}

void GameRunner::interrupt() {
    if (finished_) return;
    finish(Outcome{});  // unterminated: no result
}

void GameRunner::arm_timer(std::int64_t ms) {
    deadline_ = Clk::now() + std::chrono::milliseconds(ms);
    // A wait that ends no later than the deadline is kept: it checks the deadline when it ends.
    // Re-arming at every `go` cost a timerfd_settime per move (whenever this became the loop's
    // earliest timer), and under a clock the deadline moves later from move to move.
    if (timer_waiting_ && timer_.expiry() <= deadline_) return;
    timer_.expires_at(deadline_);
    wait_timer();
}

void GameRunner::wait_timer() {
    timer_waiting_ = true;
    std::weak_ptr<GameRunner> weak = shared_from_this();
    timer_.async_wait([weak, id = ++timer_wait_id_](const boost::system::error_code& ec) {
        auto self = weak.lock();
        // Cancelled, or superseded by a wait for an earlier deadline (even one that had already
        // ended: its handler may run after the next move was armed).
        if (ec || !self || id != self->timer_wait_id_) return;
        self->on_timer();
    });
}

void GameRunner::disarm_timer() {
    deadline_ = Clk::time_point::max();  // the wait, if one runs, ends quietly
}

void GameRunner::cancel_timer() {
    disarm_timer();
    timer_waiting_ = false;
    timer_.cancel();
}

void GameRunner::on_timer() {
    timer_waiting_ = false;
    if (deadline_ == Clk::time_point::max()) return;
    if (Clk::now() < deadline_) {  // the deadline moved later while the wait ran
        timer_.expires_at(deadline_);
        return wait_timer();
    }
    disarm_timer();
    on_timeout();
}

void GameRunner::on_line(Color c, std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    Seat& p = players_[c];
    if (finished_) {
        // After the search was stopped, its last word: the engine is between games again.
        if (p.draining && player(p).drained(line)) {
            p.draining = false;
            p.searching = false;
            settle(p, false);
        }
        return;
    }
    if (!playing_ || !p.session) return;
    if (flag_fell_) return on_flag_answer_line(c, line);
    // fastchess's move comments and checks read the UCI lines of the engine whose turn it is.
    if (spec_.fastchess_output && searching_ && c == arbiter_.to_move() &&
        p.config->protocol == Protocol::Uci) {
        p.facts.line(line);
        if (uci::Tokens(line).next() != "bestmove") p.pv_check.line(line, arbiter_.game(), p.config->name);
    }
    const PlayerEvent e = player(p).read(line, arbiter_.position());
    if (e.kind == PlayerEvent::None) return;
    if (!searching_ || c != arbiter_.to_move()) {
        // Out of turn only a resignation counts; an xboard engine may also claim just after its
        // own move, when the right to claim has passed to the opponent (9.2, 9.3).
        if (e.kind == PlayerEvent::Resign || e.kind == PlayerEvent::Announce ||
            e.kind == PlayerEvent::Refused)
            on_event(c, e);
        else if (e.kind == PlayerEvent::Claim && !record_.plies.empty())
            record_.plies.back().notes.push_back(
                fmt::format("{} claims a draw after its own move ({}): not its move, no claim (9.2, 9.3)",
                            p.config->name, e.text));
        return;
    }
    if (e.kind == PlayerEvent::Move) return on_bestmove(c, e.move);
    if (e.kind != PlayerEvent::Info) return on_event(c, e);
    if (p.claimant && p.claimant->wants_scores()) {
        // claim=score:CP decides on the engine's own score: the claimant reads it exactly as
        // the proxy's relay does (multipv 1, bounds), else it never has one and never claims.
        uci::Score score = e.score;
        if (p.config->white_pov && c == rules::BLACK) {
            score.value = -score.value;
            std::swap(score.lowerbound, score.upperbound);
        }
        p.claimant->info_score(score, e.multipv);
    }
    if (e.depth) p.depth = *e.depth;
    if (e.score.kind != uci::Score::None) {
        // whitepov: to the mover's side
        p.score = p.config->white_pov && c == rules::BLACK ? -e.score.value : e.score.value;
        p.has_score = true;
        p.mate = e.score.kind == uci::Score::Mate;
    }
}

bool GameRunner::wants_draw(const Seat& p) const {
    const auto& d = spec_.draw_offers;
    if (!d.enabled || int(p.recent_scores.size()) < d.moves) return false;
    for (auto it = p.recent_scores.end() - d.moves; it != p.recent_scores.end(); ++it)
        if (std::abs(*it) > d.score_cp) return false;
    return true;
}

void GameRunner::on_bestmove(Color c, std::string_view move_text) {
    bestmove_time_ = Clk::now();
    searching_ = false;
    disarm_timer();
    Seat& p = players_[c];
    p.searching = false;
    PlyRecord ply;
    ply.notes = std::move(pending_notes_);
    pending_notes_.clear();
    ply.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(bestmove_time_ - go_time_).count();
    ply.has_score = p.has_score;
    ply.mate = p.mate;
    ply.score = p.score;
    ply.depth = p.depth;
    p.facts.fill(ply, ply.time_ms, p.config->white_pov && c == rules::BLACK);
    p.recent_scores.push_back(!p.has_score ? MATE_SCORE
                              : p.mate     ? (p.score > 0 ? MATE_SCORE : -MATE_SCORE)
                                           : p.score);

    std::string error;
    rules::Move m = rules::parse_uci_move(arbiter_.position(), move_text, error);
    // fastchess checks the search's output once it has the bestmove, before it reads the clock.
    p.pv_check.bestmove(move_text, bool(m), arbiter_.game(), p.config->name, record_.warnings);
    const bool stop_at_warning = said_warnings();
    const std::int64_t overrun = overrun_ms(arbiter_.clock(c), ply.time_ms);
    if (auto o = arbiter_.charge_time(ply.time_ms)) {
        o->overrun_ms = overrun;
        record_.final_notes.push_back(fmt::format("{} flag fell after {:.3f}s",
                                                  c == rules::WHITE ? "White's" : "Black's",
                                                  double(ply.time_ms) / 1000));
        return finish(*o);
    }
    ply.timeleft_ms = arbiter_.clock(c).remaining_ms();
    if (stop_at_warning) return finish(Outcome{});

    // A standing offer is accepted when the player's own score says the game is level.
    if (arbiter_.draw_offered_to_mover() && spec_.draw_offers.enabled && p.has_score && !p.mate &&
        std::abs(p.score) <= spec_.draw_offers.score_cp) {
        std::string why;
        if (auto o = arbiter_.accept_draw(why)) {
            record_.final_notes.push_back("draw offer accepted");
            return finish(*o);
        }
        ply.notes.push_back(why);
    }

    std::optional<ClaimRequest> request = p.engine_claim;
    if (p.claimant) {
        p.claim_lines.clear();
        p.claimant->bestmove(move_text, p.claim_lines);
        if (auto claimed = claim_in(p.claim_lines)) request = claimed;
    }
    if (p.offers_draw && m && !request) {
        // xboard's `offer draw` before a move: a claim on that move where one is open (9.2.1,
        // 9.3.1), else an offer made with the move (9.1).
        if (auto open = arbiter_.game().intended_claim(edition_, m))
            request = ClaimRequest{open->reason, m};
        else
            ply.offered_draw = true;
    }
    if (request && judge_claim(*request, ply, m)) return;
    if (!m) {
        record_.final_notes.push_back(fmt::format("illegal move '{}' ({})", move_text, error));
        p.retire = true;  // its idea of the game is not ours: a fresh process for the next one
        return finish(arbiter_.illegal_move(std::string(move_text)));
    }
    ply.offered_draw = ply.offered_draw || wants_draw(p);
    play_move(m, std::move(ply));
}

void GameRunner::play_move(rules::Move m, PlyRecord ply) {
    position_cmd_ += ' ';
    rules::append_uci(arbiter_.position(), m, position_cmd_);
    ply.move = m;
    const bool offer = ply.offered_draw;
    record_.plies.push_back(std::move(ply));
    const auto over = arbiter_.play(m);
    const Seat &us = players_[~arbiter_.to_move()], &them = players_[arbiter_.to_move()];
    us.pv_check.mate_signs(record_.plies, arbiter_.game(), them.config->name, them.facts.chosen_line(),
                           us.config->name, us.facts.chosen_line(), record_.warnings);
    if (said_warnings()) return finish(Outcome{});
    if (over) return finish(*over);  // the Laws first
    if (tb_pieces_ && rules::popcount(arbiter_.position().pieces()) <= tb_pieces_)
        if (auto o = adjudicate_by_tablebase()) return finish(*o);
    if (adjudicating_) {
        const Color mover = arbiter_.to_move() == rules::WHITE ? rules::BLACK : rules::WHITE;
        if (auto o = adjudicator_.after_move(mover, record_.plies.back(), int(record_.plies.size()),
                                             arbiter_.position().halfmove_clock()))
            return finish(*o);
    }
    if (offer) arbiter_.offer_draw();
    send_go();
}

rules::Move GameRunner::book_move() {
    const Color c = arbiter_.to_move();
    const PolyglotBook* book = spec_.books[c];
    if (!book) return rules::Move::none();
    const int depth = players_[c].config->book_depth;
    if (depth > 0 && int(record_.plies.size()) >= 2 * depth) return rules::Move::none();
    return book->pick(arbiter_.position(), book_rng_);
}

void GameRunner::send_go() {
    const Color c = arbiter_.to_move();
    if (rules::Move m = book_move()) {
        // Played for the engine at once, on no clock, as the runners play book moves.
        PlyRecord ply;
        ply.book = true;
        return play_move(m, std::move(ply));
    }
    Seat& p = players_[c];
    p.has_score = false;
    p.mate = false;
    p.depth = 0;
    p.engine_claim.reset();
    p.facts.reset();
    p.pv_check.reset();
    p.offers_draw = false;
    const EngineConfig& cfg = *p.config;
    uci::GoParams& go = go_.go;  // only these fields are ever set
    go.wtime = go.btime = go.winc = go.binc = go.movestogo = go.nodes = go.depth = go.movetime = std::nullopt;
    const Clock& own = arbiter_.clock(c);
    if (cfg.tc.movetime_ms) {
        go.movetime = cfg.tc.movetime_ms;
    } else if (cfg.tc.has_clock()) {
        const Clock& w = arbiter_.clock(rules::WHITE);
        const Clock& b = arbiter_.clock(rules::BLACK);
        go.wtime = std::max<std::int64_t>(w.remaining_ms(), 1);
        go.btime = std::max<std::int64_t>(b.remaining_ms(), 1);
        if (w.control().has_clock() && w.control().increment_ms) go.winc = w.control().increment_ms;
        if (b.control().has_clock() && b.control().increment_ms) go.binc = b.control().increment_ms;
        if (own.moves_to_go()) go.movestogo = own.moves_to_go();
    }
    if (cfg.nodes) go.nodes = cfg.nodes;
    if (cfg.depth) go.depth = cfg.depth;
    // The engine's time runs from just before the write: read from after it, a runner
    // descheduled between the two would start the clock after the engine had started thinking.
    go_time_ = Clk::now();
    player(p).turn(Turn{arbiter_.game(), position_cmd_, go_});
    const auto written = Clk::now();
    p.searching = true;
    if (p.claimant) {
        // The claimant follows the game the position command was written from; a has-appeared
        // claim comes at `go`.
        p.claim_lines.clear();
        p.claimant->position(arbiter_.game());
        p.claimant->go(go_.go, p.claim_lines);
        if (auto request = claim_in(p.claim_lines)) {
            PlyRecord unused;
            rules::Move none;
            if (judge_claim(*request, unused, none)) return;
            pending_notes_ = std::move(unused.notes);  // an incorrect claim: noted on the move to come
        }
    }
    if (!record_.plies.empty() && !record_.plies.back().book)
        overhead_.push_back(
            std::chrono::duration_cast<std::chrono::nanoseconds>(written - bestmove_time_).count());
    searching_ = true;
    // fastchess waits 100 ms past the time for the bestmove before it calls the flag (a move in
    // that time loses all the same): its overrun is then 100 ms.
    const std::int64_t deadline = own.deadline_ms(), past = spec_.fastchess_output ? 100 : 1;
    arm_timer(deadline >= 0 ? deadline + past : cfg.stall_ms);
}

void GameRunner::on_timeout() {
    if (finished_) {
        // A process that did not answer `stop` within the drain time is not trusted again.
        for (Seat& p : players_)
            if (p.draining) {
                p.draining = false;
                settle(p, true);
            }
        return;
    }
    const Color c = arbiter_.to_move();
    Seat& p = players_[c];
    if (flag_fell_) return stall_after_flag(c);
    if (arbiter_.clock(c).control().has_clock() || arbiter_.clock(c).control().movetime_ms) {
        // How long after `go` the timer ran: far past the deadline means this process was not
        // scheduled in time (a loaded machine), not that the engine thought that long.
        const auto waited =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clk::now() - go_time_).count();
        record_.final_notes.push_back(
            fmt::format("{} flag fell while thinking (no bestmove {} ms after go, {} ms allowed)",
                        c == rules::WHITE ? "White's" : "Black's", waited, arbiter_.clock(c).deadline_ms()));
        Outcome o = arbiter_.flag_fall();
        o.overrun_ms = overrun_ms(arbiter_.clock(c), waited);
        if (p.config->flag_question_ms > 0 && player(p).ask(p.config->flag_question)) {
            // the runner's question first: an answer makes it a loss on time, silence a stall
            flag_fell_ = std::move(o);
            return arm_timer(p.config->flag_question_ms);
        }
        return finish(std::move(o));  // it is still searching: stopped and drained
    }
    record_.final_notes.push_back(fmt::format("{} stalled: no bestmove within {:g}s", p.config->name,
                                              double(p.config->stall_ms) / 1000));
    p.retire = true;
    finish(arbiter_.forfeit(c, rules::Termination::Stall));
}

void GameRunner::on_flag_answer_line(Color c, std::string_view line) {
    if (c != arbiter_.to_move()) return;
    Seat& p = players_[c];
    if (line.starts_with("bestmove")) p.searching = false;  // too late to count, and nothing is left to stop
    if (player(p).answers(p.config->flag_question, line)) finish(*std::exchange(flag_fell_, std::nullopt));
}

void GameRunner::stall_after_flag(Color c) {
    Seat& p = players_[c];
    flag_fell_.reset();
    const bool isready = p.config->flag_question == FlagQuestion::Isready;
    if (isready) {
        record_.warnings.push_back(fastchess_not_responsive(p.config->name));
        // fastchess asks it once more before it restarts it, and says so again
        if (spec_.recover) record_.warnings.push_back(record_.warnings.back());
        said_warnings();  // the game ends here either way
    }
    record_.final_notes.push_back(
        fmt::format("{} stalled: no {} within {:g}s of {}", p.config->name, isready ? "readyok" : "bestmove",
                    double(p.config->flag_question_ms) / 1000, isready ? "isready" : "stop"));
    // as a crash: without -recover the match stops after the running games, as both runners stop
    record_.crash = fmt::format("engine '{}' stalled", p.config->name);
    p.retire = true;
    finish(arbiter_.forfeit(c, rules::Termination::Stall));
}

bool GameRunner::said_warnings() {
    if (spec_.say_warning)
        for (; warnings_said_ < record_.warnings.size(); ++warnings_said_)
            spec_.say_warning(record_.warnings[warnings_said_]);
    return spec_.end_at_warning && !record_.warnings.empty();
}

void GameRunner::on_exit(Color c, int status) {
    Seat& p = players_[c];
    p.exited = true;
    p.draining = false;
    if (!finished_ && !playing_)  // ready, its opponent not yet
        return fail_start(c, fmt::format("exited with status {} before its game began", status));
    if (!finished_) {
        record_.final_notes.push_back(fmt::format("{} exited with status {}", p.config->name, status));
        record_.crash = fmt::format("engine '{}' exited with status {}", p.config->name, status);
        return finish(arbiter_.forfeit(c, rules::Termination::Crash));
    }
    settle(p, true);
}

void GameRunner::settle(Seat& p, bool retire) {
    if (p.settled) return;
    p.settled = true;
    if (!p.exited) {
        if (retire)
            pool_.retire(p.session);
        else
            pool_.release(p.session);
    }
    report_if_settled();
}

void GameRunner::report_if_settled() {
    if (reported_ || !players_[rules::WHITE].settled || !players_[rules::BLACK].settled) return;
    reported_ = true;
    cancel_timer();
    auto self = shared_from_this();
    boost::asio::post(io_, [self] { self->done_(std::move(self->record_), self->overhead_); });
}

void GameRunner::fail_start(Color c, const std::string& why) {
    record_.startup_failure = fmt::format("engine '{}' {}", players_[c].config->name, why);
    finish(arbiter_.forfeit(c, rules::Termination::Crash));
}

void GameRunner::lose_unready(Color c, const std::string& why) {
    const std::string& name = players_[c].config->name;
    record_.final_notes.push_back(fmt::format("{} {}", name, why));
    // as a crash: without -recover the match stops after the running games
    record_.crash = fmt::format("engine '{}' {}", name, why);
    record_.lost_before_play = true;
    finish(arbiter_.forfeit(c, rules::Termination::Crash));
}

void GameRunner::finish(Outcome outcome) {
    finished_ = true;
    searching_ = false;
    cancel_timer();
    const auto now = Clk::now();
    record_.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - start_time_).count();
    if (playing_)
        record_.play_ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - play_time_).count();
    record_.ended_at_ms = unix_ms();
    if (spec_.cpus) spec_.cpus->give_back(std::exchange(cpu_, -1));
    const bool white_lost = outcome.score == rules::Score::BlackWins;
    if (outcome.score != rules::Score::Draw) outcome.loser_name = white_lost ? record_.white : record_.black;
    record_.outcome = std::move(outcome);
    for (Color c : {rules::WHITE, rules::BLACK}) record_.incorrect_claims[c] = arbiter_.incorrect_claims(c);
    bool draining = false;
    for (Seat& p : players_) {
        if (p.settled) continue;
        if (p.asked) {
            // Still being readied: the pool drops the request (and retires its process).
            pool_.cancel(std::exchange(p.asked, 0));
            p.settled = true;
        } else if (p.exited || p.retire || !p.ready || p.config->restart || !player(p).reusable()) {
            // Not ready: a readyok may still be on its way, so its state is unknown.
            settle(p, true);
        } else {
            // A game can end while an engine thinks (a claim at `go`, a flag): its last word
            // must be read before the process can serve another game.
            player(p).end_game(record_.outcome, p.searching);
            if (p.searching) {
                p.draining = true;
                draining = true;
            } else {
                settle(p, false);
            }
        }
    }
    if (draining) arm_timer(DRAIN_MS);
    report_if_settled();
}

}  // namespace drawproxy::game
