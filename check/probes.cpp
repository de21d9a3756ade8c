#include "check/probes.h"

#include <stdexcept>

#include "rules/notation.h"
#include "uci/gui_command.h"

namespace drawproxy::check {
namespace {

// Kings shuffle g1-h1 / g8-h8 behind their pawns; Black has an extra rook. From this FEN
// (Black to move) the cycle h8g8 g1h1 g8h8 h1g1 brings every position back every 4 plies.
constexpr std::string_view SHUFFLE_BLACK_UP = "fen r6k/5pp1/7p/8/8/7P/5PP1/6K1 b - - 0 40";
// The same with the extra rook White's (on a1).
constexpr std::string_view SHUFFLE_WHITE_UP = "fen 7k/5pp1/7p/8/8/7P/5PP1/R5K1 b - - 0 40";
constexpr std::string_view SEVEN_PLIES = " moves h8g8 g1h1 g8h8 h1g1 h8g8 g1h1 g8h8";

// 600 plies from the start position that never end the game: after 1.e4 e5 2.Qh5 Nc6
// 3.Bc4 (threatening Qxf7#), Black's bishop walks the 3-cycle f8-e7-d6 and White's knight
// the 4-cycle g1-h3-f4-e2, so a position comes back only every 24 plies (at most twice
// between pawn moves); a pawn move every 47 plies keeps the halfmove clock under 50. The
// threat stands throughout (none of these moves defends f7), so White mates in one at the end.
std::string long_history() {
    constexpr std::string_view bishop[] = {"f8", "e7", "d6"};
    constexpr std::string_view knight[] = {"g1", "h3", "f4", "e2"};
    constexpr std::string_view white_pawns[] = {"a2a3", "b2b3", "c2c3", "d2d3", "g2g3",
                                                "a3a4", "b3b4", "f2f3", "g3g4"};
    constexpr std::string_view black_pawns[] = {"a7a6", "b7b6", "h7h6", "a6a5", "b6b5"};
    std::string s = "startpos moves e2e4 e7e5 d1h5 b8c6 f1c4";
    int plies = 5, b = 0, n = 0, since_pawn = 0, wp = 0, bp = 0;
    bool white = false;
    auto add = [&](std::string_view from, std::string_view to) {
        s += ' ';
        s += from;
        s += to;
        ++plies;
    };
    while (plies < 600 || !white) {  // ends with White to move
        if (since_pawn >= 46 && (white ? wp < 9 : bp < 5)) {
            std::string_view m = white ? white_pawns[wp++] : black_pawns[bp++];
            add(m.substr(0, 2), m.substr(2));
            since_pawn = 0;
        } else if (white) {
            add(knight[n], knight[(n + 1) % 4]);
            n = (n + 1) % 4;
            ++since_pawn;
        } else {
            add(bishop[b], bishop[(b + 1) % 3]);
            b = (b + 1) % 3;
            ++since_pawn;
        }
        white = !white;
    }
    return s;
}

// The probes as one list, each with its comment: long as a table is, and read as one.
std::vector<Probe> make_probes() {
    std::vector<Probe> v;
    auto add = [&](std::string name, std::string group, std::string position, Expectation e,
                   std::string summary) {
        v.push_back(Probe{std::move(name), std::move(group), std::move(position), false, std::move(e),
                          std::move(summary)});
    };
    const std::string rep_history = std::string(SHUFFLE_BLACK_UP) + std::string(SEVEN_PLIES);

    // White, a rook down, to move in a position seen twice; Kh1-g1 brings back, a third
    // time, the position of ply 0 and 4: a draw White may claim (9.2.1), its only way to
    // save the game. An engine that counts the positions of the `moves` list plays it and
    // scores 0; one blind to the history sees a lost ending.
    add("repetition-history", "repetition", rep_history, {.score = ScoreWanted::Draw, .moves = {"h1g1"}},
        "a third occurrence through the moves list (9.2.1): the worse side repeats, scores 0");
    // The control: the same position as a bare FEN has no history, so nothing repeats and
    // White is simply a rook down. A score near 0 here would mean the engine scores every
    // repetition (or this ending) as a draw, and the probe above would prove nothing.
    add("repetition-bare-fen", "repetition", "fen r6k/5pp1/7p/8/8/7P/5PP1/7K w - - 7 44",
        {.score = ScoreWanted::Losing}, "the same position without history: not a draw, White is lost");
    // White a rook up, same cycle: Kh1-g1 would give Black a threefold claim; a correct
    // engine keeps the win with any other move.
    add("repetition-avoid", "repetition", std::string(SHUFFLE_WHITE_UP) + std::string(SEVEN_PLIES),
        {.score = ScoreWanted::Winning, .not_moves = {"h1g1"}},
        "the better side does not walk into a threefold (9.2.1 for the opponent)");

    // 9.2.3: after ...e7-e5 the FEN shows e6, but White's d5 pawn is pinned on the d-file,
    // so no en passant capture is possible: the position after e7-e5 and the same one after
    // the rooks' and kings' shuffles are the same position. Black, a rook down, completes
    // the third occurrence with Kh8-g8 and draws. An engine that keys the en passant square
    // without asking whether the capture is legal counts two and plays on, lost.
    add("same-position-ep", "same-position",
        "fen 3r2k1/4ppp1/7p/3P4/8/8/5PPP/R1RK4 b - - 0 30 moves e7e5 a1a2 g8h8 a2a1 h8g8 a1a2 g8h8 a2a1",
        {.score = ScoreWanted::Draw, .moves = {"h8g8"}},
        "9.2.3: an e.p. square with no legal capture does not make a new position (draw by Kh8-g8)");
    // 9.2.3: the position after Ng1-f3 occurred twice while White could still castle; White
    // has since moved the h1 rook out and back. Rh2-h1 recreates the placement, but without
    // the castling right it is a new position: no draw, and White (a queen down for a
    // knight) is lost. An engine whose key ignores castling rights sees a threefold.
    add("same-position-castling", "same-position",
        "fen r2q2k1/5ppp/8/8/8/7P/3PPPP1/4K1NR w K - 0 20 moves g1f3 g8h8 f3g1 h8g8 g1f3 g8h8 h1h2 h8g8",
        {.score = ScoreWanted::Losing},
        "9.2.3: same placement, castling right lost since: not a repetition, White stays lost");

    // 9.3: halfmove clock 99 with White a queen up: any move but a capture or a pawn move
    // completes 50 moves and Black claims (9.3.2). Mate is far off, so only g2-g3/g2-g4
    // keep the win. Blind to the clock, engines pick a queen move here (Stockfish: Qg7).
    add("fifty-reset", "fifty-moves", "fen 8/8/4k3/8/8/8/1Q4P1/K7 w - - 99 80",
        {.score = ScoreWanted::Winning, .zeroing = true},
        "9.3: clock 99, winning: the engine resets the count with a pawn move");
    // 9.3.2: clock 100, Black (a queen down) to move: 50 moves by each player are complete,
    // Black may claim now and after any move but a capture or pawn move: a draw.
    add("fifty-claimable", "fifty-moves", "fen 8/8/4k3/8/8/8/1Q4P1/K7 b - - 100 80",
        {.score = ScoreWanted::Draw}, "9.3.2: clock 100, the losing side may claim: scores 0");

    // Finished games: the Laws have ended these games, but a GUI or a runner may still send
    // `go`. The engine must answer promptly (bestmove (none)/0000 or a legal move) and keep
    // running; crashing or searching forever is what took down real tournaments.
    const Expectation done{.finished = true};
    add("finished-checkmate", "finished", "startpos moves f2f3 e7e5 g2g4 d8h4", done,
        "5.1.1: after checkmate: a prompt answer, no crash");
    add("finished-stalemate", "finished", "fen k7/8/8/2Q5/8/8/8/7K w - - 0 60 moves c5b6", done,
        "5.2.1: after stalemate: a prompt answer, no crash");
    add("finished-fivefold", "finished",
        "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
        done, "9.6.1: after a fivefold repetition: a prompt answer, no crash");
    add("finished-75-moves", "finished", "fen 8/8/4k3/8/8/2Q5/8/1K6 w - - 149 120 moves b1b2", done,
        "9.6.2: after 75 moves without capture or pawn move: a prompt answer, no crash");
    add("finished-dead", "finished", "fen 8/8/4k3/8/8/8/2n5/K2B4 w - - 0 60 moves d1c2", done,
        "5.2.2: after a capture leaves king and bishop against king: a prompt answer, no crash");

    // Dead positions (5.2.2), drawproxy's winnability proves neither side can ever mate:
    // the game is drawn whatever is played, so a correct engine scores 0 despite the material.
    add("dead-bishops", "dead-position", "fen k7/8/8/8/8/3B4/8/2K2B2 w - - 0 60",
        {.score = ScoreWanted::Draw}, "5.2.2: two bishops on light squares cannot mate: scores 0");
    add("dead-pawn-wall", "dead-position", "fen 8/8/1k6/p1p1p1p1/P1P1P1P1/P1P5/3K4/8 w - - 0 50",
        {.score = ScoreWanted::Draw}, "5.2.2: locked pawn wall, no king can pass, two pawns up: scores 0");

    // 600 plies of shuffling, then White mates in one (Qxf7#). Engines with fixed-size game
    // stacks or line buffers crash, truncate the history or take seconds to parse it.
    add("long-history", "long-history", long_history(), {.score = ScoreWanted::MateFound, .moves = {"h5f7"}},
        "600 plies of history, then mate in one: the right move, promptly");

    // Chess960 (UCI_Chess960), castling right kept: the same shuffle as repetition-history
    // with White's right to castle with the h1 rook (king g1) unchanged throughout, given in
    // Shredder-FEN. White, a queen down for a knight, draws by Nd1-c3, the third occurrence.
    // An engine that reads 960 castling rights inconsistently (FEN against moves) misses it.
    Probe kept{
        "chess960-repetition",
        "chess960",
        "fen r2q2k1/5ppp/8/8/8/2N4P/3PPPP1/6KR b H - 1 20 moves g8h8 c3d1 h8g8 d1c3 g8h8 c3d1 h8g8",
        true,
        {.score = ScoreWanted::Draw, .moves = {"d1c3"}},
        "Chess960 9.2.1: a third occurrence with the castling right kept: the worse side repeats, scores 0"};
    v.push_back(std::move(kept));

    // Chess960 (UCI_Chess960): White's king already stands on g1, so castling with the h1
    // rook (written g1h1, king takes rook) only moves the rook to f1 and ends the right.
    // Kh2, Rh1 and Kg1 then recreate the placement seen twice with the right, but it is a
    // new position: White, a queen down for a knight, stays lost. An engine that loses track
    // of 960 castling rights (or ignores them in its key) sees a threefold in Kh2-g1.
    Probe c960{
        "chess960-castling",
        "chess960",
        "fen r2q2k1/5ppp/8/8/8/7P/3PPPP1/3N2KR w H - 0 20 moves d1c3 g8h8 c3d1 h8g8 d1c3 g8h8 g1h1 h8g8 "
        "g1h2 g8h8 f1h1 h8g8",
        true,
        {.score = ScoreWanted::Losing},
        "Chess960 9.2.3: king-takes-rook castling ends the right; the look-alike is no repetition"};
    v.push_back(std::move(c960));

    // Claims, for engines that print `info string drawproxy claim ...` (as `match
    // claim=engine` reads them). Each time the engine is the worse side, so a claim is in
    // its interest; any claim printed must be one the Laws allow at that moment.
    add("claim-threefold", "claims", rep_history + " h1g1 h8g8 g1h1 g8h8", {.claims = ClaimWanted::Some},
        "9.2.2: the position has appeared a third time: the engine claims");
    add("claim-intended", "claims", rep_history, {.claims = ClaimWanted::Some},
        "9.2.1: Kh1-g1 would make a third occurrence: the engine claims with that move");
    add("claim-fifty", "claims", "fen 8/8/4k3/8/8/8/1Q4P1/K7 b - - 100 80", {.claims = ClaimWanted::Some},
        "9.3.2: 50 moves completed: the engine claims");
    add("claim-none", "claims", std::string(SHUFFLE_BLACK_UP) + " moves h8g8 g1h1 g8h8 h1g1 h8g8",
        {.claims = ClaimWanted::None}, "a position seen twice, no move makes a third: no claim is allowed");
    return v;
}

}  // namespace

const std::vector<Probe>& probes() {
    static const std::vector<Probe> all = make_probes();
    return all;
}

const Probe* find_probe(std::string_view name) {
    for (const Probe& p : probes())
        if (p.name == name) return &p;
    return nullptr;
}

rules::Game replay(const Probe& p) {
    const std::string line = "position " + p.position;
    const uci::GuiCommand cmd = uci::parse_gui_command(line);
    if (cmd.type != uci::GuiCommandType::Position) throw std::invalid_argument("not a position: " + p.name);
    rules::Position start;
    std::string error;
    if (!cmd.startpos && !rules::parse_fen(cmd.fen, p.chess960, start, error))
        throw std::invalid_argument(p.name + ": " + error);
    rules::Game game(start);
    for (std::string_view text : cmd.moves) {
        const rules::Move m = rules::parse_uci_move(game.position(), text, error);
        if (!m) throw std::invalid_argument(p.name + ": move " + std::string(text) + ": " + error);
        game.play(m);
    }
    return game;
}

}  // namespace drawproxy::check
