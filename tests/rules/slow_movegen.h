#pragma once
// A deliberately simple legal move generator for cross-checking Position::legal_moves():
// a mailbox, ray walks, pseudo-legal moves kept when the king is not attacked after the
// move is made on a copy of the board. It shares nothing with rules/movegen.cpp but the
// Move encoding and the castling rook squares read from the FEN.
#include <algorithm>
#include <array>
#include <vector>

#include "rules/position.h"

namespace drawproxy::test::slow {

using rules::Color;
using rules::Move;
using rules::Piece;
using rules::PieceType;
using rules::Square;

using Board = std::array<int, 64>;  // -1 empty, else color * 8 + piece type
constexpr int EMPTY = -1;

inline bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
inline int color(int p) { return p >> 3; }
inline int type(int p) { return p & 7; }

inline bool attacked(const Board& b, int sq, int by) {
    const int f = sq & 7, r = sq >> 3;
    static constexpr int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                         {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static constexpr int king[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    auto is = [&](int ff, int rr, int t) { return on_board(ff, rr) && b[rr * 8 + ff] == by * 8 + t; };
    for (auto& d : knight)
        if (is(f + d[0], r + d[1], rules::KNIGHT)) return true;
    for (auto& d : king)
        if (is(f + d[0], r + d[1], rules::KING)) return true;
    const int pawn_rank = by == rules::WHITE ? r - 1 : r + 1;  // where an attacking pawn stands
    if (is(f - 1, pawn_rank, rules::PAWN) || is(f + 1, pawn_rank, rules::PAWN)) return true;
    for (int i = 0; i < 8; ++i) {
        const bool diagonal = i >= 4;
        int ff = f + king[i][0], rr = r + king[i][1];
        while (on_board(ff, rr)) {
            int p = b[rr * 8 + ff];
            if (p != EMPTY) {
                if (color(p) == by &&
                    (type(p) == rules::QUEEN || type(p) == (diagonal ? rules::BISHOP : rules::ROOK)))
                    return true;
                break;
            }
            ff += king[i][0];
            rr += king[i][1];
        }
    }
    return false;
}

inline int king_of(const Board& b, int c) {
    for (int s = 0; s < 64; ++s)
        if (b[s] == c * 8 + rules::KING) return s;
    return -1;
}

// Plays a pseudo-legal move on the mailbox.
inline Board make(const Board& before, Move m) {
    Board b = before;
    const int from = m.from(), to = m.to(), p = b[from];
    if (m.kind() == Move::CASTLING) {
        const int c = color(p);
        const bool king_side = (to & 7) > (from & 7);
        const int rank = c == rules::WHITE ? 0 : 56;
        b[from] = b[to] = EMPTY;
        b[rank + (king_side ? 6 : 2)] = p;
        b[rank + (king_side ? 5 : 3)] = c * 8 + rules::ROOK;
        return b;
    }
    if (m.kind() == Move::EN_PASSANT) b[(from & ~7) | (to & 7)] = EMPTY;
    b[to] = m.kind() == Move::PROMOTION ? color(p) * 8 + m.promotion() : p;
    b[from] = EMPTY;
    return b;
}

inline std::vector<Move> legal_moves(const rules::Position& pos) {
    Board b;
    for (int s = 0; s < 64; ++s) {
        Piece p = pos.piece_on(Square(s));
        b[s] = p == rules::NO_PIECE ? EMPTY : int(p);
    }
    const int us = pos.side_to_move(), them = us ^ 1;
    std::vector<Move> pseudo;
    auto add = [&](int from, int to) { pseudo.push_back(Move(Square(from), Square(to))); };
    static constexpr int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static constexpr int jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                        {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int from = 0; from < 64; ++from) {
        const int p = b[from];
        if (p == EMPTY || color(p) != us) continue;
        const int f = from & 7, r = from >> 3;
        auto free_or_enemy = [&](int ff, int rr) {
            return on_board(ff, rr) && (b[rr * 8 + ff] == EMPTY || color(b[rr * 8 + ff]) == them);
        };
        switch (type(p)) {
            case rules::PAWN: {
                const int up = us == rules::WHITE ? 1 : -1;
                const int start = us == rules::WHITE ? 1 : 6, last = us == rules::WHITE ? 7 : 0;
                std::vector<int> targets;
                if (on_board(f, r + up) && b[(r + up) * 8 + f] == EMPTY) {
                    targets.push_back((r + up) * 8 + f);
                    if (r == start && b[(r + 2 * up) * 8 + f] == EMPTY)
                        targets.push_back((r + 2 * up) * 8 + f);
                }
                for (int df : {-1, 1}) {
                    if (!on_board(f + df, r + up)) continue;
                    const int to = (r + up) * 8 + f + df;
                    if (b[to] != EMPTY && color(b[to]) == them) targets.push_back(to);
                    if (to == pos.ep_square())
                        pseudo.push_back(Move::make(Square(from), Square(to), Move::EN_PASSANT));
                }
                for (int to : targets) {
                    if ((to >> 3) == last) {
                        for (PieceType pt : {rules::QUEEN, rules::ROOK, rules::BISHOP, rules::KNIGHT})
                            pseudo.push_back(Move::make(Square(from), Square(to), Move::PROMOTION, pt));
                    } else {
                        add(from, to);
                    }
                }
                break;
            }
            case rules::KNIGHT:
                for (auto& j : jumps)
                    if (free_or_enemy(f + j[0], r + j[1])) add(from, (r + j[1]) * 8 + f + j[0]);
                break;
            case rules::KING:
                for (auto& d : dirs)
                    if (free_or_enemy(f + d[0], r + d[1])) add(from, (r + d[1]) * 8 + f + d[0]);
                break;
            default: {
                const int first = type(p) == rules::BISHOP ? 4 : 0, end = type(p) == rules::ROOK ? 4 : 8;
                for (int i = first; i < end; ++i) {
                    int ff = f + dirs[i][0], rr = r + dirs[i][1];
                    while (free_or_enemy(ff, rr)) {
                        add(from, rr * 8 + ff);
                        if (b[rr * 8 + ff] != EMPTY) break;
                        ff += dirs[i][0];
                        rr += dirs[i][1];
                    }
                }
            }
        }
    }
    // Castling by the Laws (Article 3.8): king and rook unmoved (the FEN rights), every square
    // between the king and its destination and between the rook and its destination empty
    // but for those two pieces, the king not in check, and no square it crosses attacked;
    // the destination is checked with the other moves below.
    const int ksq = king_of(b, us);
    for (int index = us * 2; index < us * 2 + 2; ++index) {
        if (!pos.can_castle(index)) continue;
        const int rsq = pos.castling_rook(index);
        const int rank = us == rules::WHITE ? 0 : 56;
        const int kto = rank + (index % 2 == 0 ? 6 : 2), rto = rank + (index % 2 == 0 ? 5 : 3);
        bool ok = !attacked(b, ksq, them);
        auto span_clear = [&](int a, int z) {
            for (int s = std::min(a, z); s <= std::max(a, z); ++s)
                if (b[s] != EMPTY && s != ksq && s != rsq) return false;
            return true;
        };
        ok = ok && span_clear(ksq, kto) && span_clear(rsq, rto);
        for (int s = std::min(ksq, kto) + 1; ok && s < std::max(ksq, kto); ++s) ok = !attacked(b, s, them);
        if (ok) pseudo.push_back(Move::make(Square(ksq), Square(rsq), Move::CASTLING));
    }
    std::vector<Move> legal;
    for (Move m : pseudo) {
        Board after = make(b, m);
        if (!attacked(after, king_of(after, us), them)) legal.push_back(m);
    }
    return legal;
}

inline std::vector<std::uint16_t> sorted_raw(const std::vector<Move>& moves) {
    std::vector<std::uint16_t> v;
    for (Move m : moves) v.push_back(m.raw());
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace drawproxy::test::slow
