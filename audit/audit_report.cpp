#include "audit/audit_report.h"

#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace drawproxy::audit {

namespace {

// Names and comments come from any file: replace invalid UTF-8 rather than throw.
std::string dump(const nlohmann::ordered_json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string_view result_or_star(std::string_view r) { return r.empty() ? "*" : r; }

}  // namespace

std::string audit_json(const GameAudit& a, std::string_view file) {
    nlohmann::ordered_json j;
    if (!file.empty()) j["file"] = file;
    j["game"] = a.game;
    j["white"] = a.white;
    j["black"] = a.black;
    j["recorded"] = result_or_star(a.recorded);
    j["plies"] = a.plies;
    if (a.automatic_end) {
        nlohmann::ordered_json e;
        e["ply"] = a.automatic_end->ply;
        e["score"] = rules::score_text(a.automatic_end->score);
        e["reason"] = rules::reason_name(a.automatic_end->reason);
        e["article"] = a.automatic_end->article;
        j["automatic_end"] = std::move(e);
    } else {
        j["automatic_end"] = nullptr;
    }
    if (a.first_claim) {
        nlohmann::ordered_json c;
        c["ply"] = a.first_claim->ply;
        c["reason"] = rules::reason_name(a.first_claim->reason);
        c["article"] = a.first_claim->article;
        j["first_claim"] = std::move(c);
    } else {
        j["first_claim"] = nullptr;
    }
    j["verdict"] = a.agrees ? "agrees" : "differs";
    j["why"] = a.why;
    j["recorded_end"] = recorded_end_name(a.recorded_end);
    if (!a.recorded_rule.empty()) j["recorded_rule"] = a.recorded_rule;
    return dump(j);
}

std::string broken_json(const rules::PgnGame& game, std::string_view file) {
    nlohmann::ordered_json j;
    if (!file.empty()) j["file"] = file;
    j["game"] = game.number;
    j["white"] = game.tag("White");
    j["black"] = game.tag("Black");
    j["recorded"] = result_or_star(game.result.empty() ? game.tag("Result") : std::string_view(game.result));
    j["plies"] = game.ply_count();
    j["error"] = game.error ? game.error->message : std::string();
    j["error_ply"] = game.error ? game.error->ply : 0;
    nlohmann::ordered_json tags = nlohmann::ordered_json::object();
    for (const rules::PgnTag& t : game.tags) tags[t.name] = t.value;
    j["tags"] = std::move(tags);
    return dump(j);
}

namespace {

constexpr std::size_t MAX_NAME = 48;  // code points of a name shown in the table

// Width on a terminal, counted in UTF-8 code points (continuation bytes take no column).
std::size_t text_width(std::string_view s) {
    return std::size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string clip(std::string_view s, std::size_t n) {
    if (text_width(s) <= n) return std::string(s);
    std::size_t points = 0, i = 0;
    for (; i < s.size(); ++i)
        if ((s[i] & 0xC0) != 0x80 && ++points == n) break;  // i: where the n-th code point starts
    return std::string(s.substr(0, i)) + "~";
}

void pad(std::string& line, std::string_view cell, std::size_t width, bool right) {
    const std::size_t fill = width > text_width(cell) ? width - text_width(cell) : 0;
    if (right) line.append(fill, ' ');
    line += cell;
    if (!right) line.append(fill, ' ');
}

constexpr std::array<std::string_view, 8> HEADER = {"game",  "white",         "black",       "result",
                                                    "plies", "automatic end", "first claim", "verdict"};
constexpr std::array<bool, 8> RIGHT = {true, false, false, false, true, false, false, false};

}  // namespace

AuditTable::AuditTable(std::FILE* out, std::string file, std::string edition)
    : out_(out), file_(std::move(file)), edition_(std::move(edition)) {
    for (std::size_t c = 0; c < COLUMNS; ++c) widths_[c] = HEADER[c].size();
    rows_.reserve(64);
}

void AuditTable::add(const GameAudit& a) {
    std::string end = "-", claim = "-";
    if (a.automatic_end) {
        const auto& e = *a.automatic_end;
        end = fmt::format("{} {} {} {}", e.ply, rules::reason_name(e.reason), e.article,
                          rules::score_text(e.score));
        ++automatic_[fmt::format("{} {}", rules::reason_name(e.reason), e.article)];
    }
    if (a.first_claim) {
        claim = fmt::format("{} {} {}", a.first_claim->ply, rules::reason_name(a.first_claim->reason),
                            a.first_claim->article);
        ++claims_[fmt::format("{} {}", rules::reason_name(a.first_claim->reason), a.first_claim->article)];
    }
    ++recorded_[std::string(recorded_end_name(a.recorded_end))];
    (a.agrees ? agrees_ : differs_)++;
    rows_.push_back(Row{std::to_string(a.game), clip(a.white, MAX_NAME), clip(a.black, MAX_NAME),
                        std::string(result_or_star(a.recorded)), std::to_string(a.plies), std::move(end),
                        std::move(claim), fmt::format("{}: {}", a.agrees ? "agrees" : "DIFFERS", a.why)});
    if (rows_.size() >= BLOCK) print_rows();
}

void AuditTable::add_broken(const rules::PgnGame& game) {
    ++broken_;
    const std::string_view result = game.result.empty() ? game.tag("Result") : std::string_view(game.result);
    rows_.push_back(Row{std::to_string(game.number), clip(game.tag("White"), MAX_NAME),
                        clip(game.tag("Black"), MAX_NAME), std::string(result_or_star(result)),
                        std::to_string(game.ply_count()), "-", "-",
                        fmt::format("BROKEN at ply {}: {}", game.error ? game.error->ply : 0,
                                    game.error ? game.error->message : std::string())});
    if (rows_.size() >= BLOCK) print_rows();
}

void AuditTable::print_rows() {
    std::array<std::size_t, COLUMNS> w = widths_;
    for (const Row& r : rows_)
        for (std::size_t c = 0; c + 1 < COLUMNS; ++c) w[c] = std::max(w[c], text_width(r[c]));
    std::string line;
    auto print = [&](auto cell_of) {
        line.clear();
        for (std::size_t c = 0; c < COLUMNS; ++c) {
            if (c > 0) line += c == 1 || c == 5 ? "  " : " ";
            if (c + 1 < COLUMNS)
                pad(line, cell_of(c), w[c], RIGHT[c]);
            else
                line += cell_of(c);
        }
        line += '\n';
        std::fwrite(line.data(), 1, line.size(), out_);
    };
    if (!header_printed_) fmt::print(out_, "{} (rules {})\n", file_, edition_);
    if (!header_printed_ || w != widths_) print([](std::size_t c) { return HEADER[c]; });
    header_printed_ = true;
    widths_ = w;
    for (const Row& r : rows_) print([&r](std::size_t c) { return std::string_view(r[c]); });
    rows_.clear();
}

void AuditTable::finish() {
    print_rows();
    fmt::print(out_, "total: {} games: {} agree, {} differ, {} broken\n", games(), agrees_, differs_,
               broken_);
    auto print_counts = [this](const char* title, const std::map<std::string, int>& counts) {
        if (counts.empty()) return;
        fmt::print(out_, "  {}:", title);
        for (const auto& [name, n] : counts) fmt::print(out_, " {} {};", name, n);
        fmt::print(out_, "\n");
    };
    print_counts("automatic ends", automatic_);
    print_counts("first claims", claims_);
    print_counts("recorded as", recorded_);
}

}  // namespace drawproxy::audit
