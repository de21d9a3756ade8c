#pragma once
// The protocol side of `drawproxy --xboard`: the GUI speaks xboard (CECP v2), the engine UCI.
// GUI commands become UCI commands, the engine's UCI output becomes xboard output, and draws
// are claimed for the engine by the Claimant, the way xboard honours them:
//  - a claim open now (9.2.2, 9.3.2) is `1/2-1/2 {<text> <article>}`, sent when the opponent's
//    move arrives, before the engine searches;
//  - an intended-move claim (9.2.1, 9.3.1) is `offer draw` and `move X` in one write: xboard
//    judges the position after X;
//  - a game already over when the engine is asked to move is announced with its article;
//  - a claim or result xboard's -testClaims would forfeit (see xboard_arbiter.h) is not
//    made: a `#` line says why and the engine plays on;
//  - no other output contains "Draw", or "offer" with "draw" (xboard reads those as claims and
//    offers); diagnostics are `#` lines.
// No I/O: lines come in by the on_* calls and go out through Output.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cecp/gui_command.h"
#include "proxy/claim_policy.h"
#include "proxy/claimant.h"
#include "proxy/ring_queue.h"
#include "rules/edition.h"
#include "rules/game.h"
#include "uci/engine_message.h"
#include "uci/gui_command.h"

namespace drawproxy::proxy {

struct XboardOptions {
    rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
    ClaimPolicy policy;
    std::vector<std::pair<std::string, std::string>> setoptions;  // sent after the engine's uciok
};

class XboardSession {
  public:
    struct Output {
        virtual ~Output() = default;
        // One or more lines ('\n' between them, none after the last), written at once.
        virtual void to_gui(std::string_view text) = 0;
        virtual void to_engine(std::string_view line) = 0;
        virtual void quit() = 0;  // the GUI asked us to quit
    };

    XboardSession(XboardOptions options, Output& out);

    void start();  // asks the engine for its name and options
    void on_gui_line(std::string_view line);
    void on_engine_line(std::string_view line);
    // The engine said uciok: its options are known and GUI commands are acted on.
    bool ready() const { return uciok_; }
    // Tells the GUI the engine is gone (its moves will not come).
    void engine_exited(int status);

    // For tests.
    const rules::Game& game() const { return game_; }
    const Claimant& claimant() const { return claimant_; }

  private:
    enum class SearchKind { Move, Ponder, Analysis };
    struct EngineSearch {
        SearchKind kind;
        bool stale = false;   // stopped or overtaken: its bestmove is dropped
        bool judged = false;  // the claimant knows it (its bestmove goes to the claimant too)
    };
    struct Pong {
        std::int64_t number;
        std::uint64_t readyok;  // answered once this many readyok have come
        bool after_move;        // answered after the engine's move
    };
    struct EngineOption {
        std::string name;      // as the engine spells it
        std::string gui_name;  // as offered to the GUI
        uci::OptionType type = uci::OptionType::Unknown;
        std::string default_value;
        std::int64_t min = 0, max = 0;
        std::vector<std::string> vars;
    };

    // GUI commands (xboard_session.cpp).
    void dispatch(const cecp::GuiCommand& c);
    void new_game();
    void set_variant(const cecp::GuiCommand& c);
    void set_board(std::string_view fen);
    void edit_line(std::string_view line);
    void finish_edit();
    void user_move(const cecp::GuiCommand& c);
    void take_back(int plies, const cecp::GuiCommand& c);
    void draw_offered();
    void reset_game(const rules::Position& start, bool start_ep);
    void play(rules::Move m);
    void error(std::string_view kind, std::string_view line);
    void comment(std::string_view text);  // a `#` line, when the GUI takes them
    void gui(std::string_view text) { out_.to_gui(text); }
    void engine(std::string_view line);

