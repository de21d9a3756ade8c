#pragma once
// Basic chess types: squares, pieces, moves. Plain integers, as cheap as they can be.
#include <cstdint>

namespace drawproxy::rules {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NO_PIECE_TYPE = 6 };

// Piece = color * 8 + type; NO_PIECE marks an empty square.
enum Piece : std::uint8_t { NO_PIECE = 15 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : std::uint8_t { SQ_NONE = 64 };
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, int rank) { return c == WHITE ? rank : 7 - rank; }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr bool is_ok(int s) { return s >= 0 && s < 64; }

constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

// Castling rights as four bits: white short, white long, black short, black long.
enum CastlingRight : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ALL_CASTLING = 15
};
constexpr int castling_index(Color c, bool king_side) { return c * 2 + (king_side ? 0 : 1); }
constexpr std::uint8_t castling_bit(Color c, bool king_side) {
    return std::uint8_t(1 << castling_index(c, king_side));
}

// A move in 16 bits: from (6), to (6), promotion piece (2: knight..queen), kind (2).
// Castling is encoded king-takes-own-rook (to = the rook's square), which makes
// Chess960 castling the same case as standard castling.
class Move {
public:
    enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

    constexpr Move() = default;
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from << 6 | to)) {}
    static constexpr Move make(Square from, Square to, Kind kind, PieceType promo = KNIGHT) {
        Move m;
        m.data_ = std::uint16_t(kind | (promo - KNIGHT) << 12 | from << 6 | to);
        return m;
    }
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square((data_ >> 6) & 63); }
    constexpr Square to() const { return Square(data_ & 63); }
    constexpr Kind kind() const { return Kind(data_ & (3 << 14)); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
    constexpr bool is_none() const { return data_ == 0; }
    constexpr explicit operator bool() const { return data_ != 0; }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_ = 0;
};

}  // namespace drawproxy::rules
