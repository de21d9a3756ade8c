#include "proxy/xboard_session.h"

#include <fmt/format.h>

#include "cecp/result.h"
#include "cecp/text.h"
#include "proxy/xboard_arbiter.h"
#include "rules/notation.h"

namespace drawproxy::proxy {

namespace {

using G = cecp::GuiCommandType;

// A move as GUIs write it: coordinates (both castling forms), or SAN (FRC castling is O-O).
rules::Move read_move(const rules::Position& pos, std::string_view text) {
    rules::Move m = rules::parse_uci_move(pos, text);
    if (!m.is_none()) return m;
    std::string error;
    return rules::parse_san(pos, text, error);
}

}  // namespace

XboardSession::XboardSession(XboardOptions options, Output& out)
    : options_(std::move(options)),
      out_(out),
      claimant_(options_.edition, options_.policy),
      edition_names_(rules::Edition::builtin_names()) {
    bool known = false;
    for (const auto& n : edition_names_) known = known || n == options_.edition.name;
    if (!known) edition_names_.push_back(options_.edition.name);
    claimant_.set_acceptance([this](const rules::Game& g, const Announcement& a) { return accepts(g, a); });
    base_ = "position startpos";
    moves_.reserve(4096);
    line_.reserve(4096);
    position_line_.reserve(4096);
}

void XboardSession::start() { engine("uci"); }

void XboardSession::engine(std::string_view line) {
    if (line != "isready") engine_busy_ = true;
    out_.to_engine(line);
}

void XboardSession::error(std::string_view kind, std::string_view line) {
    line_.clear();
    fmt::format_to(std::back_inserter(line_), "Error ({}): {}", kind, line);
    gui(line_);
}

void XboardSession::comment(std::string_view text) {
    // Never a line xboard could take for a claim or an offer, whatever the GUI does with `#`.
    if (!debug_ok_ || cecp::mentions_draw(text)) return;
    note_.assign("# ");
    note_.append(text);
    gui(note_);
}

void XboardSession::engine_exited(int status) {
    gui(fmt::format("tellusererror drawproxy: the engine exited (status {})", status));
}

void XboardSession::on_gui_line(std::string_view line) {
    if (editing_) return edit_line(line);
    cecp::parse_gui_command(line, command_);
    if (!uciok_) {
        // Until the engine has said uciok its options are unknown: only the handshake and
        // quit are answered; the rest waits and is replayed in order.
        if (command_.type == G::Protover) {
            gui("feature done=0");
            protover_waiting_ = true;
        } else if (command_.type == G::Quit) {
            out_.quit();
        } else if (command_.type != G::Xboard && early_bytes_ + line.size() <= MAX_EARLY_BYTES) {
            early_lines_.emplace_back(line);
            early_bytes_ += line.size();
        }
        return;
    }
    dispatch(command_);
}

// One case per command of the protocol (a table of handlers would say no more, in more lines).
void XboardSession::dispatch(const cecp::GuiCommand& c) {
    if (!c.valid) return error("invalid argument", c.line);
    switch (c.type) {
        case G::Unknown:
            if (!c.line.empty()) error("unknown command", c.line);
            return;
        case G::Xboard:
        case G::Random:
        case G::Accepted:
        case G::Name:
        case G::Rating:
        case G::Ics:
        case G::Computer:
        case G::Hint:
        case G::Status:
            return;
        case G::Rejected:
            if (c.text == "debug") debug_ok_ = false;  // `#` lines would then be read as commands
            return;
        case G::Protover:
            return send_features();
        case G::New:
            return new_game();
        case G::Variant:
            return set_variant(c);
        case G::Quit:
            stop_search();
            return out_.quit();
        case G::Force:
            stop_search();
            engine_color_.reset();
            return;
        case G::Go:
            if (analyzing_) return;
            engine_color_ = game_.position().side_to_move();
            return think();
        case G::PlayOther:
            if (analyzing_) return;
            engine_color_ = ~game_.position().side_to_move();
            return;
        case G::White:
        case G::Black:  // obsolete (colors=0 asks the GUI not to send them): only who plays what
            engine_color_ = c.type == G::White ? rules::BLACK : rules::WHITE;
            return;
        case G::Level:
            level_ = c.level;
            st_ms_ = 0;
            return;
        case G::St:
            st_ms_ = c.number;
            return;
        case G::Sd:
            depth_ = c.number;
            return;
        case G::Nps:
            nps_ = c.number;
            return;
        case G::Time:
            time_cs_ = c.number;
            return;
        case G::Otim:
            otim_cs_ = c.number;
            return;
        case G::Move:
            return user_move(c);
        case G::MoveNow:
            if (thinking_) engine("stop");
            return;
        case G::Ping:
            return ping(c.number);
        case G::Draw:
            return draw_offered();
        case G::Result:
            stop_search();
            game_over_ = true;
            return;
        case G::SetBoard:
            return set_board(c.text);
        case G::Edit:
            stop_search();
            editing_ = true;
            edit_color_ = rules::WHITE;
            edit_board_ = rules::Position(rules::Position::Uninitialised{});
            edit_board_.set_side_to_move(game_.position().side_to_move());
            return;
        case G::Book:
            return gui(" (no book)\n");
        case G::Undo:
            return take_back(1, c);
        case G::Remove:
            return take_back(2, c);
        case G::Hard:
            ponder_on_ = true;
            if (find_option("Ponder")) engine("setoption name Ponder value true");
            return;
        case G::Easy:
            ponder_on_ = false;
            if (pondering_) stop_search();
            if (find_option("Ponder")) engine("setoption name Ponder value false");
            return;
        case G::Post:
        case G::NoPost:
            post_ = c.type == G::Post;
            return;
        case G::Analyze:
            stop_search();
            analyzing_ = true;
            engine_color_.reset();
            return analyze();
        case G::Exit:
            if (!analyzing_) return;
            stop_search();
            analyzing_ = false;
            return;
        case G::Memory:
            return engine_option_at_limit("Hash", c.number);
        case G::Cores:
            return engine_option_at_limit("Threads", c.number);
        case G::EgtPath:
            if (c.text == "syzygy" && find_option("SyzygyPath")) set_engine_option("SyzygyPath", c.value);
            return;
        case G::Option:
            return set_option(c);
        default:  // pause, resume, exclude, include, setscore, lift, put, hover: features not asked for
            return error("unknown command", c.line);
    }
}

void XboardSession::reset_game(const rules::Position& start, bool start_ep) {
    stop_search();
    game_.reset(start);
    moves_.clear();
    move_ends_.clear();
    start_ep_ = start_ep;
    board_ok_ = true;
    game_over_ = over_by_law_ = false;
    claimant_.new_game();  // a new history: claims count from this position
    base_ = "position startpos";
    if (!(start.same_position(rules::Position()) && start.halfmove_clock() == 0 &&
          start.fullmove_number() == 1 && !start.chess960())) {
        base_ = "position fen ";
        base_.append(rules::to_fen(start));
    }
}

void XboardSession::new_game() {
    stop_search();
    if (chess960_) {
        chess960_ = false;
        claimant_.set_chess960(false);
    }
    if (engine_chess960_) {
        engine("setoption name UCI_Chess960 value false");
        engine_chess960_ = false;
    }
    reset_game(rules::Position(), false);
    engine("ucinewgame");
    engine_color_ = rules::BLACK;
    time_cs_.reset();
    otim_cs_.reset();
    depth_ = nps_ = 0;
    last_score_ = {};
    if (analyzing_) {  // "new" in analyze mode: the start position, still analysed
        engine_color_.reset();
        analyze();
    }
}

void XboardSession::set_variant(const cecp::GuiCommand& c) {
    if (c.text != "normal" && c.text != "fischerandom") return error("unsupported variant", c.line);
    chess960_ = c.text == "fischerandom";
    claimant_.set_chess960(chess960_);
    if (chess960_ != engine_chess960_ && find_option("UCI_Chess960")) {
        engine(chess960_ ? "setoption name UCI_Chess960 value true"
                         : "setoption name UCI_Chess960 value false");
        engine_chess960_ = chess960_;
    }
    rules::Position start = game_.start();
    start.set_chess960(chess960_);
    reset_game(start, start_ep_);
}

void XboardSession::set_board(std::string_view fen) {
    rules::Position pos(rules::Position::Uninitialised{});
    std::string why;
    if (!rules::parse_fen(fen, chess960_, pos, why)) {
        stop_search();
        board_ok_ = false;
        // The protocol's advice: say so, then refuse moves until the next new position.
        return gui(fmt::format("tellusererror Illegal position: {}", why));
    }
    cecp::Words words(fen);
    for (int i = 0; i < 3; ++i) words.next();
    const std::string_view ep = words.next();
    reset_game(pos, !ep.empty() && ep != "-");
    if (analyzing_) analyze();
}

void XboardSession::edit_line(std::string_view line) {
    cecp::EditCommand e = cecp::parse_edit_command(line);
    using E = cecp::EditCommandType;
    switch (e.type) {
        case E::Color:
            edit_color_ = ~edit_color_;
            return;
        case E::Clear: {
            const rules::Color side = edit_board_.side_to_move();
            edit_board_ = rules::Position(rules::Position::Uninitialised{});
            edit_board_.set_side_to_move(side);
            return;
        }
        case E::Place:
        case E::Empty: {
            const rules::Square sq = rules::make_square(e.file, e.rank);
            // Rebuild without the square: the board's setters only add pieces.
            rules::Position next(rules::Position::Uninitialised{});
            next.set_side_to_move(edit_board_.side_to_move());
            for (int s = 0; s < 64; ++s)
                if (s != sq && edit_board_.piece_on(rules::Square(s)) != rules::NO_PIECE)
                    next.put_piece(edit_board_.piece_on(rules::Square(s)), rules::Square(s));
            if (e.type == E::Place) {
                const auto type = rules::PieceType(std::string_view("PNBRQK").find(e.piece));
                next.put_piece(rules::make_piece(edit_color_, type), sq);
            }
            edit_board_ = next;
            return;
        }
        case E::Done:
            editing_ = false;
            return finish_edit();
        case E::Unknown:
            return error("unknown command", cecp::trim(line));
    }
}

void XboardSession::finish_edit() {
    using namespace rules;
    Position pos = edit_board_;
    pos.set_chess960(chess960_);
    pos.set_clocks(0, 1);
    // The protocol: a king and rook on their home squares may castle; no e.p. capture.
    for (Color c : {WHITE, BLACK}) {
        const Square king = pos.pieces(c, KING) ? pos.king_square(c) : SQ_NONE;
        if (king == SQ_NONE || rank_of(king) != relative_rank(c, 0)) continue;
        if (!chess960_ && file_of(king) != 4) continue;
        for (int file : {0, 7}) {
            // The outermost rook on each side of the king (in standard chess, a1/h1).
            const int step = file == 0 ? 1 : -1;
            for (int f = file; f != file_of(king); f += step) {
                const Square s = make_square(f, relative_rank(c, 0));
                if (pos.piece_on(s) == make_piece(c, ROOK)) {
                    if (chess960_ || f == file) pos.add_castling_right(c, s);
                    break;
                }
            }
        }
    }
    const std::string why = pos.validate();
    if (!why.empty()) {
        board_ok_ = false;
        return gui(fmt::format("tellusererror Illegal position: {}", why));
    }
    reset_game(pos, false);
    if (analyzing_) analyze();
}

void XboardSession::play(rules::Move m) {
    const rules::Position& pos = game_.position();
    moves_.push_back(' ');
    rules::append_uci(pos, m, moves_);
    move_ends_.push_back(std::uint32_t(moves_.size()));
    game_.play(m);
}

void XboardSession::user_move(const cecp::GuiCommand& c) {
    const rules::Move m = board_ok_ ? read_move(game_.position(), c.text) : rules::Move::none();
    if (m.is_none()) {
        line_.assign("Illegal move: ");
        line_.append(c.text);
        return gui(line_);
    }
    if (pondering_ && m == ponder_move_ && !analyzing_) {
        play(m);
        return ponder_hit();
    }
    stop_search();
    play(m);
    if (analyzing_) return analyze();
    think();
}

void XboardSession::take_back(int plies, const cecp::GuiCommand& c) {
    if (game_.ply_count() < plies) return error("command not legal now", c.line);
    stop_search();
    const int ply = game_.ply_count() - plies;
    game_.truncate(ply);
    move_ends_.resize(std::size_t(ply));
    moves_.resize(ply == 0 ? 0 : move_ends_.back());
    game_over_ = over_by_law_ = false;
    if (analyzing_) analyze();
}

void XboardSession::draw_offered() {
    if (!engine_color_ || game_over_ || analyzing_) return;
    const rules::DrawAgreement& ag = claimant_.edition().agreement;
    const int move = game_.position().fullmove_number();
    const bool lawful = ag.mode == rules::DrawAgreement::Mode::Any ||
                        (ag.mode == rules::DrawAgreement::Mode::NotBeforeMove && move >= ag.min_move);
    if (!lawful) return comment(fmt::format("drawproxy: agreement is not allowed now ({})", ag.min_move));
    if (!claimant_.policy().allows(last_score_))
        return comment(fmt::format("drawproxy: declined by the claim policy {}", claimant_.policy().text()));
    gui("offer draw");  // accepts: the protocol has no other way to say yes
}

}  // namespace drawproxy::proxy
