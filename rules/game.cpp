// The game record and the Article 9 judge.
#include "rules/game.h"

#include "rules/ending.h"

#include <algorithm>

#include "rules/dead_position.h"
#include "rules/zobrist.h"

namespace drawproxy::rules {

std::string_view reason_name(Reason r) { return termination_word(termination_of(r)); }

std::string_view score_text(Score s) {
    switch (s) {
        case Score::WhiteWins:
            return "1-0";
        case Score::BlackWins:
            return "0-1";
        case Score::Draw:
            return "1/2-1/2";
    }
    return "*";
}

namespace {

// 9.3: fifty moves by each player = 100 plies; 9.6.2: 75 moves = 150 plies.
constexpr int FIFTY_PLIES = 100;
constexpr int SEVENTY_FIVE_PLIES = 150;

// Orders moves as their UCI text would sort, without building the text: the text is
// from-file, from-rank, to-file, to-rank, promotion letter, so compare in that order.
int uci_order(const Position& pos, Move m) {
    Square to = m.to();
    if (m.kind() == Move::CASTLING && !pos.chess960()) {
        int index = castling_index(pos.side_to_move(), file_of(to) > file_of(m.from()));
        to = castling_king_to(index);
    }
    static constexpr int PROMO_RANK[] = {0, 2, 1, 4, 3};  // none, then b < n < q < r by letter
    int promo = m.kind() == Move::PROMOTION ? PROMO_RANK[m.promotion()] : 0;
    return (((file_of(m.from()) * 8 + rank_of(m.from())) * 8 + file_of(to)) * 8 + rank_of(to)) * 8 + promo;
}

void sort_uci(const Position& pos, MoveList& list) {
    // Sort (order, index) pairs packed in one integer: each order is computed once.
    std::uint32_t keyed[256];
    const MoveList copy = list;
    for (int i = 0; i < list.count; ++i)
        keyed[i] = std::uint32_t(uci_order(pos, list.moves[i])) << 8 | std::uint32_t(i);
    std::sort(keyed, keyed + list.count);
    for (int i = 0; i < list.count; ++i) list.moves[i] = copy.moves[keyed[i] & 255];
}

// A move that can never lead back to an earlier position: it ends the repetition look-back.
bool irreversible(const Position& pos, Move m) { return pos.is_zeroing(m) || pos.changes_castling(m); }

// Opens the next claim slot; a slot may hold a dropped claim, so every field is reset.
Claim& add_claim(Verdict& v, Reason reason, std::string_view article, bool intended) {
    Claim& c = v.claims[v.claim_count++];
    c.reason = reason;
    c.article = article;
    c.intended = intended;
    c.moves.count = 0;
    return c;
}

}  // namespace

Game::Game(const Position& start) { reset(start); }

void Game::reset(const Position& start) {
    positions_.clear();
    moves_.clear();
    entries_.clear();
    positions_.push_back(start);
    entries_.push_back(Entry{start.repetition_key(), 1, -1, 0});
}

void Game::play(Move m) {
    const int ply = ply_count() + 1;
    const bool cut = irreversible(positions_.back(), m);
    const int from = cut ? ply : entries_.back().reversible_from;
    moves_.push_back(m);
    positions_.push_back(positions_.back());
    Position& next = positions_.back();
    next.play(m);
    Entry e{next.repetition_key(), 1, -1, from};
    // The same side is to move only every second ply.
    for (int q = ply - 2; q >= from; q -= 2) {
        if (entries_[q].key == e.key && positions_[q].same_position(next)) {
            e.previous = q;
            e.repetition = entries_[q].repetition + 1;
            break;
        }
    }
    entries_.push_back(e);
}

void Game::truncate(int ply) {
    if (ply < 0 || ply >= ply_count()) return;
    positions_.resize(std::size_t(ply) + 1, Position(Position::Uninitialised{}));
    entries_.resize(std::size_t(ply) + 1);
    moves_.resize(std::size_t(ply));
}

void Game::catch_up(const Game& other, int common) {
    if (common < 0) {
        *this = other;
        return;
    }
    common = std::min({common, ply_count(), other.ply_count()});
    truncate(common);
    positions_.insert(positions_.end(), other.positions_.begin() + common + 1, other.positions_.end());
    entries_.insert(entries_.end(), other.entries_.begin() + common + 1, other.entries_.end());
    moves_.insert(moves_.end(), other.moves_.begin() + common, other.moves_.end());
}

void Game::follow(const Game& source, CopyMark& mark) {
    const bool grown = mark.source == &source && source.ply_count() >= mark.plies;
    catch_up(source, grown ? mark.plies : common_plies(source));
    mark = {&source, source.ply_count()};
}

int Game::common_plies(const Game& other) const {
    if (!start().same_position_and_clocks(other.start()) || start().chess960() != other.start().chess960())
        return -1;
    const std::size_t limit = std::min(moves_.size(), other.moves_.size());
    std::size_t i = 0;
    while (i < limit && moves_[i] == other.moves_[i]) ++i;
    return int(i);
}

void Game::reserve(int plies) {
    positions_.reserve(std::size_t(plies) + 1);
    entries_.reserve(std::size_t(plies) + 1);
    moves_.reserve(std::size_t(plies));
}

bool Game::consecutive_alternate_fivefold(int ply) const {
    // 2014 9.6a: the same position at plies p, p-4, p-8, p-12 and p-16.
    int p = ply;
    for (int i = 0; i < 4; ++i) {
        int prev = entries_[p].previous;
        if (prev != p - 4) return false;
        p = prev;
    }
    return true;
}

std::optional<Result> Game::automatic_result(const Edition& e, int ply) const {
    const Position& pos = positions_[ply];
    const Entry& entry = entries_[ply];
    if (!pos.has_legal_moves()) {
        if (pos.is_check())
            return Result{pos.side_to_move() == WHITE ? Score::BlackWins : Score::WhiteWins,
                          Reason::Checkmate, e.articles.checkmate};
        return Result{Score::Draw, Reason::Stalemate, e.articles.stalemate};
    }
    if (e.material_only_dead_position ? is_insufficient_material(pos) : is_dead_position(pos))
        return Result{Score::Draw, Reason::DeadPosition, e.articles.dead_position};
    if ((e.fivefold == FivefoldMode::AnyFive && entry.repetition >= 5) ||
        (e.fivefold == FivefoldMode::ConsecutiveAlternate && entry.repetition >= 5 &&
         consecutive_alternate_fivefold(ply)))
        return Result{Score::Draw, Reason::Fivefold, e.articles.fivefold};
    const int clock = pos.halfmove_clock();
    if (e.seventy_five_moves && clock >= SEVENTY_FIVE_PLIES)
        return Result{Score::Draw, Reason::SeventyFiveMoves, e.articles.seventy_five};
    if (e.automatic_claims) {
        if (entry.repetition >= 3)
            return Result{Score::Draw, Reason::Threefold, e.articles.threefold_appeared};
        if (clock >= FIFTY_PLIES) return Result{Score::Draw, Reason::FiftyMoves, e.articles.fifty_completed};
    }
    return std::nullopt;
}

Verdict Game::verdict(const Edition& e, int ply) const {
    Verdict v;
    v.result = automatic_result(e, ply);
    if (v.result || e.automatic_claims) return v;

    const Position& pos = positions_[ply];
    const Entry& entry = entries_[ply];
    const int clock = pos.halfmove_clock();

    // Positions the side to move could bring about for the third time: those already seen
    // twice, with the opponent to move, since the last irreversible move. A 1024-bit Bloom filter of their
    // keys (two bits per key) keeps the per-move test O(1); a hit is confirmed exactly below.
    std::uint64_t bloom[16] = {};
    bool targets = false;
    for (int q = ply - 1; q >= entry.reversible_from; q -= 2) {
        if (entries_[q].repetition != 2) continue;
        const std::uint64_t k = entries_[q].key;
        bloom[k >> 60] |= std::uint64_t(1) << ((k >> 52) & 63);
        bloom[(k >> 46) & 15] |= std::uint64_t(1) << ((k >> 40) & 63);
        targets = true;
    }

    const bool fifty_open = clock >= FIFTY_PLIES - 1;
    if (!targets && !fifty_open && entry.repetition < 3) return v;

    if (entry.repetition >= 3) {
        add_claim(v, Reason::Threefold, e.articles.threefold_appeared, false);
    }
    if (!targets && !fifty_open) return v;

    const MoveList legal = pos.legal_moves();
    if (targets) {
        Claim* threefold = &add_claim(v, Reason::Threefold, e.articles.threefold_intended, true);
        // A reversible move by a piece (never castling: it changes rights) keeps every hash
        // term but the moved piece's squares and the side; no en passant can follow it.
        const auto& z = zobrist::keys;
        const std::uint64_t base =
            (pos.has_legal_en_passant() ? entry.key ^ z.ep_file[file_of(pos.ep_square())] : entry.key) ^
            z.side;
        for (Move m : legal) {
            if (irreversible(pos, m)) continue;
            const Piece pc = pos.piece_on(m.from());
            const std::uint64_t key = base ^ z.piece_square[pc][m.from()] ^ z.piece_square[pc][m.to()];
            if (!(bloom[key >> 60] & (std::uint64_t(1) << ((key >> 52) & 63))) ||
                !(bloom[(key >> 46) & 15] & (std::uint64_t(1) << ((key >> 40) & 63))))
                continue;
            // Confirm exactly: the filter and the hash keys can both collide.
            if (would_repeat_thrice(ply, m)) threefold->moves.push(m);
        }
        if (threefold->moves.empty())
            --v.claim_count;
        else
            sort_uci(pos, threefold->moves);
    }
    if (fifty_open) {
        if (clock >= FIFTY_PLIES) add_claim(v, Reason::FiftyMoves, e.articles.fifty_completed, false);
        Claim& c = add_claim(v, Reason::FiftyMoves, e.articles.fifty_intended, true);
        for (Move m : legal)
            if (!pos.is_zeroing(m)) c.moves.push(m);
        if (c.moves.empty())
            --v.claim_count;
        else
            sort_uci(pos, c.moves);
    }
    return v;
}

bool Game::would_repeat_thrice(int ply, Move m) const {
    const Position& pos = positions_[ply];
    if (irreversible(pos, m)) return false;
    Position next = pos;
    next.play(m);
    const std::uint64_t key = next.repetition_key();
    for (int q = ply - 1; q >= entries_[ply].reversible_from; q -= 2)
        if (entries_[q].key == key && positions_[q].same_position(next)) return entries_[q].repetition >= 2;
    return false;
}

std::optional<Claim> Game::intended_claim(const Edition& e, Move m) const {
    if (e.automatic_claims) return std::nullopt;
    const int ply = ply_count();
    const Position& pos = positions_[ply];
    Claim c;
    c.intended = true;
    c.moves.push(m);
    if (would_repeat_thrice(ply, m)) {
        c.reason = Reason::Threefold;
        c.article = e.articles.threefold_intended;
        return c;
    }
    if (pos.halfmove_clock() >= FIFTY_PLIES - 1 && !pos.is_zeroing(m)) {
        c.reason = Reason::FiftyMoves;
        c.article = e.articles.fifty_intended;
        return c;
    }
    return std::nullopt;
}

}  // namespace drawproxy::rules
