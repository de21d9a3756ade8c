// Reading a rule edition from TOML. Every key is required and every unknown key is an error,
// so a typo in an event's edition file cannot silently fall back to some default.
#include "rules/edition.h"

#include <fmt/format.h>

#include <toml++/toml.h>

#include "rules/builtin_editions.h"

namespace drawproxy::rules {

namespace {

class Reader {
  public:
    Reader(const toml::table& root, std::string_view origin) : root_(root), origin_(origin) {}

    [[noreturn]] void fail(std::string_view key, std::string_view problem) const {
        throw EditionError(fmt::format("{}: key '{}': {}", origin_, key, problem));
    }

    const toml::table& table(std::string_view name) const {
        const toml::node* n = root_.get(name);
        if (!n) fail(name, "missing table");
        if (!n->is_table()) fail(name, "expected a table");
        return *n->as_table();
    }

    const toml::node& node(const toml::table& t, std::string_view section, std::string_view key) const {
        const toml::node* n = t.get(key);
        if (!n) fail(full(section, key), "missing");
        return *n;
    }

    std::string string(const toml::table& t, std::string_view section, std::string_view key) const {
        const toml::node& n = node(t, section, key);
        if (!n.is_string()) fail(full(section, key), fmt::format("expected a string, got {}", type_name(n)));
        return std::string(n.as_string()->get());
    }

    bool boolean(const toml::table& t, std::string_view section, std::string_view key) const {
        const toml::node& n = node(t, section, key);
        if (!n.is_boolean())
            fail(full(section, key), fmt::format("expected true or false, got {}", type_name(n)));
        return n.as_boolean()->get();
    }

    int integer(const toml::table& t, std::string_view section, std::string_view key, long lo,
                long hi) const {
        const toml::node& n = node(t, section, key);
        if (!n.is_integer())
            fail(full(section, key), fmt::format("expected an integer, got {}", type_name(n)));
        std::int64_t v = n.as_integer()->get();
        if (v < lo || v > hi) fail(full(section, key), fmt::format("{} is out of range {}..{}", v, lo, hi));
        return int(v);
    }

    template <typename T, std::size_t N>
    T choice(const toml::table& t, std::string_view section, std::string_view key,
             const std::pair<std::string_view, T> (&options)[N]) const {
        std::string v = string(t, section, key);
        std::string names;
        for (const auto& [name, value] : options) {
            if (name == v) return value;
            names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", name);
        }
        fail(full(section, key), fmt::format("\"{}\" is not one of {}", v, names));
    }

    // Rejects keys the schema does not know (typos).
    void only(const toml::table& t, std::string_view section,
              std::initializer_list<std::string_view> keys) const {
        for (const auto& [k, v] : t) {
            bool known = false;
            for (std::string_view want : keys) known = known || k.str() == want;
            if (!known) fail(full(section, k.str()), "unknown key");
        }
    }

  private:
    static std::string full(std::string_view section, std::string_view key) {
        return section.empty() ? std::string(key) : fmt::format("{}.{}", section, key);
    }
    static std::string_view type_name(const toml::node& n) {
        switch (n.type()) {
            case toml::node_type::string:
                return "a string";
            case toml::node_type::integer:
                return "an integer";
            case toml::node_type::floating_point:
                return "a number";
            case toml::node_type::boolean:
                return "a boolean";
            case toml::node_type::table:
                return "a table";
            case toml::node_type::array:
                return "an array";
            default:
                return "a date or time";
        }
    }

