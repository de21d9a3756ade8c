#pragma once
// Time controls as cutechess-cli writes them ("40/60+0.6", "10+0.1", "2:30+1", "hg5:00", "inf",
// st=SECONDS) and the chess clock that applies them, all in milliseconds.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace drawproxy::game {

struct TimeControl {
    bool infinite = true;      // no clock at all (fixed nodes or depth decide)
    int moves = 0;             // moves per period, 0 = the whole game
    std::int64_t base_ms = 0;  // time per period
    std::int64_t increment_ms = 0;
    std::int64_t movetime_ms = 0;  // st=: a fixed time per move, no clock carried over
    std::int64_t margin_ms = 0;    // latency allowed past the flag before it counts
    bool hourglass = false;        // cutechess-cli's "hg": the time one side uses goes to the other

    bool has_clock() const { return !infinite && movetime_ms == 0; }
    // FIDE classes by the time for 60 moves (Appendix A/B: blitz <= 10 min, rapid < 60 min).
    enum class Class { Standard, Rapid, Blitz };
    Class fide_class() const;
    // The cutechess text ("40/60+0.6", "inf", "st=1")
    std::string text() const;
    // As fastchess's PGN writes it: "40/60+0.6", "10+0.1", "0.5/move" for st=, "-" for none.
    std::string fastchess_text() const;
};

// Parses "inf", "[moves/]time[+inc]" where time is seconds or m:ss (moves 0: the whole game), or
// "hgTIME" (an hourglass: no moves, no increment). nullopt if malformed.
std::optional<TimeControl> parse_time_control(std::string_view text);
// Parses a decimal number of seconds ("0.1", "2") into milliseconds; nullopt if malformed.
std::optional<std::int64_t> parse_seconds(std::string_view text);

// One player's clock.
class Clock {
  public:
    Clock() = default;
    // The increment is the player's from the first move on ("30 seconds per move starting from
    // move 1"): the clock starts at base + increment, as digital clocks, cutechess-cli and
    // fastchess start it.
    explicit Clock(const TimeControl& tc) : tc_(tc), remaining_ms_(tc.base_ms + tc.increment_ms) {}
    std::int64_t remaining_ms() const { return remaining_ms_; }
    const TimeControl& control() const { return tc_; }
    // The moves left to the next time control, for "movestogo" (0 = sudden death).
    int moves_to_go() const { return tc_.moves ? tc_.moves - moves_made_ % tc_.moves : 0; }
    // Charges a move's thinking time; returns false if the flag fell (beyond the margin).
    bool charge(std::int64_t elapsed_ms);
    // How long the player may think before its flag counts as fallen, margin included.
    std::int64_t deadline_ms() const;
    void add(std::int64_t ms) { remaining_ms_ += ms; }

  private:
    TimeControl tc_;
    std::int64_t remaining_ms_ = 0;
    int moves_made_ = 0;
};

}  // namespace drawproxy::game