    // Searches and the engine's output (xboard_search.cpp).
    void think();
    void ponder(rules::Move guess, std::string_view guess_text);
    void analyze();
    void stop_search();
    void ponder_hit();
    bool announce(const Announcements& made);  // true when the game ended on one of them
    void note_unseen_claim(const rules::Claim& claim);
    void on_bestmove(const uci::EngineMessage& msg);
    void play_engine_move(std::string_view move_text, std::string_view ponder_text, bool claims);
    void on_info(std::string_view line);
    void write_position(std::string& out, std::string_view extra_move) const;
    void write_go(std::string& out, bool ponder) const;
    void ping(std::int64_t number);
    void add_search(SearchKind kind, bool judged);
    void flush_pongs();
    bool accepts(const rules::Game& game, const Announcement& a) const;

    // Features and options (xboard_options.cpp).
    void on_uciok();
    void engine_option(const uci::OptionDecl& decl);
    void send_features();
    void set_option(const cecp::GuiCommand& c);
    bool set_own_option(std::string_view name, std::string_view value);
    void set_engine_option(std::string_view name, std::string_view value);
    void engine_option_at_limit(std::string_view uci_name, std::int64_t value);
    const EngineOption* find_option(std::string_view name) const;

    // Bounds on what a GUI or engine that never answers can make us hold.
    static constexpr std::size_t MAX_EARLY_BYTES = std::size_t(1) << 20;
    static constexpr std::size_t MAX_PENDING = 1024;

    XboardOptions options_;
    Output& out_;
    Claimant claimant_;
    std::vector<std::string> edition_names_;

    // The handshake.
    bool uciok_ = false;
    bool protover_waiting_ = false;         // `feature done=0` sent; the rest follows uciok
    bool debug_ok_ = true;                  // the GUI did not reject `debug`: `#` lines are ignored
    std::vector<std::string> early_lines_;  // GUI lines before uciok
    std::size_t early_bytes_ = 0;
    std::string engine_name_;
    std::vector<EngineOption> engine_options_;

    // The game.
    rules::Game game_;
    std::string base_;   // "position startpos" or "position fen <FEN>"
    std::string moves_;  // " m1 m2 ...": the UCI text of the plies played
    std::vector<std::uint32_t> move_ends_;
    bool start_ep_ = false;  // the start FEN had an e.p. field (xboard's repetition view)
    bool chess960_ = false;
    bool engine_chess960_ = false;  // what the engine was last told
    bool board_ok_ = true;          // false after a position that could not be read
    bool game_over_ = false;        // claimed, announced or `result`: no more moves
    bool over_by_law_ = false;      // over under the Laws where the GUI cannot see it: moves carry offers
    std::optional<rules::Color> engine_color_;  // nullopt: force mode
    bool analyzing_ = false;
    bool editing_ = false;
    rules::Color edit_color_ = rules::WHITE;
    rules::Position edit_board_{rules::Position::Uninitialised{}};

    // Clocks: xboard's default time control until `level` or `st` says otherwise.
    cecp::Level level_{40, 300000, 0};
    std::int64_t st_ms_ = 0, depth_ = 0, nps_ = 0;
    std::optional<std::int64_t> time_cs_, otim_cs_;

    // Searches.
    bool ponder_on_ = false, post_ = false;
    RingQueue<EngineSearch, MAX_PENDING> searches_;  // one per go sent, oldest first
    bool thinking_ = false;                          // the newest search is the engine's move
    bool pondering_ = false;                         // the newest search ponders on ponder_move_
    rules::Move ponder_move_;
    std::string ponder_text_;
    uci::Score last_score_;  // the engine's last score in a search for its move

    // Pings.
    RingQueue<Pong, MAX_PENDING> pongs_;
    std::uint64_t isready_sent_ = 0, readyok_seen_ = 0;
    bool engine_busy_ = false;  // sent commands since the last isready

    // Reused: nothing here allocates per line once warm.
    cecp::GuiCommand command_;
    uci::EngineMessage message_;
    uci::GuiCommand uci_command_;
    Announcements made_;
    std::string line_, position_line_, go_line_, comment_, note_;
};

}  // namespace drawproxy::proxy
