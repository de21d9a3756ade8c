// drawproxy audit [--rules NAME|FILE] [--json] [--rewrite OUT.pgn] [--html OUT.html] FILE.pgn...
// Reads each file in chunks (memory stays flat whatever its size) and re-judges every game.
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "app/commands.h"
#include "app/edition_loader.h"
#include "audit/audit.h"
#include "audit/audit_html.h"
#include "audit/audit_report.h"
#include "audit/audit_rewrite.h"
#include "html/audit_page.h"
#include "match/html_report.h"

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

    int status = 0;
    std::vector<char> chunk(CHUNK);
    std::string pgn_text;
    rules::Game scratch;
    for (const std::string& path : files) {
        File in(std::fopen(path.c_str(), "rb"));
        if (!in) {
            status = usage_error(fmt::format("audit: cannot read {}: {}", path, std::strerror(errno)));
            continue;
        }
        std::optional<audit::AuditTable> table;
        if (!json) table.emplace(stdout, path, edition.name);
        rules::PgnReader reader;
        auto drain = [&] {
            while (const rules::PgnGame* g = reader.next()) {
                if (!g->ok()) {
                    status = 2;
                    fmt::print(stderr, "drawproxy: audit: {}: game {}, ply {}: {}\n", path, g->number,
                               g->error->ply, g->error->message);
                    if (table) table->add_broken(g->number, g->error->ply, g->error->message);
                    if (!html_path.empty())
                        page.broken.push_back({path, g->number, g->error->ply, g->error->message});
                    continue;
                }
                audit::GameAudit a = audit::audit_game(*g, edition, scratch);
                if (!html_path.empty()) page.rows.push_back(audit::audit_row(*g, a, path));
                if (table)
                    table->add(a);
                else
                    fmt::print("{}\n", audit::audit_json(a));
                if (out_pgn) {
                    pgn_text.clear();
                    audit::append_corrected_pgn(*g, a, pgn_text);
                    std::fwrite(pgn_text.data(), 1, pgn_text.size(), out_pgn.get());
                }
            }
        };
        while (std::size_t n = std::fread(chunk.data(), 1, chunk.size(), in.get())) {
            reader.feed(std::string_view(chunk.data(), n));
            drain();
        }
        if (std::ferror(in.get())) status = usage_error(fmt::format("audit: error reading {}", path));
        reader.finish();
        drain();
        if (table) table->finish();
    }
    if (out_pgn && std::fflush(out_pgn.get()) != 0)
        status = usage_error(fmt::format("audit: cannot write {}: {}", rewrite, std::strerror(errno)));
    if (!html_path.empty()) {
        std::string text, error;
        html::append_audit_page(text, page);
        if (!match::write_file_atomically(html_path, text, error)) status = usage_error("audit: " + error);
    }
    return status;
}

}  // namespace drawproxy
