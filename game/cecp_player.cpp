#include "game/cecp_player.h"

#include <algorithm>

#include "cecp/option_feature.h"
#include "cecp/result.h"
#include "rules/ending.h"
#include "rules/notation.h"

namespace drawproxy::game {

namespace {

using Command = cecp::GuiCommandType;

// The features a GUI that plays engine matches understands; others are rejected.
constexpr std::string_view KNOWN_FEATURES[] = {
    "ping",   "setboard", "playother", "san",      "usermove", "time", "draw",      "sigint",  "sigterm",
    "reuse",  "analyze",  "myname",    "variants", "colors",   "ics",  "name",      "pause",   "done",
    "option", "debug",    "memory",    "smp",      "egt",      "nps",  "highlight", "exclude", "setscore"};

constexpr std::string_view STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::int64_t centiseconds(std::optional<std::int64_t> ms) {
    return std::max<std::int64_t>(ms.value_or(0), 10) / 10;
}

}  // namespace

void CecpPlayer::start() { process_.send_line("xboard\nprotover 2"); }

void CecpPlayer::command(Command type, std::int64_t number) {
    cmd_.clear();
    cmd_.type = type;
    cmd_.number = number;
    cecp::append_gui_command(cmd_, send_buf_);
    send_buf_ += '\n';
}

void CecpPlayer::take_feature(const cecp::Feature& f) {
    const bool on = f.value == "1";
    if (f.name == "ping") ping_ = on;
    if (f.name == "setboard") setboard_ = on;
    if (f.name == "usermove") usermove_ = on;
    if (f.name == "san") san_ = on;
    if (f.name == "time") time_ = on;
    if (f.name == "reuse") reuse_ = on;
    if (f.name == "done") feature_wait_ = !on;
    if (f.name == "option") {
        cecp::OptionFeature option;
        if (cecp::parse_option_feature(f.value, option)) option_names_.emplace_back(option.name);
    }
    const bool known =
        std::find(std::begin(KNOWN_FEATURES), std::end(KNOWN_FEATURES), f.name) != std::end(KNOWN_FEATURES);
    cmd_.clear();
    cmd_.type = known ? Command::Accepted : Command::Rejected;
    cmd_.text = f.name;
    send_buf_.clear();
    cecp::append_gui_command(cmd_, send_buf_);
    process_.send_line(send_buf_);
}

Player::Step CecpPlayer::handshake(std::string_view line) {
    cecp::parse_engine_message(line, msg_);
    if (initialized_) return readying(msg_);
    if (msg_.type != cecp::EngineMessageType::Feature) return Step::Waiting;
    const bool waited = feature_wait_;
    bool done = false;
    for (const cecp::Feature& f : msg_.features) {
        take_feature(f);
        done = done || (f.name == "done" && f.value == "1");
    }
    if (done) return initialize();
    return feature_wait_ && !waited ? Step::Extend : Step::Waiting;
}

Player::Step CecpPlayer::readying(const cecp::EngineMessage& msg) {
    if (msg.type == cecp::EngineMessageType::Feature)
        for (const cecp::Feature& f : msg.features) take_feature(f);
    if (msg.type == cecp::EngineMessageType::Pong && msg.number >= ready_ping_ && msg.number <= ping_id_) {
        answered_ = true;
        latest_ = latest_ || msg.number == ping_id_;
    }
    // An engine without ping says so when probed: it is ready as it reads.
    if (probing_ && msg.type == cecp::EngineMessageType::Error && msg.text.starts_with("ping"))
        answered_ = latest_ = true;
    if (latest_ && probing_ && !second_ping_ && msg.type == cecp::EngineMessageType::Pong) {
        // Its features timed out: they may still follow the first pong (GNU Chess answers
        // protover after the next command), so one more round trip lets them arrive.
        second_ping_ = true;
        latest_ = false;
        send_ping();
    }
    // Ready once it has read everything sent (the last ping's pong) and, if it asked for time
    // with done=0, has sent done=1: features that come late still count for the game.
    return latest_ && !feature_wait_ ? Step::Ready : Step::Waiting;
}

std::optional<std::int64_t> CecpPlayer::first_step_ms() const {
    if (feature_wait_) return std::nullopt;
    return 2000;  // the protocol's time for features without done=0
}

Player::Step CecpPlayer::first_step_expired() {
    // No done=1 in time: it is played with the features it sent so far (an engine of
    // protocol 1 sends none), and a ping tells when it has read everything.
    if (initialized_ || feature_wait_) return Step::Waiting;
    probing_ = true;
    initialize();
    if (!ping_) {
        send_ping();
        ready_ping_ = ping_id_;
        answered_ = latest_ = false;
    }
    return Step::Initialized;
}

Player::Step CecpPlayer::initialize() {
    initialized_ = true;
    send_buf_.clear();
    for (const auto& [name, value] : config_.options) {
        cmd_.clear();
        cmd_.type = Command::Option;
        cmd_.text = name;
        cmd_.value = value;
        cmd_.has_value = true;
        cecp::append_gui_command(cmd_, send_buf_);
        send_buf_ += '\n';
    }
    if (!send_buf_.empty()) {
        send_buf_.pop_back();
        process_.send_line(send_buf_);
    }
    return new_game() ? Step::Ready : Step::Initialized;
}

void CecpPlayer::send_ping() {
    send_buf_.clear();
    command(Command::Ping, ++ping_id_);
    send_buf_.pop_back();
    process_.send_line(send_buf_);
}

bool CecpPlayer::new_game() {
    in_game_ = false;
    process_.send_line("new");
    // Without ping the engine cannot say when it is ready; it is taken as ready at once.
    if (!ping_) return true;
    send_ping();
    ready_ping_ = ping_id_;
    answered_ = latest_ = false;
    return false;
}

std::optional<std::int64_t> CecpPlayer::nudge_ms() const {
    if (!initialized_ || answered_ || (!ping_ && !probing_)) return std::nullopt;
    // Often: a stalled GNU Chess needs one to ten lines to wake, more on a loaded machine.
    return 100;
}

void CecpPlayer::nudge() { send_ping(); }

bool CecpPlayer::is_pong(std::string_view line) {
    cecp::parse_engine_message(line, msg_);
    return msg_.type == cecp::EngineMessageType::Pong && msg_.number == ping_id_;
}

void CecpPlayer::append_move(const rules::Position& pos, rules::Move m) {
    cmd_.clear();
    cmd_.type = Command::Move;
    cmd_.usermove = usermove_;
    move_buf_.clear();
    if (san_)
        move_buf_ = rules::to_san(pos, m);
    else
        rules::append_uci(pos, m, move_buf_);
    cmd_.text = move_buf_;
    cecp::append_gui_command(cmd_, send_buf_);
    send_buf_ += '\n';
}

void CecpPlayer::append_edit(const rules::Position& pos) {
    // Edit mode keeps the side to move, White after `new`: a first move gives Black the move.
    if (pos.side_to_move() == rules::BLACK)
        append_move(rules::Position(), rules::parse_uci_move(rules::Position(), "a2a3"));
    send_buf_ += "edit\n#\n";
    for (rules::Color c : {rules::WHITE, rules::BLACK}) {
        if (c == rules::BLACK) send_buf_ += "c\n";
        for (int sq = 0; sq < 64; ++sq) {
            const rules::Piece p = pos.piece_on(rules::Square(sq));
            if (p == rules::NO_PIECE || rules::color_of(p) != c) continue;
            cecp::EditCommand e;
            e.type = cecp::EditCommandType::Place;
            e.piece = char(rules::piece_char(p) & ~0x20);
            e.file = sq % 8;
            e.rank = sq / 8;
            cecp::append_edit_command(e, send_buf_);
            send_buf_ += '\n';
        }
    }
    send_buf_ += ".\n";
}

void CecpPlayer::begin_game(const rules::Game& game) {
    in_game_ = true;
    synced_ = 0;
    if (chess960_) {
        cmd_.clear();
        cmd_.type = Command::Variant;
        cmd_.text = "fischerandom";
        cecp::append_gui_command(cmd_, send_buf_);
        send_buf_ += '\n';
    }
    command(Command::Force);
    const std::string fen = rules::to_fen(game.start());
    if (fen != STANDARD_START) {
        if (setboard_) {
            cmd_.clear();
            cmd_.type = Command::SetBoard;
            cmd_.text = fen;
            cecp::append_gui_command(cmd_, send_buf_);
            send_buf_ += '\n';
        } else {
            append_edit(game.start());
        }
    }
    const TimeControl& tc = config_.tc;
    if (tc.movetime_ms) {
        command(Command::St, std::max<std::int64_t>(1000, (tc.movetime_ms + 999) / 1000 * 1000));
    } else if (tc.has_clock()) {
        cmd_.clear();
        cmd_.type = Command::Level;
        cmd_.level = cecp::Level{tc.moves, tc.base_ms, tc.increment_ms};
        cecp::append_gui_command(cmd_, send_buf_);
        send_buf_ += '\n';
    }
    if (config_.depth) command(Command::Sd, config_.depth);
    command(Command::Post);
    command(Command::Easy);  // no pondering: the runner does not ponder either
}

void CecpPlayer::turn(const Turn& t) {
    send_buf_.clear();
    if (!in_game_)
        begin_game(t.game);
    else
        command(Command::Force);
    for (; synced_ < t.game.ply_count(); ++synced_)
        append_move(t.game.position_at(synced_), t.game.move_at(synced_));
    const uci::GoParams& go = t.go.go;
    if (time_ && (go.wtime || go.btime)) {
        const bool white = t.game.position().side_to_move() == rules::WHITE;
        command(Command::Time, centiseconds(white ? go.wtime : go.btime));
        command(Command::Otim, centiseconds(white ? go.btime : go.wtime));
    }
    send_buf_ += "go";
    process_.send_line(send_buf_);
}

PlayerEvent CecpPlayer::read(std::string_view line, const rules::Position& pos) {
    PlayerEvent e;
    cecp::parse_engine_message(line, msg_);
    switch (msg_.type) {
        case cecp::EngineMessageType::Move: {
            e.kind = PlayerEvent::Move;
            std::string error;
            rules::Move m = rules::parse_uci_move(pos, msg_.text, error);
            if (!m) m = rules::parse_san(pos, msg_.text, error);
            if (!m) {
                e.move = msg_.text;  // the game reports it as played
                return e;
            }
            move_buf_.clear();
            rules::append_uci(pos, m, move_buf_);
            e.move = move_buf_;
            ++synced_;  // it played the move on its own board
            return e;
        }
        case cecp::EngineMessageType::Thinking: {
            e.kind = PlayerEvent::Info;
            e.depth = msg_.thinking.ply;
            if (auto mate = cecp::mate_moves(msg_.thinking.score)) {
                e.score.kind = uci::Score::Mate;
                e.score.value = *mate;
            } else {
                e.score.kind = uci::Score::Cp;
                e.score.value = msg_.thinking.score;
            }
            return e;
        }
        case cecp::EngineMessageType::Result:
            if (msg_.result == cecp::ResultCode::Draw) {
                // A claim of the position now; the comment says which, else the game's own open
                // claim is meant (the arbiter judges it either way).
                e.kind = PlayerEvent::Claim;
                const std::optional<rules::Reason> reason = cecp::reason_in_comment(msg_.text);
                e.claim.reason = reason == rules::Reason::FiftyMoves ? rules::Reason::FiftyMoves
                                                                     : rules::Reason::Threefold;
                e.text = msg_.text;
            } else if (msg_.result != cecp::ResultCode::Unfinished) {
                e.kind = PlayerEvent::Announce;
                e.result = msg_.result == cecp::ResultCode::WhiteWins ? rules::Score::WhiteWins
                                                                      : rules::Score::BlackWins;
                e.text = msg_.text;
            }
            return e;
        case cecp::EngineMessageType::Resign:
            e.kind = PlayerEvent::Resign;
            return e;
        case cecp::EngineMessageType::OfferDraw:
            e.kind = PlayerEvent::OfferDraw;
            return e;
        case cecp::EngineMessageType::IllegalMove:
            e.kind = PlayerEvent::Refused;
            e.text = msg_.text;
            return e;
        default:
            return e;
    }
}

void CecpPlayer::end_game(const Outcome& outcome, bool searching) {
    send_buf_.clear();
    cmd_.clear();
    cmd_.type = Command::Result;
    cmd_.result = outcome.unterminated() ? cecp::ResultCode::Unfinished : cecp::result_code(outcome.score);
    const std::string word(outcome.word());
    cmd_.text = word;
    cecp::append_gui_command(cmd_, send_buf_);
    send_buf_ += '\n';
    command(Command::Force);
    send_buf_.pop_back();
    process_.send_line(send_buf_);
    if (searching && ping_) send_ping();
    in_game_ = false;
}

bool CecpPlayer::drained(std::string_view line) { return !ping_ || is_pong(line); }

}  // namespace drawproxy::game
