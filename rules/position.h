#pragma once
// A chess position on bitboards: placement, side to move, castling rights (as rook squares,
// so Chess960 needs no special case), en passant and the clocks. Copy-make: play() changes
// the position in place and never allocates; keep a copy to go back.
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/bitboard.h"
#include "rules/types.h"

namespace drawproxy::rules {

struct MoveList {
    // In a union so that a new list leaves its 1 KiB unfilled: zeroing them cost ~10% of
    // perft. Entries past `count` are indeterminate; read only [0, count).
    union {
        // 218 is the most any reachable position has, but the FEN reader accepts any 16
        // men a side: 15 queens and a king can have 413 moves, so room for 512.
        std::array<Move, 512> moves;
    };
    int count = 0;

    MoveList() {}

    void push(Move m) { moves[count++] = m; }
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + count; }
    int size() const { return count; }
    bool empty() const { return count == 0; }
    bool contains(Move m) const;
    Move operator[](int i) const { return moves[i]; }
};

class FenError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

class Position {
  public:
    static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    // The standard start position.
    Position();
    // An empty board, for readers that fill it in and validate() it. (It was once left
    // uninitialised; clearing costs nothing measurable and makes copies of it well defined.)
    struct Uninitialised {};
    explicit Position(Uninitialised) { clear(); }
    static Position startpos() { return Position(); }
    // Throws FenError naming the fault; see parse_fen in rules/notation.h for a non-throwing form.
    static Position from_fen(std::string_view fen, bool chess960 = false);
    std::string fen() const;

    // Placement.
    Piece piece_on(Square s) const { return board_[s]; }
    Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return by_color_[c] & (by_type_[a] | by_type_[b]);
    }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }

    // State.
    Color side_to_move() const { return side_; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    bool chess960() const { return chess960_; }
    void set_chess960(bool on) { chess960_ = on; }
    std::uint8_t castling_rights() const { return castling_; }
    bool can_castle(int index) const { return castling_ & (1 << index); }
    // The rook that castles for right `index` (castling_index()), SQ_NONE without the right.
    Square castling_rook(int index) const { return castling_rook_[index]; }
    // The en passant target square, kept only while an enemy pawn stands next to the pawn
    // that just moved two squares (the capture may still be illegal: see has_legal_en_passant).
    Square ep_square() const { return ep_; }
    bool has_legal_en_passant() const;

    // Attacks and checks.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s, Bitboard occupied) const;
    Bitboard checkers() const { return attackers_to(king_square(side_), pieces()) & pieces(~side_); }
    bool is_check() const { return checkers() != 0; }

    // Moves.
    MoveList legal_moves() const;
    // The legal moves of the piece on `from` (castling: the king's), none if it is not ours.
    MoveList legal_moves_from(Square from) const;
    bool is_legal(Move m) const { return legal_moves().contains(m); }
    bool has_legal_moves() const;
    bool is_checkmate() const { return is_check() && !has_legal_moves(); }
    bool is_stalemate() const { return !is_check() && !has_legal_moves(); }
    bool is_capture(Move m) const {
        return (board_[m.to()] != NO_PIECE && m.kind() != Move::CASTLING) || m.kind() == Move::EN_PASSANT;
    }
    // A capture or a pawn move: resets the fifty-move count and ends repetition look-back.
    bool is_zeroing(Move m) const { return is_capture(m) || type_of(board_[m.from()]) == PAWN; }
    // True if the move could also change castling rights (also ends repetition look-back).
    bool changes_castling(Move m) const {
        return castling_ & (castling_mask_[m.from()] | castling_mask_[m.to()]);
    }

    // Plays a legal move (undefined for an illegal one: check with is_legal first).
    void play(Move m);
    // Passes the turn (for analysis only: not a legal move).
    void play_null();

    // Zobrist hash of the FIDE 9.2 identity: placement, side to move, castling rights and
    // the en passant square only when a legal en passant capture exists.
    std::uint64_t repetition_key() const;
    // Exact FIDE 9.2 identity (the key can collide; this cannot).
    bool same_position(const Position& other) const;
    // That identity and the same clocks: where a game following this one would stand alike.
    bool same_position_and_clocks(const Position& other) const {
        return same_position(other) && halfmove_clock() == other.halfmove_clock() &&
               fullmove_number() == other.fullmove_number();
    }

    // Low-level setup used by the FEN reader and tests; validate() must follow.
    void clear();
    void put_piece(Piece p, Square s);
    void set_side_to_move(Color c) { side_ = c; }
    // The bound of both clocks. Values outside [0, MAX_CLOCK] (fullmove [1, MAX_CLOCK]) make
    // validate() fail, and play() stops each clock there (saturates), so every position played
    // from a readable FEN has a readable FEN. No rule needs more: Article 9 only asks whether the
    // halfmove clock has reached 100 or 150 plies, and no game reaches a million moves.
    static constexpr int MAX_CLOCK = 1'000'000;
    void set_clocks(int halfmove, int fullmove) {
        halfmove_ = halfmove;
        fullmove_ = fullmove;
    }
    void add_castling_right(Color c, Square rook_square);
    void set_ep_square(Square s) { ep_ = s; }
    // Checks the position can be played from; returns an error text or "" if fine. Also
    // drops an en passant square no enemy pawn could use and recomputes the hash.
    std::string validate();

  private:
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void compute_key();
    // One ply on both clocks (the fullmove number after Black's move), each held at MAX_CLOCK.
    void tick_clocks(Color mover) {
        halfmove_ += halfmove_ < MAX_CLOCK;
        fullmove_ += mover == BLACK && fullmove_ < MAX_CLOCK;
    }

    Bitboard by_color_[2];
    Bitboard by_type_[6];
    Piece board_[64];
    std::uint64_t key_;  // without en passant
    Square castling_rook_[4];
    std::uint8_t castling_mask_[64];  // rights lost when a move starts or ends on a square
    Color side_;
    std::uint8_t castling_;
    Square ep_;
    bool chess960_;
    std::int32_t halfmove_;
    std::int32_t fullmove_;
};

// Inline: these run for every king move and every check test in move generation.
inline Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
           (knight_attacks(s) & pieces(KNIGHT)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
           (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (king_attacks(s) & pieces(KING));
}

inline bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
    return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (knight_attacks(s) & pieces(c, KNIGHT)) ||
           (king_attacks(s) & pieces(c, KING)) || (rook_attacks(s, occupied) & pieces(c, ROOK, QUEEN)) ||
           (bishop_attacks(s, occupied) & pieces(c, BISHOP, QUEEN));
}

// Where the king and rook land when castling for right `index`.
constexpr Square castling_king_to(int index) {
    return relative_square(Color(index / 2), index % 2 == 0 ? Square(6) : Square(2));
}
constexpr Square castling_rook_to(int index) {
    return relative_square(Color(index / 2), index % 2 == 0 ? Square(5) : Square(3));
}

}  // namespace drawproxy::rules
