#include "rules/position.h"

#include <cstring>

#include "rules/zobrist.h"

namespace drawproxy::rules {

bool MoveList::contains(Move m) const {
    for (Move x : *this)
        if (x == m) return true;
    return false;
}

Position::Position() {
    static const Position start = from_fen(START_FEN);
    *this = start;
}

void Position::clear() {
    std::memset(by_color_, 0, sizeof by_color_);
    std::memset(by_type_, 0, sizeof by_type_);
    std::memset(board_, NO_PIECE, sizeof board_);
    std::memset(castling_mask_, 0, sizeof castling_mask_);
    for (auto& r : castling_rook_) r = SQ_NONE;
    key_ = 0;
    side_ = WHITE;
    castling_ = 0;
    ep_ = SQ_NONE;
    chess960_ = false;
    halfmove_ = 0;
    fullmove_ = 1;
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_color_[color_of(p)] |= square_bb(s);
    by_type_[type_of(p)] |= square_bb(s);
    key_ ^= zobrist::keys.piece_square[p][s];
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    board_[s] = NO_PIECE;
    by_color_[color_of(p)] ^= square_bb(s);
    by_type_[type_of(p)] ^= square_bb(s);
    key_ ^= zobrist::keys.piece_square[p][s];
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard ft = square_bb(from) | square_bb(to);
    board_[from] = NO_PIECE;
    board_[to] = p;
    by_color_[color_of(p)] ^= ft;
    by_type_[type_of(p)] ^= ft;
    key_ ^= zobrist::keys.piece_square[p][from] ^ zobrist::keys.piece_square[p][to];
}

void Position::add_castling_right(Color c, Square rook_square) {
    Square king = king_square(c);
    int index = castling_index(c, file_of(rook_square) > file_of(king));
    castling_ |= std::uint8_t(1 << index);
    castling_rook_[index] = rook_square;
    castling_mask_[king] |= std::uint8_t(castling_bit(c, true) | castling_bit(c, false));
    castling_mask_[rook_square] |= std::uint8_t(1 << index);
}

void Position::compute_key() {
    key_ = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NO_PIECE) key_ ^= zobrist::keys.piece_square[board_[s]][s];
    key_ ^= zobrist::keys.castling[castling_];
    for (int i = 0; i < 4; ++i)
        if (can_castle(i)) key_ ^= zobrist::keys.castling_rook[castling_rook_[i]];
    if (side_ == BLACK) key_ ^= zobrist::keys.side;
}

bool Position::has_legal_en_passant() const {
    if (ep_ == SQ_NONE) return false;
    Color us = side_, them = ~us;
    Square ksq = king_square(us);
    Square captured = Square(ep_ - pawn_push(us));
    Bitboard candidates = pawn_attacks(them, ep_) & pieces(us, PAWN);
    while (candidates) {
        Square from = pop_lsb(candidates);
        Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep_);
        Bitboard enemies = pieces(them) ^ square_bb(captured);
        // After the capture the king must not be attacked: sliders through the vacated
        // squares (the rank case) or a checker that was not the captured pawn.
        if (!(rook_attacks(ksq, occ) & enemies & pieces(ROOK, QUEEN)) &&
            !(bishop_attacks(ksq, occ) & enemies & pieces(BISHOP, QUEEN)) &&
            !(knight_attacks(ksq) & enemies & pieces(KNIGHT)) &&
            !(pawn_attacks(us, ksq) & enemies & pieces(PAWN)))
            return true;
    }
    return false;
}

