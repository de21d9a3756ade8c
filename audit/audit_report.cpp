#include "audit/audit_report.h"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

namespace drawproxy::audit {

std::string audit_json(const GameAudit& a) {
    nlohmann::ordered_json j;
    j["game"] = a.game;
    j["white"] = a.white;
    j["black"] = a.black;
    j["recorded"] = a.recorded.empty() ? "*" : a.recorded;
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
    // Names and comments come from any file: replace invalid UTF-8 rather than throw.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

AuditTable::AuditTable(std::FILE* out, std::string file, std::string edition)
    : out_(out), file_(std::move(file)), edition_(std::move(edition)) {
    fmt::print(out_, "{} (rules {})\n", file_, edition_);
    fmt::print(out_, "{:>5}  {:<16} {:<16} {:<8} {:>5}  {:<30} {:<26} {}\n", "game", "white", "black",
               "result", "plies", "automatic end", "first claim", "verdict");
}

namespace {

std::string clip(std::string_view s, std::size_t n) {
    return s.size() <= n ? std::string(s) : std::string(s.substr(0, n - 1)) + "~";
}

}  // namespace

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
    fmt::print(out_, "{:>5}  {:<16} {:<16} {:<8} {:>5}  {:<30} {:<26} {}: {}\n", a.game, clip(a.white, 16),
               clip(a.black, 16), a.recorded.empty() ? "*" : a.recorded, a.plies, end, claim,
               a.agrees ? "agrees" : "DIFFERS", a.why);
}

void AuditTable::add_broken(int game, int ply, const std::string& why) {
    ++broken_;
    fmt::print(out_, "{:>5}  broken at ply {}: {}\n", game, ply, why);
}

void AuditTable::finish() {
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
