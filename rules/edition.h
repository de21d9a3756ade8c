#pragma once
// One edition of the Laws (or the "computer" shortcut rules), loaded from configs/*.toml.
// Parsing is pure: the text comes in, an Edition or an EditionError naming key and problem
// comes out. Reading files by path is the caller's job (app/edition_loader.h).
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::rules {

class EditionError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class FivefoldMode {
    None,                  // no automatic fivefold (before 2014)
    ConsecutiveAlternate,  // fide-2014 9.6a: five times by consecutive alternate moves (every 4 plies)
    AnyFive,               // fide-2018 and later 9.6.1: any five occurrences
};

// Article labels printed in claims and results, e.g. "9.2.2".
struct Articles {
    std::string threefold_intended;  // 9.2.1 / 9.2.1.1 / 9.2a
    std::string threefold_appeared;  // 9.2.2 / 9.2.1.2 / 9.2b
    std::string fifty_intended;      // 9.3.1 / 9.3a
    std::string fifty_completed;     // 9.3.2 / 9.3b
    std::string fivefold;            // 9.6.1 / 9.6a
    std::string seventy_five;        // 9.6.2 / 9.6b
    std::string dead_position;       // 5.2.2 / 9.7 / 9.6
    std::string stalemate;           // 5.2.1 / 5.2a
    std::string checkmate;           // 5.1.1 / 5.1a
    std::string incorrect_claim;     // 9.5.2 / 9.5b
    std::string flag_fall;           // 6.9
    std::string agreement;           // 9.1.2 / 9.1b
};

// Article 9.5: what an incorrect claim costs. Seconds added to the opponent's clock per
// time control class; the 2001 text also deducts half the claimant's remaining time.
struct ClaimPenalty {
    int opponent_bonus_seconds = 120;  // standard play
    int opponent_bonus_seconds_rapid = 120;
    int opponent_bonus_seconds_blitz = 120;
    bool claimant_loses_half = false;     // fide-2001
    int claimant_max_deduction_seconds = 0;  // cap on that deduction (fide-2001: 180)
};

// Article 9.1: when the event allows draw agreement.
struct DrawAgreement {
    enum class Mode { Any, NotBeforeMove, Never };
    Mode mode = Mode::Any;
    int min_move = 0;  // with NotBeforeMove: first move number at which agreement is allowed
};

struct Edition {
    std::string name;  // "fide-2023", "computer", or a file's name
    Articles articles;
    FivefoldMode fivefold = FivefoldMode::AnyFive;
    bool seventy_five_moves = true;
    // The "computer" set: threefold and fifty moves end the game without a claim, and
    // dead position means insufficient material only.
    bool automatic_claims = false;
    bool material_only_dead_position = false;
    ClaimPenalty penalty;
    bool claim_is_draw_offer = true;
    DrawAgreement agreement;

    // Parses TOML text; `origin` names the source in error messages.
    static Edition parse(std::string_view toml_text, std::string_view origin);
    // A shipped edition by name (configs/NAME.toml); throws EditionError listing the names.
    static Edition builtin(std::string_view name);
    static std::vector<std::string> builtin_names();
    static constexpr std::string_view DEFAULT_NAME = "fide-2023";
};

}  // namespace drawproxy::rules
