#pragma once
// Plays one game between two UCI engines on a shared Asio event loop: starts both engines,
// sends `position`/`go`, reads their lines by callback, and reports every move, claim and
// offer to the Arbiter. Nothing blocks and nothing polls, so many games share one loop.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "match/arbiter.h"
#include "match/game_record.h"
#include "match/options.h"
#include "proxy/claimant.h"
#include "proxy/engine_process.h"
#include "rules/edition.h"

namespace drawproxy::match {

struct GameSpec {
    int number = 1;
    int round = 1;
    const EngineConfig* white = nullptr;
    const EngineConfig* black = nullptr;
    rules::Position start;
    bool from_fen = false;
    std::vector<rules::Move> book;  // opening moves played before the engines take over
    DrawOfferOptions draw_offers;
};

// Runner overhead samples: from an engine's bestmove to the next `go` sent, in ns.
using OverheadSamples = std::vector<std::int64_t>;

class GameRunner : public std::enable_shared_from_this<GameRunner> {
  public:
    using DoneHandler = std::function<void(GameRecord record, const OverheadSamples& overhead)>;

    GameRunner(boost::asio::io_context& io, const rules::Edition& edition, GameSpec spec, DoneHandler done);
    ~GameRunner();
    // Starts the engines; throws proxy::EngineStartError if one cannot be started.
    void start();

  private:
    struct Player {
        const EngineConfig* config = nullptr;
        std::unique_ptr<proxy::EngineProcess> process;
        bool ready = false;
        bool exited = false;
        // The current search's latest score and depth, from the engine's view.
        bool has_score = false;
        bool mate = false;
        int score = 0;
        int depth = 0;
        std::optional<ClaimRequest> engine_claim;  // printed during the current search
        // The proxy's claimant, fed exactly what it would see behind `drawproxy -- ENGINE`
        // (none with claim=engine: then the engine's own claim lines count).
        std::unique_ptr<proxy::Claimant> claimant;
        uci::GuiCommand gui_command;         // reused: no allocation per move
        proxy::Claimant::Lines claim_lines;  // reused
        std::vector<int> recent_scores;      // centipawns of its last moves (mate: huge)
    };

    void on_line(rules::Color c, std::string_view line);
    void on_exit(rules::Color c, int status);
    void on_timeout();
    void on_bestmove(rules::Color c, std::string_view move_text);
    void send_go();
    void play_move(rules::Move m, PlyRecord ply);
    void finish(Outcome outcome);
    void arm_timer(std::int64_t ms);
    bool wants_draw(const Player& p) const;
    // The claim among the claimant's lines, if any.
    std::optional<ClaimRequest> claim_in(const proxy::Claimant::Lines& lines) const;
    // Rules on a claim by the side to move; true if it ended the game.
    bool judge_claim(const ClaimRequest& request, PlyRecord& ply, rules::Move& move);

    boost::asio::io_context& io_;
    const rules::Edition& edition_;
    GameSpec spec_;
    DoneHandler done_;
    Arbiter arbiter_;
    Player players_[2];
    boost::asio::steady_timer timer_;
    GameRecord record_;
    OverheadSamples overhead_;
    std::string position_cmd_;  // "position ... moves ..." grown by one move at a time
    std::string go_cmd_;
    std::vector<std::string> pending_notes_;  // a ruling made at `go`, for the coming move
    std::chrono::steady_clock::time_point go_time_;
    std::chrono::steady_clock::time_point bestmove_time_;
    bool searching_ = false;
    bool playing_ = false;
    bool finished_ = false;
    bool reported_ = false;
};

}  // namespace drawproxy::match