void Position::play(Move m) {
    const auto& z = zobrist::keys;
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece moved = board_[from];

    tick_clocks(us);
    ep_ = SQ_NONE;

    if (m.kind() == Move::CASTLING) {
        // `to` holds the rook; lift both pieces first, since Chess960 squares may overlap.
        int index = castling_index(us, file_of(to) > file_of(from));
        Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(moved, castling_king_to(index));
        put_piece(rook, castling_rook_to(index));
    } else {
        if (m.kind() == Move::EN_PASSANT) {
            remove_piece(Square(to - pawn_push(us)));
            halfmove_ = 0;
        } else if (board_[to] != NO_PIECE) {
            remove_piece(to);
            halfmove_ = 0;
        }
        move_piece(from, to);
        if (type_of(moved) == PAWN) {
            halfmove_ = 0;
            if (m.kind() == Move::PROMOTION) {
                remove_piece(to);
                put_piece(make_piece(us, m.promotion()), to);
            } else if ((int(to) ^ int(from)) == 16 &&
                       (pawn_attacks(us, Square((from + to) / 2)) & pieces(them, PAWN))) {
                ep_ = Square((from + to) / 2);
            }
        }
    }

    std::uint8_t lost = castling_ & (castling_mask_[from] | castling_mask_[to]);
    if (lost) {
        key_ ^= z.castling[castling_] ^ z.castling[castling_ & ~lost];
        castling_ &= std::uint8_t(~lost);
        for (int i = 0; i < 4; ++i)
            if (lost & (1 << i)) {
                key_ ^= z.castling_rook[castling_rook_[i]];
                castling_rook_[i] = SQ_NONE;
            }
    }
    side_ = them;
    key_ ^= z.side;
}

void Position::play_null() {
    ep_ = SQ_NONE;
    tick_clocks(side_);
    side_ = ~side_;
    key_ ^= zobrist::keys.side;
}

std::uint64_t Position::repetition_key() const {
    return has_legal_en_passant() ? key_ ^ zobrist::keys.ep_file[file_of(ep_)] : key_;
}

bool Position::same_position(const Position& o) const {
    if (key_ != o.key_ || side_ != o.side_ || castling_ != o.castling_) return false;
    if (std::memcmp(by_color_, o.by_color_, sizeof by_color_) ||
        std::memcmp(by_type_, o.by_type_, sizeof by_type_))
        return false;
    for (int i = 0; i < 4; ++i)
        if (castling_rook_[i] != o.castling_rook_[i]) return false;
    bool ep_a = has_legal_en_passant(), ep_b = o.has_legal_en_passant();
    return ep_a == ep_b && (!ep_a || ep_ == o.ep_);
}

std::string Position::validate() {
    for (Color c : {WHITE, BLACK}) {
        int kings = popcount(pieces(c, KING));
        if (kings != 1)
            return std::string(c == WHITE ? "white" : "black") + " has " + std::to_string(kings) +
                   " kings (needs exactly one)";
        // No pawn count: problem positions (the winnability test sets among them) use more than
        // 8 pawns, and nothing here depends on it; 16 men a side bounds every table.
        if (popcount(pieces(c)) > 16)
            return std::string(c == WHITE ? "white" : "black") + " has more than 16 pieces";
    }
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return "a pawn stands on the first or last rank";
    if (attackers_to(king_square(~side_), pieces()) & pieces(side_))
        return "the side not to move is in check";
    if (ep_ != SQ_NONE) {
        Color them = ~side_;
        Square pawn = Square(ep_ - pawn_push(side_));
        Square origin = Square(ep_ + pawn_push(side_));
        if (rank_of(ep_) != relative_rank(side_, 5) || board_[pawn] != make_piece(them, PAWN) ||
            board_[ep_] != NO_PIECE || board_[origin] != NO_PIECE)
            return "en passant square does not follow a two-square pawn move";
        if (!(pawn_attacks(them, ep_) & pieces(side_, PAWN))) ep_ = SQ_NONE;
    }
    if (halfmove_ < 0 || halfmove_ > MAX_CLOCK) return "halfmove clock out of range";
    if (fullmove_ < 1 || fullmove_ > MAX_CLOCK) return "fullmove number out of range";
    compute_key();
    return "";
}

}  // namespace drawproxy::rules
