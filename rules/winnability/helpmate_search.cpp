// search_helpmate: the one entry point of the helpmate finders, in stages that share the budget:
//  1. limited-discrepancy dives: a dive follows the static move ordering (helpmate_tools.h) and
//     tests for a mate in one at every node where the winner moves (only checking moves are
//     played); the n-th best move of a node costs n discrepancies, the allowance grows each
//     round, and a table of failed (position, depth, allowance) keeps rounds from redoing work;
//  2. in small endings, dives toward mating patterns built for the position (helpmate_target.h);
//  3. more dives; 4. best-first searches toward a mating net (guided.h), which find the long
//     plans of composed positions; 5. iterative deepening with what is left, if anything.
// Every line returned is a real legal line ending in the winner's checkmate: the heuristics only
// choose which moves to play.
// Over 500 lines and one concern: the stages share one budget, one table of failed dives and
// one move ordering; the searches they call live in files of their own.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "rules/winnability/fail_table.h"
#include "rules/winnability/guided.h"
#include "rules/winnability/helpmate.h"
#include "rules/winnability/helpmate_target.h"
#include "rules/winnability/helpmate_tools.h"
#include "rules/winnability/material.h"
#include "rules/winnability/pawn_lock.h"

namespace drawproxy::rules::winnability {
namespace {

using helpmate_detail::FailTable;
using helpmate_detail::MoveOrder;
using helpmate_detail::Target;

// The search from a capture waypoint: a queen or a pawn let through mates quickly.
constexpr std::uint64_t WAYPOINT_BUDGET = 1200;

// Up to this allowance, discrepancies are spent near the root first.
constexpr int TOP_FIRST_ALLOWANCE = 8;

// A check that does not mate (mates are found before ordering) chases the king away. (12 -> 20:
// 11% fewer nodes on the game positions; the same sides decided on the community set.)
constexpr int CHECK_PENALTY = 20;

// Target-directed ordering: each man of the pattern walks toward its square; the other men
// stand still; nobody captures. The moves of one man come together from the generator, so
// its distances before the move are worked out once per man.
class TargetOrder {
  public:
    TargetOrder(const Position& pos, const Target& target) : pos_(pos), target_(target) {}

    int score(Move m) {
        if (m.kind() == Move::CASTLING) return -40;
        const Square from = m.from(), to = m.to();
        const Piece piece = pos_.piece_on(from);
        if (from != from_) {
            from_ = from;
            for (int i = 0; i < target_.count; ++i) before_[i] = distance(piece, from, i);
        }
        const Piece after = m.kind() == Move::PROMOTION ? make_piece(color_of(piece), m.promotion()) : piece;
        int s = -2;
        bool planned = false;
        int best = -100;
        for (int i = 0; i < target_.count; ++i) {
            if (before_[i] >= 99) continue;
            planned = true;
            best = std::max(best, before_[i] - distance(after, to, i));
        }
        if (planned) s = 10 * std::max(best, -10);
        if (pos_.is_capture(m) && !(target_.capture && planned && to == target_.spots[0].square)) s -= 50;
        if (m.kind() == Move::PROMOTION && !planned) s -= 20;
        // Toward a capture: the loser's men step off guard of the square (else the king
        // cannot take there) rather than on to it.
        if (target_.capture && color_of(piece) != color_of(target_.spots[0].piece)) {
            const Square goal = target_.spots[0].square;
            const Bitboard occupied = pos_.pieces();
            s += 20 * (guards(piece, from, goal, occupied) -
                       guards(after, to, goal, (occupied ^ square_bb(from)) | square_bb(to)));
            // Its king keeps out of the way.
            if (type_of(piece) == KING)
                s += 3 * (helpmate_detail::distance(to, goal) - helpmate_detail::distance(from, goal));
        }
        return s;
    }

  private:
    int distance(Piece piece, Square s, int i) const {
        if (target_.king_steps && i == 0 && piece == target_.spots[0].piece) return target_.king_steps[s];
        return helpmate_detail::spot_distance(piece, s, target_.spots[i]);
    }

