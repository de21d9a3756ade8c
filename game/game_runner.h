#pragma once
// Plays one game between two engines, UCI or xboard, on a shared Asio event loop: asks the
// engine pool for a ready process per player, tells the side to move to move and reads the
// engines' lines by callback, both through each process's Player (game/player.h), and reports
// every move, claim and offer to the Arbiter. Nothing blocks and nothing polls, so many games
// share one loop. When the game is over each process goes back to the pool, after its search
// was stopped if it was searching, or is retired if it crashed, stalled or misbehaved.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine_process.h"
#include "game/adjudicator.h"
#include "game/arbiter.h"
#include "game/engine_session.h"
#include "game/pv_check.h"
#include "game/record.h"
#include "game/search_facts.h"
#include "game/settings.h"
#include "game/syzygy.h"
#include "proxy/claimant.h"
#include "rules/edition.h"

namespace drawproxy::game {

class PolyglotBook;
class CpuSlots;

struct GameSpec {
    int number = 1;
    int round = 1;
    const EngineConfig* white = nullptr;
    const EngineConfig* black = nullptr;
    rules::Position start;
    bool from_fen = false;
    std::vector<rules::Move> book;  // opening moves played before the engines take over
    DrawOfferOptions draw_offers;
    AdjudicationOptions adjudication;
    int pair = -1;  // game pair of -repeat (two games of one opening, colours swapped), or -1
    int unit = 0;   // the schedule's unit for -shard: its pair, or this game alone
    const PolyglotBook* books[2] = {nullptr, nullptr};  // by colour: the player's book=, if any
    std::uint64_t seed = 0;                             // the game's own seed: its book moves
    // fastchess's format: its -pgnout keys and checks (nullptr: another format, none of them).
    const FastchessOutputSettings* fastchess_output = nullptr;
    // -use-affinity: where the game takes its CPU from while it plays (nullptr: not pinned).
    CpuSlots* cpus = nullptr;
    // fastchess's -strict: the first of the game's warnings ends it unterminated (the match stops).
    bool end_at_warning = false;
    // Where the game's warnings are said the moment they arise, as fastchess prints them (a
    // worker that stops at one stops then); they stay in the record too.
    std::function<void(const std::string& line)> say_warning;
    // -recover: a crashed or stalled engine is restarted and the match goes on.
    bool recover = false;
};

// Runner overhead samples: from an engine's bestmove to the next `go` sent, in ns.
using OverheadSamples = std::vector<std::int64_t>;

class GameRunner final : public EngineListener, public std::enable_shared_from_this<GameRunner> {
  public:
    using DoneHandler = std::function<void(GameRecord record, const OverheadSamples& overhead)>;

    GameRunner(boost::asio::io_context& io, EngineSource& pool, const rules::Edition& edition, GameSpec spec,
               DoneHandler done);
    ~GameRunner();
    // Asks the pool for the engines; throws engine::EngineStartError if one cannot be started.
    void start();
    // The match was interrupted: ends the game unterminated (no result, not scored), with
    // `stop` to an engine that is searching. Nothing if the game has already ended.
    void interrupt();

    void engine_line(rules::Color c, std::string_view line) override { on_line(c, line); }
    void engine_exit(rules::Color c, int status) override { on_exit(c, status); }

  private:
    struct Seat {
        const EngineConfig* config = nullptr;
        std::shared_ptr<EngineSession> session;  // kept until the runner dies (see finish)
        EngineSource::Ticket asked = 0;          // the pool's request while it readies a process
        bool ready = false;
        bool exited = false;
        bool searching = false;  // a `go` is out and its bestmove has not come
        bool retire = false;     // crashed, stalled or misbehaved: not given back to the pool
        bool draining = false;   // after the game: `stop` sent, waiting for the bestmove
        bool settled = true;     // given back, retired or gone (or never had a process)
        // The current search's latest score and depth, from the engine's view.
        bool has_score = false;
        bool mate = false;
        int score = 0;
        int depth = 0;
        std::optional<ClaimRequest> engine_claim;  // printed during the current search
        bool offers_draw = false;                  // CECP `offer draw` before its move
        // The proxy's claimant, following the game it would follow behind `drawproxy -- ENGINE`
        // (the engine's position commands are written from it); none with claim=engine: then
        // the engine's own claim lines count.
        std::unique_ptr<proxy::Claimant> claimant;
        proxy::Claimant::Lines claim_lines;  // reused
        std::vector<int> recent_scores;      // centipawns of its last moves (mate: huge)
        SearchFacts facts;                   // for fastchess's -pgnout keys
        PvCheck pv_check;                    // fastchess's warnings about the search
    };

