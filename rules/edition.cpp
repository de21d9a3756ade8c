// Reading a rule edition from TOML. Every key is required and every unknown key is an error,
// so a typo in an event's edition file cannot silently fall back to some default.
#include "rules/edition.h"

#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <variant>

#include <toml++/toml.h>

#include "rules/builtin_editions.h"

namespace drawproxy::rules {

namespace {

// The members a key can fill: a string, a boolean, an integer within bounds, or one of named values.
struct IntegerIn {
    int* member;
    long lo, hi;
};
template <typename T>
struct OneOf {
    T* member;
    std::span<const std::pair<std::string_view, T>> options;
};
template <typename T, std::size_t N>
OneOf<T> one_of(T* member, const std::pair<std::string_view, T> (&options)[N]) {
    return {member, options};
}

// One key of a section and the member of the edition it fills.
struct Field {
    std::string_view key;
    std::variant<std::string*, bool*, IntegerIn, OneOf<FivefoldMode>, OneOf<bool>, OneOf<DrawAgreement::Mode>>
        target;
};

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

    template <typename T>
    T choice(const toml::table& t, std::string_view section, std::string_view key,
             std::span<const std::pair<std::string_view, T>> options) const {
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
        only(t, section,
             [&](std::string_view k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); });
    }

    // Reads table `section` of the root: refuses unknown keys, then reads every field in order.
    void section(std::string_view section, std::span<const Field> fields) const {
        const toml::table& t = table(section);
        only(t, section, [&](std::string_view k) {
            return std::any_of(fields.begin(), fields.end(), [&](const Field& f) { return f.key == k; });
        });
        for (const Field& f : fields)
            std::visit([&](auto target) { read(t, section, f.key, target); }, f.target);
    }

  private:
    template <typename Known>
    void only(const toml::table& t, std::string_view section, Known known) const {
        for (const auto& [k, v] : t)
            if (!known(k.str())) fail(full(section, k.str()), "unknown key");
    }

    void read(const toml::table& t, std::string_view section, std::string_view key, std::string* m) const {
        *m = string(t, section, key);
    }
    void read(const toml::table& t, std::string_view section, std::string_view key, bool* m) const {
        *m = boolean(t, section, key);
    }
    void read(const toml::table& t, std::string_view section, std::string_view key, IntegerIn m) const {
        *m.member = integer(t, section, key, m.lo, m.hi);
    }
    template <typename T>
    void read(const toml::table& t, std::string_view section, std::string_view key, OneOf<T> m) const {
        *m.member = choice(t, section, key, m.options);
    }

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

    Articles& art = e.articles;
    const Field articles[] = {
        {"threefold_intended", &art.threefold_intended},
        {"threefold_appeared", &art.threefold_appeared},
        {"fifty_intended", &art.fifty_intended},
        {"fifty_completed", &art.fifty_completed},
        {"fivefold", &art.fivefold},
        {"seventy_five", &art.seventy_five},
        {"dead_position", &art.dead_position},
        {"stalemate", &art.stalemate},
        {"checkmate", &art.checkmate},
        {"incorrect_claim", &art.incorrect_claim},
        {"flag_fall", &art.flag_fall},
        {"agreement", &art.agreement},
    };
    r.section("articles", articles);

    const Field automatic[] = {
        {"fivefold", one_of(&e.fivefold, FIVEFOLD_MODES)},
        {"seventy_five_moves", &e.seventy_five_moves},
        {"claims", &e.automatic_claims},
        {"dead_position", one_of(&e.material_only_dead_position, DEAD_MODES)},
    };
    r.section("automatic", automatic);
    // A rule that can fire needs a label to print.
    if (e.fivefold != FivefoldMode::None && art.fivefold.empty())
        r.fail("articles.fivefold", "must not be empty when automatic.fivefold is not \"none\"");
    if (e.seventy_five_moves && art.seventy_five.empty())
        r.fail("articles.seventy_five", "must not be empty when automatic.seventy_five_moves is true");

    ClaimPenalty& pen = e.penalty;
    const Field penalty[] = {
        {"opponent_bonus_seconds", IntegerIn{&pen.opponent_bonus_seconds, 0, MAX_SECONDS}},
        {"opponent_bonus_seconds_rapid", IntegerIn{&pen.opponent_bonus_seconds_rapid, 0, MAX_SECONDS}},
        {"opponent_bonus_seconds_blitz", IntegerIn{&pen.opponent_bonus_seconds_blitz, 0, MAX_SECONDS}},
        {"claimant_loses_half", &pen.claimant_loses_half},
        {"claimant_max_deduction_seconds", IntegerIn{&pen.claimant_max_deduction_seconds, 0, MAX_SECONDS}},
    };
    r.section("penalty", penalty);

    const Field draw_offer[] = {
        {"claim_is_offer", &e.claim_is_draw_offer},
        {"agreement", one_of(&e.agreement.mode, AGREEMENT_MODES)},
        {"min_move", IntegerIn{&e.agreement.min_move, 0, 10000}},
    };
    r.section("draw_offer", draw_offer);
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