    const toml::table& root_;
    std::string_view origin_;
};

constexpr std::pair<std::string_view, FivefoldMode> FIVEFOLD_MODES[] = {
    {"none", FivefoldMode::None},
    {"consecutive-alternate", FivefoldMode::ConsecutiveAlternate},
    {"any-five", FivefoldMode::AnyFive},
};
constexpr std::pair<std::string_view, bool> DEAD_MODES[] = {{"full", false}, {"material", true}};
constexpr std::pair<std::string_view, DrawAgreement::Mode> AGREEMENT_MODES[] = {
    {"any", DrawAgreement::Mode::Any},
    {"not-before-move", DrawAgreement::Mode::NotBeforeMove},
    {"never", DrawAgreement::Mode::Never},
};
constexpr int MAX_SECONDS = 24 * 3600;

}  // namespace

Edition Edition::parse(std::string_view toml_text, std::string_view origin) {
    toml::table root;
    try {
        root = toml::parse(toml_text, origin);
    } catch (const toml::parse_error& e) {
        throw EditionError(fmt::format("{}:{}:{}: {}", origin, e.source().begin.line, e.source().begin.column,
                                       e.description()));
    }
    Reader r(root, origin);
    r.only(root, "", {"name", "articles", "automatic", "penalty", "draw_offer"});
    Edition e;
    e.name = r.string(root, "", "name");
    if (e.name.empty()) r.fail("name", "must not be empty");

    const toml::table& a = r.table("articles");
    r.only(a, "articles",
           {"threefold_intended", "threefold_appeared", "fifty_intended", "fifty_completed", "fivefold",
            "seventy_five", "dead_position", "stalemate", "checkmate", "incorrect_claim", "flag_fall",
            "agreement"});
    Articles& art = e.articles;
    art.threefold_intended = r.string(a, "articles", "threefold_intended");
    art.threefold_appeared = r.string(a, "articles", "threefold_appeared");
    art.fifty_intended = r.string(a, "articles", "fifty_intended");
    art.fifty_completed = r.string(a, "articles", "fifty_completed");
    art.fivefold = r.string(a, "articles", "fivefold");
    art.seventy_five = r.string(a, "articles", "seventy_five");
    art.dead_position = r.string(a, "articles", "dead_position");
    art.stalemate = r.string(a, "articles", "stalemate");
    art.checkmate = r.string(a, "articles", "checkmate");
    art.incorrect_claim = r.string(a, "articles", "incorrect_claim");
    art.flag_fall = r.string(a, "articles", "flag_fall");
    art.agreement = r.string(a, "articles", "agreement");

    const toml::table& au = r.table("automatic");
    r.only(au, "automatic", {"fivefold", "seventy_five_moves", "claims", "dead_position"});
    e.fivefold = r.choice(au, "automatic", "fivefold", FIVEFOLD_MODES);
    e.seventy_five_moves = r.boolean(au, "automatic", "seventy_five_moves");
    e.automatic_claims = r.boolean(au, "automatic", "claims");
    e.material_only_dead_position = r.choice(au, "automatic", "dead_position", DEAD_MODES);
    // A rule that can fire needs a label to print.
    if (e.fivefold != FivefoldMode::None && art.fivefold.empty())
        r.fail("articles.fivefold", "must not be empty when automatic.fivefold is not \"none\"");
    if (e.seventy_five_moves && art.seventy_five.empty())
        r.fail("articles.seventy_five", "must not be empty when automatic.seventy_five_moves is true");

    const toml::table& p = r.table("penalty");
    r.only(p, "penalty",
           {"opponent_bonus_seconds", "opponent_bonus_seconds_rapid", "opponent_bonus_seconds_blitz",
            "claimant_loses_half", "claimant_max_deduction_seconds"});
    e.penalty.opponent_bonus_seconds = r.integer(p, "penalty", "opponent_bonus_seconds", 0, MAX_SECONDS);
    e.penalty.opponent_bonus_seconds_rapid =
        r.integer(p, "penalty", "opponent_bonus_seconds_rapid", 0, MAX_SECONDS);
    e.penalty.opponent_bonus_seconds_blitz =
        r.integer(p, "penalty", "opponent_bonus_seconds_blitz", 0, MAX_SECONDS);
    e.penalty.claimant_loses_half = r.boolean(p, "penalty", "claimant_loses_half");
    e.penalty.claimant_max_deduction_seconds =
        r.integer(p, "penalty", "claimant_max_deduction_seconds", 0, MAX_SECONDS);

    const toml::table& d = r.table("draw_offer");
    r.only(d, "draw_offer", {"claim_is_offer", "agreement", "min_move"});
    e.claim_is_draw_offer = r.boolean(d, "draw_offer", "claim_is_offer");
    e.agreement.mode = r.choice(d, "draw_offer", "agreement", AGREEMENT_MODES);
    e.agreement.min_move = r.integer(d, "draw_offer", "min_move", 0, 10000);
    if (e.agreement.mode == DrawAgreement::Mode::NotBeforeMove && e.agreement.min_move < 1)
        r.fail("draw_offer.min_move", "must be at least 1 when draw_offer.agreement is \"not-before-move\"");
    return e;
}

std::vector<std::string> Edition::builtin_names() {
    std::vector<std::string> names;
    for (const BuiltinEdition& b : builtin_editions()) names.emplace_back(b.name);
    return names;
}

Edition Edition::builtin(std::string_view name) {
    for (const BuiltinEdition& b : builtin_editions())
        if (b.name == name) return parse(b.toml, fmt::format("{}.toml", b.name));
    std::string names;
    for (const BuiltinEdition& b : builtin_editions())
        names += fmt::format("{}{}", names.empty() ? "" : ", ", b.name);
    throw EditionError(fmt::format("unknown rules '{}' (known: {})", name, names));
}

}  // namespace drawproxy::rules