    static int guards(Piece piece, Square s, Square goal, Bitboard occupied) {
        if (s == goal) return 0;
        const PieceType pt = type_of(piece);
        const Bitboard a = pt == PAWN ? pawn_attacks(color_of(piece), s) : attacks_bb(pt, s, occupied);
        return (a & square_bb(goal)) ? 1 : 0;
    }

    const Position& pos_;
    const Target& target_;
    Square from_ = SQ_NONE;
    int before_[6] = {};
};

class Dive {
    // Trivially constructible, so that the arena can grow without clearing its slots.
    struct Scored {
        int score;
        std::uint16_t raw;
        Move move() const { return std::bit_cast<Move>(raw); }
    };

  public:
    Dive(Color winner, std::uint64_t limit) : winner_(winner), limit_(limit), table_(limit) {
        arena_ = std::make_unique_for_overwrite<Scored[]>(capacity_);
        path_.reserve(64);
    }

    // A mate by the winner within `depth` plies, the n-th choice of a node costing n of `allowance`.
    bool run(const Position& pos, int depth, int allowance) {
        if (nodes_ >= limit_) return false;
        // Toward a pattern, each ply moves one man one step at most: too far is too late.
        if (target_ && helpmate_detail::target_distance(pos, *target_) > depth) return false;
        const std::uint64_t key = pos.repetition_key();
        if (table_.failed(key, depth, allowance)) return false;
        if (target_ && target_->capture && pos.piece_on(target_->spots[0].square) == target_->spots[0].piece)
            return waypoint(pos, key);
        const std::size_t base = top_;
        Move mate;
        const int count = expand(pos, depth, mate);
        if (count < 0) {
            line_.push_back(mate);
            return true;
        }
        if (count == 0) {
            table_.store(key, depth, 1 << 14);  // no deeper search or allowance changes that
            top_ = base;
            return false;
        }
        const bool winner_moves = pos.side_to_move() == winner_;
        path_.push_back(key);
        ++on_path_bucket_[key & 63];
        bool found = false;
        // A small allowance is spent near the root first (a different plan rather than a late
        // detour); a large one (full width) keeps the best-first order.
        const int last = std::min(count - 1, allowance);
        const bool top_first = allowance <= TOP_FIRST_ALLOWANCE;
        // (expand() already brought the best move to the front.)
        if (top_first)
            for (int i = 1; i <= last; ++i) select(base + std::size_t(i));
        for (int k = 0; k <= last && nodes_ < limit_; ++k) {
            const int i = top_first ? last - k : k;
            const Move move =
                top_first || i == 0 ? arena_[base + std::size_t(i)].move() : select(base + std::size_t(i));
            Position child = pos;
            child.play(move);
            ++nodes_;
            // (Only a capture or a promotion changes the material, on which alone the material
            // test depends: this node passed it.)
            if (((pos.is_capture(move) || move.kind() == Move::PROMOTION) &&
                 material_unwinnable(child, winner_)) ||
                on_path(child.repetition_key()))
                continue;
            if (!winner_moves && child.is_check() && !child.has_legal_moves()) continue;  // winner mated
            if (run(child, depth - 1, allowance - i)) {
                line_.push_back(move);
                found = true;
                break;
            }
        }
        --on_path_bucket_[key & 63];
        path_.pop_back();
        if (!found && nodes_ < limit_) table_.store(key, depth, allowance);
        top_ = base;
        return found;
    }

    // Raises the node limit: the allowance rounds already done are answered by the table.
    void extend(std::uint64_t limit) {
        limit_ = limit;
        table_.allow(limit);
    }
    std::uint64_t limit() const { return limit_; }

    // Orders the moves toward a mating pattern instead (nullptr: the general ordering).
    void set_target(const Target* target) { target_ = target; }
    std::uint64_t nodes() const { return nodes_; }
    bool exhausted() const { return nodes_ >= limit_; }
    std::vector<Move>& line() { return line_; }

  private:
    // A capture waypoint reached: a short search for the mate from here, once per position.
    // (Not per node: the waypoint is one square, reached by few lines.)
    bool waypoint(const Position& pos, std::uint64_t key) {
        const HelpmateResult after =
            search_helpmate(pos, winner_, std::min(WAYPOINT_BUDGET, limit_ - nodes_));
        nodes_ += after.nodes;
        if (after.found) {
            line_.insert(line_.end(), after.line.rbegin(), after.line.rend());
            return true;
        }
        table_.store(key, 1 << 14, 1 << 14);
        return false;
    }

