#include "game/time_control.h"

#include <fmt/format.h>
#include <charconv>

namespace drawproxy::game {

std::optional<std::int64_t> parse_seconds(std::string_view text) {
    if (text.empty()) return std::nullopt;
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > 1e9)
        return std::nullopt;
    return std::int64_t(value * 1000.0 + 0.5);
}

std::optional<TimeControl> parse_time_control(std::string_view text) {
    TimeControl tc;
    if (text == "inf" || text == "infinite") return tc;
    tc.infinite = false;
    if (auto slash = text.find('/'); slash != std::string_view::npos) {
        auto moves = text.substr(0, slash);
        auto [end, ec] = std::from_chars(moves.data(), moves.data() + moves.size(), tc.moves);
        if (ec != std::errc() || end != moves.data() + moves.size() || tc.moves < 0) return std::nullopt;
        text.remove_prefix(slash + 1);
    }
    if (text.starts_with("hg")) {
        tc.hourglass = true;
        text.remove_prefix(2);
    }
    std::string_view base = text;
    if (auto plus = text.find('+'); plus != std::string_view::npos) {
        base = text.substr(0, plus);
        auto inc = parse_seconds(text.substr(plus + 1));
        if (!inc) return std::nullopt;
        tc.increment_ms = *inc;
    }
    std::int64_t minutes_ms = 0;
    if (auto colon = base.find(':'); colon != std::string_view::npos) {
        int minutes = 0;
        auto m = base.substr(0, colon);
        auto [end, ec] = std::from_chars(m.data(), m.data() + m.size(), minutes);
        if (ec != std::errc() || end != m.data() + m.size() || minutes < 0) return std::nullopt;
        minutes_ms = std::int64_t(minutes) * 60000;
        base.remove_prefix(colon + 1);
    }
    auto secs = parse_seconds(base);
    if (!secs) return std::nullopt;
    tc.base_ms = minutes_ms + *secs;
    if (tc.base_ms <= 0) return std::nullopt;
    if (tc.hourglass && (tc.moves || tc.increment_ms)) return std::nullopt;  // as cutechess-cli
    return tc;
}

TimeControl::Class TimeControl::fide_class() const {
    if (!has_clock()) return Class::Standard;
    const std::int64_t for_sixty = base_ms + 60 * increment_ms;
    if (for_sixty <= 10 * 60000) return Class::Blitz;
    if (for_sixty < 60 * 60000) return Class::Rapid;
    return Class::Standard;
}

std::string TimeControl::text() const {
    if (movetime_ms) return fmt::format("st={:g}", double(movetime_ms) / 1000);
    if (infinite) return "inf";
    std::string s = hourglass ? "hg" : "";
    if (moves) s += fmt::format("{}/", moves);
    s += fmt::format("{:g}", double(base_ms) / 1000);
    if (increment_ms) s += fmt::format("+{:g}", double(increment_ms) / 1000);
    return s;
}

std::string TimeControl::fastchess_text() const {
    if (movetime_ms > 0) return fmt::format("{:.8g}/move", double(movetime_ms) / 1000);
    if (infinite || (moves == 0 && base_ms == 0 && increment_ms == 0)) return "-";
    std::string s = moves ? fmt::format("{}/", moves) : "";
    if (base_ms + increment_ms > 0) s += fmt::format("{:.6g}", double(base_ms) / 1000);
    if (increment_ms > 0) s += fmt::format("+{:.6g}", double(increment_ms) / 1000);
    return s;
}

bool Clock::charge(std::int64_t elapsed_ms) {
    if (tc_.movetime_ms) return elapsed_ms <= tc_.movetime_ms + tc_.margin_ms;
    if (!tc_.has_clock()) return true;
    remaining_ms_ -= elapsed_ms;
    if (remaining_ms_ < -tc_.margin_ms) return false;
    if (remaining_ms_ < 0) remaining_ms_ = 0;  // inside the margin: latency, not thinking
    remaining_ms_ += tc_.increment_ms;
    ++moves_made_;
    if (tc_.moves && moves_made_ % tc_.moves == 0) remaining_ms_ += tc_.base_ms;
    return true;
}

std::int64_t Clock::deadline_ms() const {
    if (tc_.movetime_ms) return tc_.movetime_ms + tc_.margin_ms;
    if (!tc_.has_clock()) return -1;
    return remaining_ms_ + tc_.margin_ms;
}

}  // namespace drawproxy::game
