#include "game/pv_check.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <system_error>

#include "game/fastchess_words.h"
#include "rules/dead_position.h"
#include "rules/notation.h"

namespace drawproxy::game {

namespace {

using fastchess_words::contains;
using fastchess_words::next_token;
using fastchess_words::uci_move_shape;

// The pv's moves (fastchess's getPv: the words after "pv" while they look like moves), into
// `pv` (reused: no allocation per line).
void pv_of(std::string_view info, std::vector<std::string_view>& pv) {
    pv.clear();
    std::string_view rest = info, w;
    while (!(w = next_token(rest)).empty() && w != "pv") {
    }
    while (!(w = next_token(rest)).empty() && uci_move_shape(w)) pv.push_back(w);
}

bool is_bound(std::string_view info) { return contains(info, "lowerbound") || contains(info, "upperbound"); }

// "score mate N": N, or 0 for none.
int mate_of(std::string_view info) {
    std::string_view rest = info, w;
    while (!(w = next_token(rest)).empty())
        if (w == "score" && next_token(rest) == "mate") {
            const std::string_view v = next_token(rest);
            int n = 0;
            std::from_chars(v.data(), v.data() + v.size(), n);
            return n;
        }
    return 0;
}

// chess-library's isGameOver as fastchess uses it (insufficient material is not an end), in a
// position where the side to move has a legal move (the pv's): so no checkmate or stalemate.
enum class Over { None, Threefold, Fifty };
Over game_over_with_a_move(const rules::Game& g) {
    const rules::Position& pos = g.position();
    if (pos.halfmove_clock() >= 100) return Over::Fifty;
    if (rules::is_insufficient_material(pos)) return Over::None;
    return g.repetition_count() >= 3 ? Over::Threefold : Over::None;
}

// The word after the first `key` of `info` (fastchess's findElement), or nullopt.
std::optional<std::string_view> word_after(std::string_view info, std::string_view key) {
    std::string_view rest = info, w;
    while (!(w = next_token(rest)).empty())
        if (w == key) {
            const std::string_view next = next_token(rest);
            return next.empty() ? std::nullopt : std::optional(next);
        }
    return std::nullopt;
}

// Why fastchess's lastScore cannot read a score from `info`, in its words, or "" if it can: the
// word after the first "score" is its type, the word after the first word naming that type
// its value, read as std::stoll reads (blanks, a sign, digits; anything after them ignored).
std::string score_error(std::string_view info) {
    const std::optional<std::string_view> type = word_after(info, "score");
    if (!type) return "Element 'score' not found";
    if (*type != "cp" && *type != "mate") return fmt::format("Unexpected score type: {}", info);
    const std::optional<std::string_view> value = word_after(info, *type);
    if (!value) return fmt::format("Element '{}' not found", *type);
    std::string_view v = *value;
    if (v.size() > 1 && (v[0] == '+' || v[0] == '-') && std::isdigit(static_cast<unsigned char>(v[1])))
        v.remove_prefix(v[0] == '+');
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc()) return fmt::format("Error converting element '{}' to target type: stoll", *value);
    return "";
}

}  // namespace

void PvCheck::configure(const FastchessOutputSettings* s) {
    settings_ = s;
    if (s) scratch_.reserve(rules::TYPICAL_GAME_PLIES);
}

void PvCheck::reset() {
    lines_ = 0;
    scored_ = false;
    last_single.clear();
    last_exact_.clear();
    pv_warnings_.clear();
}

std::string PvCheck::context(std::string_view info, const rules::Game& game) const {
    const std::string_view sep = settings_->test_env ? " :: " : "\n";
    const std::string fen = rules::to_fen(game.start(), rules::FenStyle{.rook_files_in_chess960 = true});
    std::string moves;
    for (int i = 0; i < game.ply_count(); ++i) {
        if (i) moves += ' ';
        rules::append_uci(game.position_at(i), game.move_at(i), moves);
    }
    return fmt::format("{0}Info; {1}{0}Position; {2}{0}Moves; {3}", sep, info,
                       fen == rules::Position::START_FEN ? "startpos" : "fen " + fen, moves);
}

void PvCheck::line(std::string_view line, const rules::Game& game, const std::string& name) {
    if (!settings_) return;
    ++lines_;
    if (contains(line, "info string") || !contains(line, "info") || !contains(line, " score ")) return;
    scored_ = true;
    if (!contains(line, " multipv ") || contains(line, " multipv 1 ")) {
        last_single.assign(line);
        if (!is_bound(line)) last_exact_.assign(line);
    }
    check_pv(line, game, name);
}

