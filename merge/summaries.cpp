#include "merge/summaries.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "output/status_lines.h"

namespace drawproxy::merge {

using namespace stats;
using output::parse_sprt_model;
using output::put_statistics;

namespace {

Trinomial trinomial_from(const nlohmann::json& j) {
    return Trinomial{j.at("wins").get<std::int64_t>(), j.at("losses").get<std::int64_t>(),
                     j.at("draws").get<std::int64_t>()};
}

void add_counts(nlohmann::json& into, const nlohmann::json& from) {
    if (!from.is_object()) return;
    for (auto it = from.begin(); it != from.end(); ++it) {
        if (!it.value().is_number_integer()) continue;
        const std::int64_t before = into.contains(it.key()) ? into[it.key()].get<std::int64_t>() : 0;
        into[it.key()] = before + it.value().get<std::int64_t>();
    }
}

}  // namespace

HeadToHead head_to_head_from_json(const nlohmann::json& p) {
    HeadToHead h;
    h.first = p.at("a").get<std::string>();
    h.second = p.at("b").get<std::string>();
    h.games = trinomial_from(p);
    h.first_white = trinomial_from(p.at("first_white"));
    h.first_black = trinomial_from(p.at("first_black"));
    const auto cells = p.at("pentanomial").get<std::vector<std::int64_t>>();
    if (cells.size() != 5) throw std::runtime_error("a pentanomial needs five counts");
    const std::int64_t wl = p.at("wl").get<std::int64_t>(), dd = p.at("dd").get<std::int64_t>();
    if (wl + dd != cells[2]) throw std::runtime_error("the pentanomial's WL and DD do not add up");
    h.pairs = Pentanomial{cells[0], cells[1], wl, dd, cells[3], cells[4]};
    return h;
}

MergeResult merge_summaries(std::vector<nlohmann::json> parts, const std::optional<SprtParams>& sprt) {
    if (parts.empty()) throw std::runtime_error("no parts to merge");
    std::vector<nlohmann::json*> by_index;
    std::string id;
    int count = 0;
    for (nlohmann::json& part : parts) {
        if (!part.is_object() || !part.contains("shard") || !part["shard"].is_object() ||
            !part.contains("match_id"))
            throw std::runtime_error("not the summary of a match part (-shard K/N with -jsonout)");
        const std::string part_id = part["match_id"].get<std::string>();
        const int n = part["shard"].at("count").get<int>();
        if (id.empty()) id = part_id, count = n;
        if (part_id != id || n != count)
            throw std::runtime_error(
                fmt::format("parts of different matches (match id {} and {})", id, part_id));
        by_index.push_back(&part);
    }
    std::sort(by_index.begin(), by_index.end(), [](const nlohmann::json* a, const nlohmann::json* b) {
        return (*a)["shard"]["index"].get<int>() < (*b)["shard"]["index"].get<int>();
    });
    MergeResult r;
    std::vector<int> merged;
    for (const nlohmann::json* p : by_index) {
        const int k = (*p)["shard"]["index"].get<int>();
        if (!merged.empty() && merged.back() == k)
            throw std::runtime_error(fmt::format("part {}/{} given twice", k, count));
        merged.push_back(k);
    }
    for (int k = 1, i = 0; k <= count; ++k) {
        if (i < int(merged.size()) && merged[std::size_t(i)] == k)
            ++i;
        else
            r.missing.push_back(k);
    }

    nlohmann::json out = nlohmann::json::object();
    for (auto it = by_index.front()->begin(); it != by_index.front()->end(); ++it)
        // A part's own PGN order is not the merge's: merge --pgn writes the games by number.
        if (it.key() != "games" && it.key() != "shard" && it.key() != "finish_order" && it.key() != "pgn" &&
            it.key() != "interrupted")
            out[it.key()] = it.value();
    std::vector<std::pair<int, nlohmann::json*>> numbered;  // sorted by game number, then moved
    nlohmann::json by_reason = nlohmann::json::object(), by_event_rule = nlohmann::json::object(),
                   claims = nlohmann::json::object();
    std::map<std::pair<std::string, std::string>, HeadToHead> encounters;
    std::vector<std::pair<std::string, std::string>> order;  // the first part's order, then new ones
    for (nlohmann::json* p : by_index) {
        if (p->contains("games") && (*p)["games"].is_array())
            for (nlohmann::json& g : (*p)["games"]) numbered.emplace_back(g.value("game", 0), &g);
        add_counts(by_reason, p->value("by_reason", nlohmann::json::object()));
        add_counts(by_event_rule, p->value("by_event_rule", nlohmann::json::object()));
        if (p->contains("interrupted")) out["interrupted"] = (*p)["interrupted"];  // a part was stopped
        add_counts(claims, p->value("incorrect_claims", nlohmann::json::object()));
        for (const nlohmann::json& e : p->value("pairs", nlohmann::json::array())) {
            const HeadToHead h = head_to_head_from_json(e);
            auto [it, fresh] = encounters.try_emplace({h.first, h.second}, h);
            if (fresh) {
                order.emplace_back(h.first, h.second);
                continue;
            }
            HeadToHead& sum = it->second;
            sum.games += h.games;
            sum.pairs += h.pairs;
            sum.first_white += h.first_white;
            sum.first_black += h.first_black;
        }
    }
    std::stable_sort(numbered.begin(), numbered.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    nlohmann::json games = nlohmann::json::array();
    games.get_ref<nlohmann::json::array_t&>().reserve(numbered.size());
    for (auto& [number, g] : numbered) games.push_back(std::move(*g));
    out["games"] = std::move(games);
    out["by_reason"] = std::move(by_reason);
    out["by_event_rule"] = std::move(by_event_rule);
    out["incorrect_claims"] = std::move(claims);

    StatsSettings settings;
    const nlohmann::json st = out.value("statistics", nlohmann::json::object());
    settings.penta = st.value("penta", true);
    if (st.contains("sprt")) {
        const nlohmann::json& s = st["sprt"];
        settings.sprt =
            SprtParams{s.at("elo0").get<double>(), s.at("elo1").get<double>(), s.at("alpha").get<double>(),
                       s.at("beta").get<double>(),
                       parse_sprt_model(s.at("model").get<std::string>()).value_or(SprtModel::normalized)};
    }
    if (sprt) settings.sprt = sprt;
    // Encounters in the runner's order (by the engines' order in the summary), whatever the
    // parts' order.
    const std::vector<std::string> names = out.value("engines", std::vector<std::string>{});
    const auto rank = [&](const std::string& name) {
        return std::find(names.begin(), names.end(), name) - names.begin();
    };
    std::sort(order.begin(), order.end(), [&](const auto& x, const auto& y) {
        return std::make_pair(rank(x.first), rank(x.second)) < std::make_pair(rank(y.first), rank(y.second));
    });
    std::vector<HeadToHead> list;
    for (const auto& key : order) list.push_back(encounters.at(key));
    put_statistics(out, list, settings);
    if (settings.sprt && !list.empty()) r.status = current_status(list.front(), settings);
    out["parts"] = {{"count", count}, {"merged", merged}, {"missing", r.missing}};
    out["partial"] = !r.missing.empty();
    r.summary = std::move(out);
    return r;
}

}  // namespace drawproxy::merge
