// drawproxy merge [--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=M]] [--pgn OUT.pgn]
//                 [--jsonout OUT.json] PART.json...
// Combines the -jsonout summaries of the parts of a sharded match (-shard K/N) into the
// summary one run would have written, and their PGN files into one in game order.
// Exit status: 0 (or, with an SPRT, 0 continue), 3 H0 accepted, 4 H1 accepted, 2 bad input.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>

#include "app/commands.h"
#include "app/match_options.h"
#include "merge/parts.h"
#include "merge/pgn_merge.h"

namespace drawproxy {

namespace {

// A part's PGN file: as written in its summary, or beside the summary.
std::string find_pgn(const std::string& json_path, const std::string& pgn) {
    namespace fs = std::filesystem;
    if (fs::exists(pgn)) return pgn;
    const fs::path beside = fs::path(json_path).parent_path() / fs::path(pgn).filename();
    return fs::exists(beside) ? beside.string() : pgn;
}

// `pgn_texts`: each part's "pgn" entry as JSON text (its PGN file and the games it wrote, in order).
int merge_pgn(const std::vector<std::string>& files, const std::vector<std::string_view>& pgn_texts,
              const std::string& out_path) {
    std::vector<merge::PgnPart> parts;
    for (std::size_t i = 0; i < pgn_texts.size(); ++i) {
        const nlohmann::json info = nlohmann::json::parse(pgn_texts[i], nullptr, false);
        if (!info.is_object())
            return usage_error(
                fmt::format("merge: {} names no PGN file (the part ran without -pgnout)", files[i]));
        try {
            parts.push_back({find_pgn(files[i], info.value("file", "")),
                             info.value("order", std::vector<std::int64_t>{})});
        } catch (const std::exception&) {
            return usage_error(fmt::format("merge: {} has a \"pgn\" entry of another form", files[i]));
        }
    }
    try {
        merge::merge_pgn_files(parts, out_path);
    } catch (const std::exception& e) {
        return usage_error(std::string("merge: ") + e.what());
    }
    return 0;
}

}  // namespace

int run_merge(const Args& args) {
    // --sprt's key=value words are taken out first: CLI11 cannot tell them from file names.
    Args rest;
    std::optional<stats::SprtParams> sprt;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--sprt") {
            rest.push_back(args[i]);
            continue;
        }
        std::vector<std::string> words;
        while (i + 1 < args.size() && args[i + 1].find('=') != std::string::npos && args[i + 1][0] != '-')
            words.push_back(args[++i]);
        try {
            sprt = app::parse_sprt_words(words, "--sprt");
        } catch (const game::OptionError& e) {
            return usage_error(std::string("merge: ") + e.what());
        }
    }
    CLI::App app{"Combines the -jsonout summaries (and PGN files) of the parts of a sharded match.",
                 "drawproxy merge"};
    std::string pgn_out, json_out;
    std::vector<std::string> files;
    app.add_option("--pgn", pgn_out, "write the parts' games to this PGN file, in game order");
    app.add_option("--jsonout", json_out, "write the merged summary to this JSON file");
    app.add_option("PART", files, "the parts' -jsonout files")->required();
    if (int status = parse_command_line(
            app, rest, "merge",
            "\n--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]:\n"
            "  the test to decide on the merged counts (default: the parts' own -sprt).\n"
            "Exit status: 0 (SPRT: continue), 3 H0 accepted, 4 H1 accepted, 2 bad input.\n");
        status >= 0)
        return status;

    merge::MergedParts merged;
    try {
        merged = merge::merge_part_files(files, sprt);
    } catch (const std::exception& e) {
        return usage_error(std::string("merge: ") + e.what());
    }
    const merge::MergeResult& m = merged.result;
    const nlohmann::json& parts_info = m.summary["parts"];
    std::printf("Merged %zu of %d parts", parts_info["merged"].size(), parts_info["count"].get<int>());
    if (!m.missing.empty()) {
        std::string list;
        for (int k : m.missing) list += (list.empty() ? "" : ", ") + std::to_string(k);
        std::printf(" (partial: missing %s)", list.c_str());
    }
    std::printf(", %zu games\n", merged.games());
    stats::StatsSettings settings;
    settings.penta = m.summary["statistics"].value("penta", true);
    settings.sprt = sprt;
    if (!sprt && m.summary["statistics"].contains("sprt")) {
        const auto& s = m.summary["statistics"]["sprt"];
        settings.sprt = stats::SprtParams{s["elo0"].get<double>(), s["elo1"].get<double>(),
                                          s["alpha"].get<double>(), s["beta"].get<double>(),
                                          *output::parse_sprt_model(s["model"].get<std::string>())};
    }
    for (const nlohmann::json& p : m.summary["pairs"]) {
        const stats::HeadToHead h = merge::head_to_head_from_json(p);
        const stats::EloStats e = stats::elo_stats(h.games);
        std::printf("Score of %s vs %s: %lld - %lld - %lld [%.3f] %lld\n", h.first.c_str(), h.second.c_str(),
                    (long long)h.games.wins, (long long)h.games.losses, (long long)h.games.draws, e.score,
                    (long long)h.games.games());
        std::printf("%s\n", output::drawproxy_elo_line(e).c_str());
        std::fputs(output::drawproxy_stats_lines(h, settings).c_str(), stdout);
    }
    if (m.summary.contains("by_reason")) {
        std::printf("Results by reason:\n");
        for (auto it = m.summary["by_reason"].begin(); it != m.summary["by_reason"].end(); ++it)
            std::printf("  %-26s%6lld\n", it.key().c_str(), (long long)it.value().get<std::int64_t>());
    }

    if (!json_out.empty() && !merge::write_merged_json(json_out, merged))
        return usage_error(fmt::format("merge: cannot write {}", json_out));
    if (!pgn_out.empty())
        if (int status = merge_pgn(files, merged.pgn, pgn_out); status != 0) return status;
    switch (m.status) {
        case stats::SprtStatus::h0:
            return 3;
        case stats::SprtStatus::h1:
            return 4;
        default:
            return 0;
    }
}

}  // namespace drawproxy
