#include "check/card.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace drawproxy::check {
namespace {

std::string move_text(const Answer& a) {
    if (a.exited) return "(exited)";
    if (!a.answered) return "(hung)";
    return a.bestmove + (a.needed_stop ? " (stop)" : "");
}

}  // namespace

std::string card_text(const Card& card) {
    std::string out = fmt::format("drawproxy check: {} ({}{})\n", card.engine, card.limit.text(),
                                  card.chess960 ? ", UCI_Chess960" : "");
    out += fmt::format("{:<23} {:<4}  {:<12} {:<10} {}\n", "probe", "", "move", "score", "expected");
    for (const ProbeResult& r : card.results) {
        const bool ran =
            r.answer.answered || r.answer.exited || r.judgement.outcome != Outcome::NotApplicable;
        out += fmt::format("{:<23} {:<4}  {:<12} {:<10} {}", r.probe->name, outcome_text(r.judgement.outcome),
                           ran ? move_text(r.answer) : "-", ran ? score_text(r.answer.score) : "-",
                           expectation_text(*r.probe));
        if (r.judgement.outcome == Outcome::Fail) out += "  <- " + r.judgement.reason;
        if (r.judgement.outcome == Outcome::NotApplicable) out += "  (" + r.judgement.reason + ")";
        for (const std::string& c : r.answer.claims) out += "\n" + std::string(25, ' ') + c;
        out += '\n';
    }
    out += fmt::format("{} probes: {} pass, {} FAIL, {} n/a in {:.1f} s\n", card.results.size(),
                       card.count(Outcome::Pass), card.count(Outcome::Fail),
                       card.count(Outcome::NotApplicable), card.seconds);
    return out;
}

std::string card_json(const Card& card) {
    nlohmann::json probes = nlohmann::json::array();
    for (const ProbeResult& r : card.results) {
        const Answer& a = r.answer;
        nlohmann::json score = nullptr;
        if (a.score.kind != uci::Score::None)
            score = {{a.score.kind == uci::Score::Mate ? "mate" : "cp", a.score.value}};
        probes.push_back({{"name", r.probe->name},
                          {"result", outcome_text(r.judgement.outcome)},
                          {"reason", r.judgement.reason},
                          {"position", r.probe->position},
                          {"expected", expectation_text(*r.probe)},
                          {"bestmove", a.answered ? nlohmann::json(a.bestmove) : nlohmann::json(nullptr)},
                          {"score", score},
                          {"claims", a.claims},
                          {"exited", a.exited},
                          {"stopped", a.needed_stop},
                          {"seconds", a.seconds}});
    }
    nlohmann::json j = {{"engine", card.engine},
                        {"limit", card.limit.text()},
                        {"chess960", card.chess960},
                        {"claims", card.claiming_engine},
                        {"pass", card.count(Outcome::Pass)},
                        {"fail", card.count(Outcome::Fail)},
                        {"na", card.count(Outcome::NotApplicable)},
                        {"seconds", card.seconds},
                        {"probes", probes}};
    return j.dump();
}

}  // namespace drawproxy::check
