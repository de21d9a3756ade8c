// Rule editions: the shipped files say what design.md's table says, and a bad file is
// refused with a message naming the key and the problem.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "rules/edition.h"

using namespace drawproxy::rules;

namespace {

std::string builtin_text(const std::string& name);

// An edition file with one line replaced (or emptied when `with` is empty).
std::string edit(std::string text, const std::string& line, const std::string& with) {
    std::size_t at = text.find(line);
    REQUIRE(at != std::string::npos);
    std::size_t end = text.find('\n', at);
    text.replace(at, end - at, with);
    return text;
}

// The valid fide-2023 file with one line changed.
std::string edited(const std::string& line, const std::string& with) {
    return edit(builtin_text("fide-2023"), line, with);
}

std::string error_of(const std::string& text) {
    try {
        Edition::parse(text, "event.toml");
    } catch (const EditionError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

#include "rules/builtin_editions.h"

namespace {
std::string builtin_text(const std::string& name) {
    for (const BuiltinEdition& b : builtin_editions())
        if (b.name == name) return std::string(b.toml);
    FAIL("no built-in edition " << name);
    return "";
}
}  // namespace

TEST_CASE("edition: every shipped edition loads and matches the design table", "[edition]") {
    const auto names = Edition::builtin_names();
    for (const char* want : {"computer", "fide-2001", "fide-2009", "fide-2014", "fide-2018", "fide-2023"})
        CHECK(std::find(names.begin(), names.end(), want) != names.end());
    for (const std::string& name : names) {
        INFO(name);
        CHECK(Edition::builtin(name).name == name);
    }
    CHECK(Edition::builtin(std::string(Edition::DEFAULT_NAME)).name == "fide-2023");

    const Edition e23 = Edition::builtin("fide-2023");
    CHECK(e23.articles.threefold_intended == "9.2.1");
    CHECK(e23.articles.threefold_appeared == "9.2.2");
    CHECK(e23.fivefold == FivefoldMode::AnyFive);
    CHECK(e23.seventy_five_moves);
    CHECK(e23.penalty.opponent_bonus_seconds == 120);
    CHECK(e23.penalty.opponent_bonus_seconds_rapid == 60);
    CHECK(e23.penalty.opponent_bonus_seconds_blitz == 60);
    CHECK(e23.claim_is_draw_offer);
    CHECK(!e23.automatic_claims);

    const Edition e18 = Edition::builtin("fide-2018");
    CHECK(e18.articles.threefold_intended == "9.2.1.1");
    CHECK(e18.articles.threefold_appeared == "9.2.1.2");
    CHECK(e18.penalty.opponent_bonus_seconds_rapid == 120);
    CHECK(e18.penalty.opponent_bonus_seconds_blitz == 60);

    const Edition e14 = Edition::builtin("fide-2014");
    CHECK(e14.fivefold == FivefoldMode::ConsecutiveAlternate);
    CHECK(e14.seventy_five_moves);
    CHECK(e14.articles.dead_position == "9.7");
    CHECK(e14.articles.fivefold == "9.6a");
    CHECK(e14.claim_is_draw_offer);

    const Edition e09 = Edition::builtin("fide-2009");
    CHECK(e09.fivefold == FivefoldMode::None);
    CHECK(!e09.seventy_five_moves);
    CHECK(e09.penalty.opponent_bonus_seconds == 180);
    CHECK(!e09.penalty.claimant_loses_half);
    CHECK(!e09.claim_is_draw_offer);

    const Edition e01 = Edition::builtin("fide-2001");
    CHECK(e01.penalty.claimant_loses_half);
    CHECK(e01.penalty.claimant_max_deduction_seconds == 180);
    CHECK(e01.penalty.opponent_bonus_seconds == 180);
    CHECK(e01.articles.dead_position == "9.6");

    const Edition computer = Edition::builtin("computer");
    CHECK(computer.automatic_claims);
    CHECK(computer.material_only_dead_position);
    CHECK(computer.articles.threefold_appeared == "computer");
    for (const std::string& name : names)
        CHECK(Edition::builtin(name).agreement.mode == DrawAgreement::Mode::Any);
}

TEST_CASE("edition: an unknown name lists the known ones", "[edition]") {
    try {
        Edition::builtin("fide-1999");
        FAIL("no error");
    } catch (const EditionError& e) {
        const std::string what = e.what();
        CHECK(what.find("fide-1999") != std::string::npos);
        CHECK(what.find("fide-2014") != std::string::npos);
    }
}

TEST_CASE("edition: a bad file names the key and the problem", "[edition]") {
    CHECK(error_of(edited("fivefold = \"any-five\"", "fivefold = \"sometimes\"")) ==
          "event.toml: key 'automatic.fivefold': \"sometimes\" is not one of \"none\", "
          "\"consecutive-alternate\", "
          "\"any-five\"");
    CHECK(error_of(edited("seventy_five_moves = true", "seventy_five_moves = \"yes\"")) ==
          "event.toml: key 'automatic.seventy_five_moves': expected true or false, got a string");
    CHECK(error_of(edited("opponent_bonus_seconds = 120", "opponent_bonus_seconds = -5")) ==
          "event.toml: key 'penalty.opponent_bonus_seconds': -5 is out of range 0..86400");
    CHECK(error_of(edited("claim_is_offer = true", "")) ==
          "event.toml: key 'draw_offer.claim_is_offer': missing");
    CHECK(error_of(edited("claim_is_offer = true", "claim_is_ofer = true")) ==
          "event.toml: key 'draw_offer.claim_is_ofer': unknown key");
    CHECK(error_of(edited("agreement = \"any\"", "agreement = \"not-before-move\"")) ==
          "event.toml: key 'draw_offer.min_move': must be at least 1 when draw_offer.agreement is "
          "\"not-before-move\"");
    CHECK(error_of(edited("fivefold = \"9.6.1\"", "fivefold = \"\"")) ==
          "event.toml: key 'articles.fivefold': must not be empty when automatic.fivefold is not \"none\"");
    const std::string full = builtin_text("fide-2023");
    CHECK(error_of(full.substr(0, full.find("[draw_offer]"))) ==
          "event.toml: key 'draw_offer': missing table");
    CHECK(error_of(edited("name = \"fide-2023\"", "name = \"x\"\ndraw_offer = 3")).find("draw_offer") !=
          std::string::npos);
    // A TOML syntax error gives the line.
    const std::string broken = edited("min_move = 0", "min_move = = 0");
    const auto line =
        std::count(broken.begin(), broken.begin() + long(broken.find("min_move = =")), '\n') + 1;
    CHECK(error_of(broken).rfind("event.toml:" + std::to_string(line) + ":", 0) == 0);

    // And the restrictions an event may set do load.
    const Edition late = Edition::parse(edit(edited("agreement = \"any\"", "agreement = \"not-before-move\""),
                                             "min_move = 0", "min_move = 30"),
                                        "event.toml");
    CHECK(late.agreement.mode == DrawAgreement::Mode::NotBeforeMove);
    CHECK(late.agreement.min_move == 30);
    CHECK(Edition::parse(edited("agreement = \"any\"", "agreement = \"never\""), "x").agreement.mode ==
          DrawAgreement::Mode::Never);
}