void PvCheck::sync_scratch(const rules::Game& game) {
    // Copying the game cost a copy of every position it holds, at every line. The game a search
    // is checked against only grows: scratch_ keeps the plies it shares with it (a pv played on
    // it is dropped) and copies the plies the game has gained.
    scratch_.follow(game, scratch_mark_);
}

void PvCheck::check_pv(std::string_view info, const rules::Game& game, const std::string& name) {
    std::vector<std::string_view>& pv = pv_;
    pv_of(info, pv);
    if (pv.empty()) return;
    sync_scratch(game);
    for (std::string_view move : pv) {
        // A legal move (none after a checkmate or a stalemate) is checked against the other ends.
        const rules::Move m = rules::parse_uci_move(scratch_.position(), move);
        const Over over = m ? game_over_with_a_move(scratch_) : Over::None;
        if (m && over == Over::None) {
            scratch_.play(m);
            continue;
        }
        std::string_view what = "Illegal PV move";
        if (over == Over::Threefold) what = "PV continues after threefold repetition";
        if (over == Over::Fifty) what = "PV continues after fifty-move rule";
        pv_warnings_.push_back(fmt::format("Warning; {} - move {} from {}", what, move, name) +
                               context(info, game));
        return;
    }
    if (!settings_->check_mate_pvs) return;
    const int mate = mate_of(info);
    if (mate == 0 || is_bound(info)) return;
    const std::size_t plies = mate > 0 ? std::size_t(2 * mate - 1) : std::size_t(-2 * mate);
    std::string_view what;
    if (pv.size() < plies)
        what = "Incomplete mating PV";
    else if (pv.size() > plies)
        what = "Too long mating PV";
    else if (!scratch_.position().is_checkmate())
        what = "Mating PV does not end with checkmate";
    if (!what.empty())
        pv_warnings_.push_back(fmt::format("Warning; {} - from {}", what, name) + context(info, game));
}

void PvCheck::bestmove(std::string_view move, bool legal, const rules::Game& game, const std::string& name,
                       std::vector<std::string>& warnings) {
    if (!settings_) return;
    if (move.empty()) {  // fastchess finds no move after the word and checks nothing of the search
        pv_warnings_.clear();
        warnings.push_back(
            fmt::format("Warning; No bestmove found from {} because: Element 'bestmove' not found. Last line "
                        "was: bestmove",
                        name));
        return;
    }
    ++lines_;  // the bestmove line is the search's output too
    if (lines_ > 1 && !scored_)
        warnings.push_back(
            fmt::format("Warning; No info line available to extract score from engine {}", name));
    // fastchess reads the score from the last exact line, else the last bound one.
    if (lines_ > 1 && scored_) {
        const std::string error = score_error(last_exact_.empty() ? last_single : last_exact_);
        if (!error.empty())
            warnings.push_back(
                fmt::format("Warning; Could not extract score from engine {}: {}", name, error));
    }
    for (std::string& w : pv_warnings_) warnings.push_back(std::move(w));
    pv_warnings_.clear();
    if (!legal || last_single.empty() || is_bound(last_single)) return;
    pv_of(last_single, pv_);
    if (pv_.empty() || pv_.front() == move) return;
    warnings.push_back(
        fmt::format("Warning; Bestmove does not match beginning of last PV - move {} from {}", move, name) +
        context(last_single, game));
}

}  // namespace drawproxy::game

namespace drawproxy::game {

void PvCheck::mate_signs(const std::vector<PlyRecord>& plies, const rules::Game& game,
                         const std::string& them, std::string_view their_info, const std::string& us,
                         std::string_view our_info, std::vector<std::string>& warnings) const {
    if (!settings_ || plies.size() <= 1) return;
    const PlyRecord &their = plies[plies.size() - 2], &our = plies.back();
    if (their.book || !their.has_score || !our.has_score || !their.mate || !our.mate) return;
    if (their.score * our.score <= 0) return;
    const bool white_to_move = game.position().side_to_move() == rules::WHITE;
    std::string out = fmt::format("Warning; Sign mismatch in mate scores {} and {} from {} ({}) and {} ({})",
                                  their.score, our.score, them, white_to_move ? "White" : "Black", us,
                                  white_to_move ? "Black" : "White");
    // fastchess's context, with both last info lines in one "Infos;" line.
    std::string ctx = context(our_info, game);
    const std::size_t info = ctx.find("Info; ");
    ctx.replace(info, 6 + our_info.size(), fmt::format("Infos; {} ; {}", their_info, our_info));
    warnings.push_back(out + ctx);
}

}  // namespace drawproxy::game