    // Brings the best of the moves from `at` on to `at` (the first of equals) and returns it:
    // most nodes look at one or two moves, so sorting them all would be wasted.
    Move select(std::size_t at) {
        std::size_t best = at;
        for (std::size_t j = at + 1; j < top_; ++j)
            if (arena_[j].score > arena_[best].score) best = j;
        std::rotate(arena_.get() + at, arena_.get() + best, arena_.get() + best + 1);
        return arena_[at].move();
    }

    // A dive never comes back to a position of its own path (shuffling back and forth).
    bool on_path(std::uint64_t key) const {
        if (!on_path_bucket_[key & 63]) return false;  // most children: no key of the path is alike
        for (std::uint64_t k : path_)
            if (k == key) return true;
        return false;
    }

    // Generates the moves, tests for a mate in one, and pushes the moves worth searching
    // onto the arena, the best first (the first of equals; the others in generation order).
    // Returns how many, or -1 with `mate` set. Kept out of run() so that the 2 KiB move list
    // is not on the stack of every ply.
    [[gnu::noinline]] int expand(const Position& pos, int depth, Move& mate) {
        const bool winner_moves = pos.side_to_move() == winner_;
        // A mate needs one more winner move after this one.
        const bool deeper = depth >= (winner_moves ? 3 : 2);
        if (!deeper && !winner_moves) return 0;
        const MoveList moves = pos.legal_moves();
        if (winner_moves && !deeper) {  // only the mate test
            const helpmate_detail::CheckInfo checks(pos);
            helpmate_detail::FlightTest flights(pos);
            for (Move m : moves)
                if (checks.gives_check(m) && mates(pos, flights, m)) {
                    mate = m;
                    return -1;
                }
            return 0;
        }
        Scored* const first = reserve(std::size_t(moves.size()));
        Scored* end;
        if (winner_moves) {
            end = target_ ? score_winner(pos, moves, TargetOrder(pos, *target_), first, mate)
                          : score_winner(pos, moves, MoveOrder(pos, winner_), first, mate);
            if (!end) return -1;
        } else {
            end = target_ ? score_loser(moves, TargetOrder(pos, *target_), first)
                          : score_loser(moves, MoveOrder(pos, winner_), first);
        }
        top_ += std::size_t(end - first);
        return int(end - first);
    }

    // The mate test: does the check `m` mate? (The budget is a hard limit; a check the
    // flight test answers still counts as a node, as if played.)
    bool mates(const Position& pos, helpmate_detail::FlightTest& flights, Move m) {
        if (nodes_ >= limit_) return false;
        ++nodes_;
        if (flights.escapes(m)) return false;
        Position child = pos;
        child.play(m);
        return !child.has_legal_moves();
    }

    // Room for `count` more moves on top of the arena (grown, never shrunk: no clearing per node).
    Scored* reserve(std::size_t count) {
        if (top_ + count > capacity_) {
            capacity_ = std::max(2 * capacity_, top_ + count);
            auto grown = std::make_unique_for_overwrite<Scored[]>(capacity_);
            std::copy(arena_.get(), arena_.get() + top_, grown.get());
            arena_ = std::move(grown);
        }
        return arena_.get() + top_;
    }

    // The scoring loops write every move and keep the best in front (the first of equals;
    // the others stay in generation order). The winner's checks are tested for mate first;
    // nullptr: `mate` is set.
    template <class Order>
    Scored* score_winner(const Position& pos, const MoveList& moves, Order&& order, Scored* out, Move& mate) {
        // Checks are played at once for the mate test; the others only scored.
        const helpmate_detail::CheckInfo checks(pos);
        helpmate_detail::FlightTest flights(pos);
        Scored* const first = out;
        int best = std::numeric_limits<int>::min();
        Scored* best_at = out;
        constexpr bool by_man = std::is_same_v<std::decay_t<Order>, MoveOrder>;
        Square from = SQ_NONE;
        Bitboard checking = 0;  // where the man on `from` checks from
        for (Move m : moves) {
            int s = 0;
            bool check = false;
            if constexpr (by_man) {
                if (m.kind() == Move::NORMAL && !order.per_move()) {
                    if (m.from() != from) {
                        from = m.from();
                        order.from(from);
                        checking = checks.checks_from(from);
                    }
                    s = order.score_normal(m.to());
                    check = checking & square_bb(m.to());
                } else {
                    s = order.score(m);
                    check = checks.gives_check(m);
                }
            } else {
                s = order.score(m);
                check = checks.gives_check(m);
            }
            if (check) {
                if (mates(pos, flights, m)) {
                    mate = m;
                    return nullptr;
                }
                s -= CHECK_PENALTY;
            }
            if (s > best) {
                best = s;
                best_at = out;
            }
            *out++ = {s, m.raw()};
        }
        if (best_at != first) std::rotate(first, best_at, best_at + 1);
        return out;
    }

