#pragma once
// Follows a game from the GUI's UCI commands and decides, by policy, which draw claims (9.2,
// 9.3) to make for the engine and when the game has already ended (5.1, 5.2, 9.6). No I/O:
// it takes parsed lines and appends the lines to insert toward the GUI; the proxy and the
// match runner both drive it.
//
// Protocol it implements:
//  - `position`: applied incrementally (only plies beyond the previous command are
//    played; a shorter or diverging list truncates). A `position fen F` that is the
//    previous position plus the engine's bestmove plus one legal reply keeps the history
//    (GUIs that send only the current FEN). An unfollowable position gives one
//    "cannot follow" line and no claims until the next followable one.
//  - `go`: the result line if the game is already over; otherwise an open has-appeared /
//    completed claim is made at once (policy always) or decided at `bestmove` (score
//    policy). At `bestmove`, if nothing was claimed, an intended-move claim for the move
//    played comes right before the bestmove line. At most one claim per `go`.
//  - `go ponder` never claims; `ponderhit` makes it a normal search; `stop` while
//    pondering is a ponder miss: nothing is claimed.
// Every method has two forms: one appends UCI lines (the proxy, the match runner), the other
// appends Announcements (a front end that speaks another protocol, as the xboard one).
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "proxy/claim_policy.h"
#include "proxy/ring_queue.h"
#include "rules/edition.h"
#include "rules/game.h"
#include "uci/engine_message.h"
#include "uci/gui_command.h"

namespace drawproxy::proxy {

// One thing the claimant has to say toward the GUI.
struct Announcement {
    enum Kind { Claim, Result, Unfollowable };
    Kind kind = Claim;
    rules::Claim claim;          // Claim
    std::string_view move_text;  // Claim: the intended move as the engine wrote it (valid during the call)
    rules::Result result{};      // Result
    std::string why;             // Unfollowable
    // The Laws give this claim or result but the GUI's arbiter would not accept it (see
    // Claimant::set_acceptance), so it is not made; a front end may say why.
    bool refused = false;
};
using Announcements = std::vector<Announcement>;

// Whether the GUI's own arbiter would accept a claim or result that ends the game now, in the
// game as it stands. A GUI that judges claims by other rules than the Laws (xboard's
// -testClaims) forfeits a player whose lawful claim it cannot see.
using Acceptance = std::function<bool(const rules::Game& game, const Announcement& what)>;

class Claimant {
  public:
    using Lines = std::vector<std::string>;

    explicit Claimant(rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME),
                      ClaimPolicy policy = {});

    void set_edition(rules::Edition edition) { edition_ = std::move(edition); }
    const rules::Edition& edition() const { return edition_; }
    void set_policy(ClaimPolicy policy) { policy_ = policy; }
    const ClaimPolicy& policy() const { return policy_; }
    void set_chess960(bool on) { chess960_ = on; }
    bool chess960() const { return chess960_; }
    // Claims and results the GUI would refuse are not made but announced as refused; the
    // search then goes on as if there were none. Unset: every lawful one is made.
    void set_acceptance(Acceptance acceptance) { acceptance_ = std::move(acceptance); }

    // GUI -> engine. Lines to insert toward the GUI are appended to `out`.
    // The one dispatch of a parsed GUI command to the members below (and UCI_Chess960); the
    // relay, the tests and the fuzzer all go through it. Other commands are ignored.
    void on_gui_command(const uci::GuiCommand& cmd, Lines& out);
    void on_gui_command(const uci::GuiCommand& cmd, Announcements& out);
    void new_game();
    void position(const uci::GuiCommand& cmd, Lines& out);
    void position(const uci::GuiCommand& cmd, Announcements& out);
    // The match runner's form: the game its position command was written from (that command's
    // start and moves), whose new plies are copied rather than parsed and played again. Within a
    // game it must be the same Game object each time, one that only gains plies (Game::follow). A
    // text command after it starts from its own start. Always followed: nothing to say.
    void position(const rules::Game& game);
    void go(const uci::GoParams& params, Lines& out);
    void go(const uci::GoParams& params, Announcements& out);
    void ponderhit(Lines& out);
    void ponderhit(Announcements& out);
    void stop();
    // The search the last go() started will not run: a front end ended the game with the
    // claim or result that go() gave, so no bestmove will answer it.
    void forget_search();

    // Engine -> GUI. Whether info lines are worth parsing for their score now.
    bool wants_scores() const { return policy_.kind == ClaimPolicy::ScoreAtMost && !searches_.empty(); }
    void info_score(const uci::Score& score, int multipv = 1);
    // Call before relaying the bestmove line: `out` gets the lines to put right before it.
    void bestmove(std::string_view move_text, Lines& out);
    void bestmove(std::string_view move_text, Announcements& out);

    bool following() const { return following_; }
    const rules::Game& game() const { return game_; }

  private:
    struct Search {
        std::uint64_t generation = 0;  // position generation the search started from
        bool followed = false;
        bool pondering = false;
        bool ponder_miss = false;
        bool done = false;     // result printed or claim made: nothing more for this search
        bool pending = false;  // a has-appeared / completed claim waiting for the score
        rules::Reason pending_reason = rules::Reason::Threefold;  // that claim (never an intended one)
        std::string_view pending_article;
        uci::Score score;
    };
    void judge_start(Search& s, Announcements& out);
    bool accepts(const Announcement& a) const { return !acceptance_ || acceptance_(game_, a); }
    // The lines of the announcements just made (refused ones have none).
    void to_lines(Lines& out);
    bool follow(const uci::GuiCommand& cmd, std::string& why);
    bool play_moves(const std::vector<std::string_view>& moves, std::size_t from, std::string& why);
    bool continues_from_fen(const rules::Position& p);
    std::string_view previous_move(std::size_t i) const;

    rules::Edition edition_;
    ClaimPolicy policy_;
    bool chess960_ = false;
    Acceptance acceptance_;
    Announcements made_;  // reused by the Lines forms

    rules::Game game_;
    rules::CopyMark mark_;  // the game the runner's form last copied
    bool following_ = false;
    bool reported_unfollowable_ = false;
    bool new_game_ = true;
    std::string base_;                      // "startpos" or the FEN text of the last position command
    int base_ply_ = 0;                      // the ply of game_ where that base stands
    std::string prev_moves_;                // the last command's moves, concatenated
    std::vector<std::uint32_t> prev_ends_;  // end offset of each move in prev_moves_
    std::uint64_t generation_ = 0;          // counts position commands

    // Started by go, ended by bestmove, oldest first. A GUI that keeps sending go with no
    // bestmove coming back makes it forget the oldest (the protocol fuzzer once ran an
    // unbounded queue out of memory).
    RingQueue<Search, 256> searches_;
    rules::Move last_bestmove_;
    std::uint64_t last_bestmove_generation_ = ~std::uint64_t(0);
};

// The lines the proxy inserts, exactly as design.md gives them.
std::string claim_line(const rules::Claim& claim, std::string_view move_text = {});
std::string result_line(const rules::Result& result);

}  // namespace drawproxy::proxy