    void on_ready(rules::Color c, std::shared_ptr<EngineSession> s, const NotReady& failure);
    void on_line(rules::Color c, std::string_view line);
    void on_exit(rules::Color c, int status);
    void on_timeout();
    // The runners' dialects, after a search ran past its time and the engine was asked its
    // flag_question (flag_fell_): the side to move's lines until the answer, and no answer in time.
    void on_flag_answer_line(rules::Color c, std::string_view line);
    void stall_after_flag(rules::Color c);
    void on_bestmove(rules::Color c, std::string_view move_text);
    void send_go();
    // The side to move's book move, if its book= has the position within bookdepth.
    rules::Move book_move();
    void play_move(rules::Move m, PlyRecord ply);
    void finish(Outcome outcome);
    // An engine did not become ready: the game is not scored, and `why` says what it did.
    void fail_start(rules::Color c, const std::string& why);
    // The record's warnings not said yet are said now; true if one ends the game (-strict).
    bool said_warnings();
    // fastchess: no readyok in time after ucinewgame is a disconnect, and the game is lost.
    void lose_unready(rules::Color c, const std::string& why);
    // Gives the player's process back to the pool or retires it; reports the game once both
    // players are settled.
    void settle(Seat& p, bool retire);
    void report_if_settled();
    Player& player(Seat& p) { return *p.session->player; }
    // A line of the side to move's engine that is not a move or a search report.
    void on_event(rules::Color c, const PlayerEvent& e);
    // The timer: on_timeout() once `ms` from now have passed (the clock's deadline or the
    // stall or drain time); disarm_timer() calls it off, cancel_timer() ends the wait as well.
    void arm_timer(std::int64_t ms);
    void wait_timer();
    void on_timer();
    void disarm_timer();
    void cancel_timer();
    bool wants_draw(const Seat& p) const;
    // Whether the player's claim policy claims a draw now, given its last score.
    bool would_claim(const Seat& p) const;
    // Whether the tablebase rule's verdict may differ between a win and a cursed win now.
    bool fifty_counts(rules::Color to_move) const;
    // The tablebase rule after a move (the Laws have not ended the game).
    std::optional<Outcome> adjudicate_by_tablebase();
    // The claim among the claimant's lines, if any.
    std::optional<ClaimRequest> claim_in(const proxy::Claimant::Lines& lines) const;
    // Rules on a claim by the side to move; true if it ended the game.
    bool judge_claim(const ClaimRequest& request, PlyRecord& ply, rules::Move& move);

    boost::asio::io_context& io_;
    EngineSource& pool_;
    const rules::Edition& edition_;
    GameSpec spec_;
    DoneHandler done_;
    Arbiter arbiter_;
    Adjudicator adjudicator_;
    bool adjudicating_ = false;
    int tb_pieces_ = 0;                // -tb: probe positions of at most this many pieces (0: off)
    bool tb_played_on_noted_ = false;  // a cursed win played on is noted once
    syzygy::GameProber tb_prober_;     // -tb: this game's probes
    std::uint64_t book_rng_ = 0;       // book choices: seeded from the game's seed
    Seat players_[2];
    boost::asio::steady_timer timer_;
    std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
    bool timer_waiting_ = false;  // a wait runs (until timer_.expiry())
    unsigned timer_wait_id_ = 0;  // the wait that counts; older ones' handlers do nothing
    GameRecord record_;
    OverheadSamples overhead_;
    std::string position_cmd_;                // "position ... moves ..." grown by one move at a time
    uci::GuiCommand go_;                      // reused: `go` with the side to move's clocks and limits
    std::vector<std::string> pending_notes_;  // a ruling made at `go`, for the coming move
    std::size_t warnings_said_ = 0;           // record_.warnings said through spec_.say_warning
    std::optional<Outcome> flag_fell_;        // the loss on time that an answer to the flag question confirms
    std::chrono::steady_clock::time_point start_time_;  // start(): the game's wall time runs from here
    int cpu_ = -1;                                      // the CPU leased from spec_.cpus while the game plays
    std::chrono::steady_clock::time_point play_time_;   // both engines ready: the play runs from here
    std::chrono::steady_clock::time_point go_time_;
    std::chrono::steady_clock::time_point bestmove_time_;
    bool searching_ = false;
    bool playing_ = false;
    bool finished_ = false;
    bool reported_ = false;
};

}  // namespace drawproxy::game
