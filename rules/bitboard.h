#pragma once
// Bitboard helpers and precomputed attack tables (magic bitboards for sliders).
#include <bit>

#include "rules/types.h"

namespace drawproxy::rules {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
constexpr Bitboard LIGHT_SQUARES = ~DARK_SQUARES;

constexpr Bitboard file_bb(int f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == 8) return b << 8;
    if constexpr (D == -8) return b >> 8;
    if constexpr (D == 16) return b << 16;
    if constexpr (D == -16) return b >> 16;
    if constexpr (D == 1) return (b & ~FILE_H_BB) << 1;
    if constexpr (D == -1) return (b & ~FILE_A_BB) >> 1;
    if constexpr (D == 9) return (b & ~FILE_H_BB) << 9;
    if constexpr (D == 7) return (b & ~FILE_A_BB) << 7;
    if constexpr (D == -7) return (b & ~FILE_H_BB) >> 7;
    if constexpr (D == -9) return (b & ~FILE_A_BB) >> 9;
    return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == WHITE ? shift<7>(b) | shift<9>(b) : shift<-7>(b) | shift<-9>(b);
}
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
    return c == WHITE ? pawn_attacks_bb<WHITE>(b) : pawn_attacks_bb<BLACK>(b);
}

// Every square a knight on any square of `b` attacks.
constexpr Bitboard knight_attacks_bb(Bitboard b) {
    const Bitboard one = shift<1>(b) | shift<-1>(b);
    const Bitboard two = shift<1>(shift<1>(b)) | shift<-1>(shift<-1>(b));
    return shift<16>(one) | shift<-16>(one) | shift<8>(two) | shift<-8>(two);
}

struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};

namespace tables {
extern Bitboard pawn_attacks[2][64];
extern Bitboard knight_attacks[64];
extern Bitboard king_attacks[64];
extern Bitboard between[64][64];  // squares strictly between two aligned squares, plus the second
extern Bitboard line[64][64];     // the whole line through two aligned squares, or 0
extern Magic rook_magics[64];
extern Magic bishop_magics[64];
}  // namespace tables

inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawn_attacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::knight_attacks[s]; }
inline Bitboard king_attacks(Square s) { return tables::king_attacks[s]; }
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const Magic& m = tables::rook_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const Magic& m = tables::bishop_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Squares strictly between a and b when aligned, always including b (so a check can be
// blocked or its checker captured with one mask); just b when not aligned.
inline Bitboard between_bb(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied);

}  // namespace drawproxy::rules
