#include "rules/bitboard.h"

#include <array>

namespace drawproxy::rules {

namespace tables {
Bitboard pawn_attacks[2][64];
Bitboard knight_attacks[64];
Bitboard king_attacks[64];
Bitboard between[64][64];
Bitboard line[64][64];
Magic rook_magics[64];
Magic bishop_magics[64];
}  // namespace tables

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

// Slow ray walk, used only to fill the tables.
Bitboard sliding_attacks(bool rook, Square s, Bitboard occupied) {
    static constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    Bitboard attacks = 0;
    for (const auto& d : rook ? rook_dirs : bishop_dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Bitboard b = square_bb(make_square(f, r));
            attacks |= b;
            if (occupied & b) break;
            f += d[0];
            r += d[1];
        }
    }
    return attacks;
}

// xorshift64*: a fixed seed makes the magic search deterministic and quick.
struct Prng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(bool rook, Bitboard* table, Magic* magics) {
    static constexpr std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
    std::array<Bitboard, 4096> occupancy{}, reference{};
    std::array<int, 4096> epoch{};
    int count = 0;
    Bitboard* next_table = table;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
        Magic& m = magics[sq];
        m.mask = sliding_attacks(rook, s, 0) & ~edges;
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = next_table;
        // Enumerate all subsets of the mask (Carry-Rippler).
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = sliding_attacks(rook, s, b);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        Prng rng{seeds[rank_of(s)]};
        for (int i = 0; i < size;) {
            do {
                m.magic = rng.sparse();
            } while (popcount((m.magic * m.mask) >> 56) < 6);
            ++count;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < count) {
                    epoch[idx] = count;
                    next_table[idx] = reference[i];
                } else if (next_table[idx] != reference[i]) {
                    break;
                }
            }
        }
        next_table += size;
    }
}

struct TableInit {
    TableInit() {
        for (int sq = 0; sq < 64; ++sq) {
            Square s = Square(sq);
            Bitboard b = square_bb(s);
            tables::pawn_attacks[WHITE][sq] = pawn_attacks_bb<WHITE>(b);
            tables::pawn_attacks[BLACK][sq] = pawn_attacks_bb<BLACK>(b);
            tables::king_attacks[sq] = shift<8>(b) | shift<-8>(b) | shift<1>(b) | shift<-1>(b) | shift<9>(b) |
                               shift<7>(b) | shift<-7>(b) | shift<-9>(b);
            Bitboard k = 0;
            static constexpr int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                                {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
            for (const auto& j : jumps) {
                int f = file_of(s) + j[0], r = rank_of(s) + j[1];
                if (f >= 0 && f < 8 && r >= 0 && r < 8) k |= square_bb(make_square(f, r));
            }
            tables::knight_attacks[sq] = k;
        }
        init_magics(true, rook_table, tables::rook_magics);
        init_magics(false, bishop_table, tables::bishop_magics);
        for (int a = 0; a < 64; ++a) {
            for (int b = 0; b < 64; ++b) {
                Square sa = Square(a), sb = Square(b);
                tables::between[a][b] = square_bb(sb);
                tables::line[a][b] = 0;
                if (a == b) continue;
                for (bool rook : {true, false}) {
                    if (sliding_attacks(rook, sa, 0) & square_bb(sb)) {
                        tables::line[a][b] = (sliding_attacks(rook, sa, 0) & sliding_attacks(rook, sb, 0)) |
                                     square_bb(sa) | square_bb(sb);
                        tables::between[a][b] |= sliding_attacks(rook, sa, square_bb(sb)) &
                                         sliding_attacks(rook, sb, square_bb(sa));
                    }
                }
            }
        }
    }
};

const TableInit table_init;

}  // namespace

Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
        case KNIGHT: return knight_attacks(s);
        case BISHOP: return bishop_attacks(s, occupied);
        case ROOK: return rook_attacks(s, occupied);
        case QUEEN: return queen_attacks(s, occupied);
        case KING: return king_attacks(s);
        default: return 0;
    }
}

}  // namespace drawproxy::rules
