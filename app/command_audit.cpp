// drawproxy audit [--rules NAME|FILE] [--json] [--rewrite OUT.pgn] [--html OUT.html] FILE.pgn...
// Reads each file in chunks (memory stays flat whatever its size) and re-judges every game.
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include <sys/stat.h>

#include "app/commands.h"
#include "app/edition_loader.h"
#include "audit/audit.h"
#include "audit/audit_html.h"
#include "audit/audit_report.h"
#include "audit/audit_rewrite.h"
#include "html/audit_page.h"
#include "output/html_page.h"

namespace drawproxy {

namespace {

constexpr std::size_t CHUNK = 1 << 16;

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

}  // namespace

int run_audit(const Args& args) {
    CLI::App app{"Re-judges the games of PGN files under the FIDE Laws.", "drawproxy audit"};
    std::string rules_name(rules::Edition::DEFAULT_NAME), rewrite, html_path;
    bool json = false;
    std::vector<std::string> files;
    app.add_option("--rules", rules_name, "rule edition: a shipped name or a TOML file");
    app.add_flag("--json", json, "one JSON object per game instead of the table");
    app.add_option("--rewrite", rewrite, "write the games with the results the Laws give to this PGN file");
    app.add_option("--html", html_path,
                   "write the audit as one HTML page (verdicts, boards of the disagreements)");
    app.add_option("FILE", files, "PGN files")->required();
    if (int status = parse_command_line(app, args, "audit"); status >= 0) return status;

    rules::Edition edition;
    try {
        edition = app::load_edition(rules_name);
    } catch (const rules::EditionError& e) {
        return usage_error(std::string("audit: ") + e.what());
    }
    File out_pgn;
    if (!rewrite.empty()) {
        out_pgn.reset(std::fopen(rewrite.c_str(), "w"));
        if (!out_pgn)
            return usage_error(fmt::format("audit: cannot write {}: {}", rewrite, std::strerror(errno)));
    }

    html::AuditView page;
    page.title = "Audit under " + edition.name;
    page.rules = edition.name;
    page.files = files;

    // Several files: each JSON line says which file its game is from (the table has a heading
    // per file) and the table ends with the totals of all files.
    const bool several = files.size() > 1;
    int status = 0;
    int tables = 0, all_games = 0, all_agree = 0, all_differ = 0, all_broken = 0;
    std::vector<char> chunk(CHUNK);
    std::string pgn_text;
    rules::Game scratch;
    for (const std::string& path : files) {
        auto cannot_read = [&](int error) {
            status = usage_error(fmt::format("audit: cannot read {}: {}", path, std::strerror(error)));
        };
        File in(std::fopen(path.c_str(), "rb"));
        if (!in) {
            cannot_read(errno);
            continue;
        }
        // fopen opens a directory for reading; only the first read would fail.
        struct stat st {};
        if (fstat(fileno(in.get()), &st) == 0 && S_ISDIR(st.st_mode)) {
            cannot_read(EISDIR);
            continue;
        }
        const std::string_view file_field = several ? std::string_view(path) : std::string_view();
        std::optional<audit::AuditTable> table;
        if (!json) table.emplace(stdout, path, edition.name);
        rules::PgnReader reader;
        reader.keep_broken_text(bool(out_pgn));
        auto drain = [&] {
            while (const rules::PgnGame* g = reader.next()) {
                if (!g->ok()) {
                    status = 2;
                    fmt::print(stderr, "drawproxy: audit: {}: game {}, ply {}: {}\n", path, g->number,
                               g->error->ply, g->error->message);
                    if (table)
                        table->add_broken(*g);
                    else
                        fmt::print("{}\n", audit::broken_json(*g, file_field));
                    if (!html_path.empty())
                        page.broken.push_back({path, g->number, g->error->ply, g->error->message});
                    // A broken game goes into the rewrite as it was: the user may mend it by hand.
                    if (out_pgn && !g->text.empty()) {
                        std::fwrite(g->text.data(), 1, g->text.size(), out_pgn.get());
                        std::fputs("\n\n", out_pgn.get());
                    } else if (out_pgn) {
                        fmt::print(
                            stderr,
                            "drawproxy: audit: {}: game {} is longer than {} bytes: not copied to {}\n", path,
                            g->number, rules::PgnReader::MAX_KEPT_TEXT, rewrite);
                    }
                    continue;
                }
                audit::GameAudit a = audit::audit_game(*g, edition, scratch);
                if (!html_path.empty()) page.rows.push_back(audit::audit_row(*g, a, path));
                if (table)
                    table->add(a);
                else
                    fmt::print("{}\n", audit::audit_json(a, file_field));
                if (out_pgn) {
                    pgn_text.clear();
                    audit::append_corrected_pgn(*g, a, pgn_text);
                    std::fwrite(pgn_text.data(), 1, pgn_text.size(), out_pgn.get());
                }
            }
        };
        bool read_error = false;
        while (true) {
            const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), in.get());
            if (n == 0) {
                if (std::ferror(in.get())) {
                    read_error = true;
                    cannot_read(errno);
                }
                break;
            }
            reader.feed(std::string_view(chunk.data(), n));
            drain();
        }
        reader.finish();
        drain();
        if (reader.games_started() == 0) {
            if (!read_error) fmt::print(stderr, "drawproxy: audit: {}: no games\n", path);
            continue;
        }
        if (table) {
            table->finish();
            ++tables;
            all_games += table->games();
            all_agree += table->agrees();
            all_differ += table->differs();
            all_broken += table->broken();
        }
    }
    if (tables > 1)
        fmt::print("all {} files: {} games: {} agree, {} differ, {} broken\n", tables, all_games, all_agree,
                   all_differ, all_broken);
    if (out_pgn && std::fflush(out_pgn.get()) != 0)
        status = usage_error(fmt::format("audit: cannot write {}: {}", rewrite, std::strerror(errno)));
    if (!html_path.empty()) {
        std::string text, error;
        html::append_audit_page(text, page);
        if (!output::write_file_atomically(html_path, text, error)) status = usage_error("audit: " + error);
    }
    return status;
}

}  // namespace drawproxy
