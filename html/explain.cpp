#include "html/explain.h"

namespace drawproxy::html {

std::string_view ending_meaning(std::string_view reason, std::string_view article, std::string_view result,
                                bool claimed, bool intended) {
    const bool draw = result == "1/2-1/2";
    if (reason == "threefold") {
        if (!claimed)
            return "The same position came up for the third time and these rules end the game there.";
        return intended
                   ? "The player to move wrote down a move that makes the same position appear for the third "
                     "time and claimed the draw before playing it; the claim was right."
                   : "The same position (same side to move, same men on the same squares, same castling and "
                     "en passant chances) had just appeared for the third time and the player to move "
                     "claimed the draw; the claim was right.";
    }
    if (reason == "fifty-moves") {
        if (!claimed)
            return "Fifty moves by each side went by without a capture or a pawn move; these rules end the "
                   "game there.";
        return intended
                   ? "The player to move wrote down a move that completes fifty moves by each side without a "
                     "capture or a pawn move and claimed the draw; the claim was right."
                   : "Each side had made fifty moves without a capture or a pawn move and the player to move "
                     "claimed the draw; the claim was right.";
    }
    if (reason == "fivefold")
        return "The same position appeared for the fifth time: the game is drawn at once, nobody has to "
               "claim it.";
    if (reason == "seventy-five-moves")
        return "Seventy-five moves by each side without a capture or a pawn move (the last move did not "
               "mate): the "
               "game is drawn at once, nobody has to claim it.";
    if (reason == "dead-position")
        return "Neither side could checkmate by any series of legal moves any more, so the game ended as a "
               "draw "
               "at once.";
    if (reason == "stalemate") return "The player to move had no legal move and was not in check: a draw.";
    if (reason == "checkmate")
        return "The king was in check and no legal move could get it out: the game is won.";
    if (reason == "agreement") return "One player offered a draw and the other accepted it.";
    if (reason == "time-forfeit")
        return draw ? "A player ran out of time, but the opponent could not checkmate by any series of legal "
                      "moves, so the game is drawn instead of lost."
                    : "A player ran out of time while the opponent could still checkmate: the game is lost.";
    if (reason == "illegal-move")
        return draw ? "A player made an illegal move, but the opponent could not checkmate by any series of "
                      "legal "
                      "moves: a draw."
                    : "A player made an illegal move and loses the game.";
    if (reason == "crash")
        return "The engine's process ended during the game: it loses by forfeit (an event rule).";
    if (reason == "stall")
        return "The engine stopped answering during the game: it loses by forfeit (an event rule).";
    if (reason == "adjudication") {
        if (article == "resign-score")
            return "The event's rule ended the game: the engines' scores had stayed beyond the resign "
                   "threshold for "
                   "the moves it asks (not a rule of the Laws).";
        if (article == "draw-score")
            return "The event's rule ended the game as a draw: both scores had stayed near zero for the "
                   "moves it "
                   "asks (not a rule of the Laws).";
        if (article == "max-moves")
            return "The event's rule ended the game as a draw when it reached its move limit (not a rule of "
                   "the "
                   "Laws).";
        if (article == "tablebase")
            return "The event's rule ended the game with the result the endgame tablebase gives (not a rule "
                   "of the "
                   "Laws).";
        return "An event rule, not the Laws, ended the game.";
    }
    return "The game ended for a reason these reports do not explain.";
}

}  // namespace drawproxy::html