    template <class Order>
    static Scored* score_loser(const MoveList& moves, Order&& order, Scored* out) {
        Scored* const first = out;
        int best = std::numeric_limits<int>::min();
        Scored* best_at = out;
        constexpr bool by_man = std::is_same_v<std::decay_t<Order>, MoveOrder>;
        Square from = SQ_NONE;
        for (Move m : moves) {
            int s = 0;
            if constexpr (by_man) {
                if (m.kind() == Move::NORMAL) {
                    if (m.from() != from) {
                        from = m.from();
                        order.from(from);
                    }
                    s = order.score_normal(m.to());
                } else {
                    s = order.score(m);
                }
            } else {
                s = order.score(m);
            }
            if (s > best) {
                best = s;
                best_at = out;
            }
            *out++ = {s, m.raw()};
        }
        if (best_at != first) std::rotate(first, best_at, best_at + 1);
        return out;
    }

    Color winner_;
    std::uint64_t limit_;
    std::uint64_t nodes_ = 0;
    FailTable table_;
    std::unique_ptr<Scored[]> arena_;  // the moves of every node on the path, best first, up to top_
    std::size_t top_ = 0;
    std::size_t capacity_ = 1024;
    std::vector<Move> line_;
    std::vector<std::uint64_t> path_;
    std::uint8_t on_path_bucket_[64] = {};  // how many keys of the path end in each 6 bits
    const Target* target_ = nullptr;
};

constexpr int DIVE_DEPTH = 60;
constexpr int MAX_ALLOWANCE = 64;
constexpr int MAX_PLIES = 64;
constexpr int FULL_WIDTH = 1 << 12;  // an allowance no list of moves can use up
constexpr std::uint64_t QUICK_BUDGET = 2000;
constexpr std::uint64_t TARGET_BUDGET = 1500;
constexpr std::uint64_t CAPTURE_BUDGET = 1500;
constexpr int WAYPOINT_SLACK = 8;
// The first dive's early stop in small endings: its nodes, then the nodes of each pattern dive
// and of all of them (the capture dives get their full budget at once). Building the patterns
// costs as much as hundreds of nodes: only lone knights, which the dive leads poorly, try them
// early. (On the game positions: 127 -> 109 nodes per side on game_positions_2, the other sets
// unchanged.)
struct Slice {
    std::uint64_t dive, each, total;
};
constexpr Slice SLICE{200, 40, 0}, KNIGHT_SLICE{100, 60, 400};
constexpr int MAX_TARGETS = 12, TARGET_MAX_ESTIMATE = 40, TARGET_SLACK = 12, TARGET_ALLOWANCE = 2;

// The allowance rounds of a dive, from the first (the rounds a resumed dive has done end at
// once on the table); true when found (the line is in `result`).
bool dive_rounds(Dive& dive, const Position& pos, int depth, int max_allowance, HelpmateResult& result) {
    const std::uint64_t before = dive.nodes();
    for (int allowance = 0; allowance <= max_allowance && !dive.exhausted(); ++allowance) {
        if (dive.run(pos, depth, allowance)) {
            result.found = true;
            result.line.assign(dive.line().rbegin(), dive.line().rend());
            break;
        }
    }
    result.nodes += dive.nodes() - before;
    return result.found;
}

// One dive search with growing allowance; true when found (the line is in `result`).
bool dive_search(const Position& pos, Color winner, std::uint64_t budget, int depth, int max_allowance,
                 const Target* target, HelpmateResult& result) {
    Dive dive(winner, budget);
    dive.set_target(target);
    return dive_rounds(dive, pos, depth, max_allowance, result);
}

// Pawns locked head-on: for each of the loser's pawns that blocks one of the winner's, the
// winner's king walks to it and takes it, and a short search goes on from there (the pawn
// walks on: the patterns never capture). Within `node_limit` nodes of `result` in all.
bool capture_dives(const Position& pos, Color winner, std::uint64_t node_limit, HelpmateResult& result) {
    const Bitboard head_on = head_on_pawns(pos);
    Bitboard blockers = winner == WHITE ? head_on : shift<-8>(head_on);
    const Square king = pos.king_square(winner);
    // The king walks round the squares the loser's pawns guard and round the pawns.
    const Bitboard walls = pawn_attacks_bb(~winner, pos.pieces(~winner, PAWN)) | pos.pieces(PAWN);
    while (blockers && result.nodes < node_limit) {
        const Square s = pop_lsb(blockers);
        Target waypoint;
        waypoint.spots[waypoint.count++] = {make_piece(winner, KING), s};
        waypoint.capture = true;
        std::array<std::uint8_t, 64> steps;
        steps.fill(helpmate_detail::NEVER);
        steps[s] = 0;
        Square queue[64];
        int head = 0, tail = 0;
        queue[tail++] = s;
        while (head < tail) {
            const Square from = queue[head++];
            for (Bitboard b = king_attacks(from) & ~walls; b;) {
                const Square to = pop_lsb(b);
                if (steps[to] != helpmate_detail::NEVER) continue;
                steps[to] = std::uint8_t(steps[from] + 1);
                queue[tail++] = to;
            }
        }
        if (steps[king] != helpmate_detail::NEVER) waypoint.king_steps = steps.data();
        waypoint.estimate = waypoint.king_steps ? steps[king] : helpmate_detail::distance(king, s);
        const int depth = std::min(MAX_PLIES, 2 * waypoint.estimate + WAYPOINT_SLACK);
        const std::uint64_t budget = std::min(node_limit - result.nodes, CAPTURE_BUDGET);
        if (dive_search(pos, winner, budget, depth, TARGET_ALLOWANCE, &waypoint, result)) return true;
    }
    return false;
}

}  // namespace

// The first stage's dive, kept so that extend_dive can go on with it. (Its base is local to
// this file, which alone defines the class.)
class helpmate_detail::QuickDive : public Dive {
  public:
    using Dive::Dive;
};

HelpmateResult search_helpmate(const Position& pos, Color winner, std::uint64_t node_limit,
                               const EarlierSearch& earlier) {
    HelpmateResult result;
    result.left_behind.targets = earlier.targets;  // kept for the next call if none are built here
    // (material_unwinnable covers a lone knight against a lone queen: no such mate exists.)
    if (material_unwinnable(pos, winner)) return result;
    auto left = [&] { return node_limit - std::min(node_limit, result.nodes); };
    // Small endings: the capture dives (once), then walk toward mating patterns built for the
    // position, each pattern dive at most `each_target` nodes, all of them `targets_total`.
    bool captures_tried = false;  // (deterministic: once is enough)
    auto small_ending = [&](std::uint64_t each_target, std::uint64_t targets_total) {
        if (!captures_tried && capture_dives(pos, winner, node_limit, result)) return true;
        captures_tried = true;
        const std::uint64_t end = result.nodes + std::min(left(), targets_total);
        auto room = [&] { return end - std::min(end, result.nodes); };
        if (room() == 0) return false;
        auto& targets = result.left_behind.targets;  // the earlier call's, if it built them
        if (!targets)
            targets = std::make_shared<const std::vector<Target>>(
                helpmate_detail::build_targets(pos, winner, MAX_TARGETS));
        for (const Target& target : *targets) {
            if (target.estimate >= TARGET_MAX_ESTIMATE || room() == 0) break;
            const int depth = std::min(MAX_PLIES, 2 * target.estimate + TARGET_SLACK);
            if (dive_search(pos, winner, std::min(room(), each_target), depth, TARGET_ALLOWANCE, &target,
                            result))
                return true;
        }
        return false;
    };
    // 1. Ordered dives: the common mates, found in tens of nodes.
    const bool endgame = helpmate_detail::patterns_apply(pos);
    // (In small endings a small budget is shared with the patterns.)
    const std::uint64_t quick =
        endgame ? std::min(QUICK_BUDGET, node_limit / 2) : std::min(QUICK_BUDGET, node_limit);
    result.left_behind.quick_budget = quick;
    if (quick > 0 && quick == earlier.quick_budget) {
        result.nodes += earlier.quick_nodes;  // the same dive found nothing before
        result.left_behind.dive = earlier.dive;
    } else if (quick > 0 && earlier.dive && (earlier.dive->limit() >= quick || !earlier.dive->exhausted())) {
        // An earlier dive, extended past this budget or through every allowance, found
        // nothing: neither would this one (the table changes what is played again, not what
        // is found).
        result.nodes += std::min(quick, earlier.dive->nodes());
        result.left_behind.dive = earlier.dive;
    } else {
        // In small endings the dive stops early for the captures of blocking pawns (their
        // mates take tens of nodes), and for lone knights a short try of the patterns, then
        // goes on.
        const Bitboard men = pos.pieces(winner) & ~pos.pieces(KING);
        const bool knights = men && men == pos.pieces(winner, KNIGHT);
        const Slice& slice = knights ? KNIGHT_SLICE : SLICE;
        const std::uint64_t first = endgame ? std::min(quick, slice.dive) : quick;
        auto dive = std::make_shared<helpmate_detail::QuickDive>(winner, first);
        if (dive_rounds(*dive, pos, DIVE_DEPTH, MAX_ALLOWANCE, result)) return result;
        if (first < quick && dive->exhausted()) {
            if (small_ending(slice.each, slice.total)) return result;
            dive->extend(quick);
            if (dive_rounds(*dive, pos, DIVE_DEPTH, MAX_ALLOWANCE, result)) return result;
        }
        result.left_behind.dive = std::move(dive);
    }
    result.left_behind.quick_nodes = result.nodes;
    // 2. Little material: the captures and patterns, on what is left.
    if (endgame && small_ending(TARGET_BUDGET, left())) return result;
    // 3. More dives, with a larger allowance.
    if (dive_search(pos, winner, std::min(left(), node_limit / 32), DIVE_DEPTH, MAX_ALLOWANCE, nullptr,
                    result))
        return result;
    auto spent = [&] { return node_limit - left(); };
    // 4. Best-first toward a mating net, keeping the winner's men, then letting them go.
    for (const auto& [share, man_value] : {std::pair{3, 24}, std::pair{16, 0}}) {
        const std::uint64_t left = node_limit - spent();
        GuidedResult guided = guided_helpmate(pos, winner, left * std::uint64_t(share) / 16, man_value);
        result.nodes += guided.nodes;
        if (guided.found) {
            result.found = true;
            result.line = std::move(guided.line);
            return result;
        }
    }
    // 5. Whatever is left (the best-first stage stops early only when it runs out of positions):
    // iterative deepening, every move of both sides.
    Dive dive(winner, left());
    for (int depth = pos.side_to_move() == winner ? 1 : 2; depth <= MAX_PLIES && !dive.exhausted();
         depth += 2) {
        if (dive.run(pos, depth, FULL_WIDTH)) {
            result.found = true;
            result.line.assign(dive.line().rbegin(), dive.line().rend());
            break;
        }
    }
    result.nodes += dive.nodes();
    return result;
}

HelpmateResult extend_dive(const Position& pos, std::uint64_t nodes, const EarlierSearch& earlier) {
    HelpmateResult result;
    helpmate_detail::QuickDive* const dive = earlier.dive.get();
    if (!dive || !dive->exhausted()) return result;  // none ran, or it tried every allowance
    dive->extend(dive->limit() + nodes);
    dive_rounds(*dive, pos, DIVE_DEPTH, MAX_ALLOWANCE, result);
    return result;
}

HelpmateResult capture_helpmate(const Position& pos, Color winner, std::uint64_t node_limit) {
    HelpmateResult result;
    if (!material_unwinnable(pos, winner)) capture_dives(pos, winner, node_limit, result);
    return result;
}

}  // namespace drawproxy::rules::winnability
