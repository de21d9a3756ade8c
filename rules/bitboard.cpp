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

// The magics the search below finds from its seeds, so that it finds them in one pass: the
// search from scratch cost 300 million instructions (tens of milliseconds) at every start.
constexpr std::uint64_t rook_known[64] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00a0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000a00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL};
constexpr std::uint64_t bishop_known[64] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422a02000001ULL,
    0x000a220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880c00a00100ULL, 0x0080400200522010ULL, 0x0001000188180b04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x01010a1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0889520080122800ULL, 0x100902022202010aULL,
    0x04081a0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00ac102001210220ULL, 0x0220021002009900ULL, 0x84440c080a013080ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x1a0c010011c20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822c08200ULL, 0x48081010008a2a80ULL};

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
        m.magic = (rook ? rook_known : bishop_known)[sq];  // tried first
        for (int i = 0, tries = 0; i < size; ++tries) {
            if (tries > 0)  // the known magic collided (it cannot, unless the tables changed)
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
            static constexpr int jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
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
        case KNIGHT:
            return knight_attacks(s);
        case BISHOP:
            return bishop_attacks(s, occupied);
        case ROOK:
            return rook_attacks(s, occupied);
        case QUEEN:
            return queen_attacks(s, occupied);
        case KING:
            return king_attacks(s);
        default:
            return 0;
    }
}

}  // namespace drawproxy::rules
