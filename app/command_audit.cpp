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

// One audit over its files: what every file's games go to (the table or JSON lines, the rewrite,
// the HTML page) and the totals.
class AuditRun {
  public:
    AuditRun(rules::Edition edition, std::vector<std::string> files, File rewrite, std::string rewrite_path,
             bool json, bool html)
        : edition_(std::move(edition)),
          rewrite_(std::move(rewrite)),
          rewrite_path_(std::move(rewrite_path)),
          json_(json),
          html_(html),
          several_(files.size() > 1) {
        page_.title = "Audit under " + edition_.name;
        page_.rules = edition_.name;
        page_.files = std::move(files);
    }

    void audit_file(const std::string& path);
    int finish(const std::string& html_path);

  private:
    void cannot_read(const std::string& path, int error) {
        status_ = usage_error(fmt::format("audit: cannot read {}: {}", path, std::strerror(error)));
    }
    void broken_game(const rules::PgnGame& g, const std::string& path);
    void judged_game(const rules::PgnGame& g, const std::string& path);

    rules::Edition edition_;
    File rewrite_;
    std::string rewrite_path_;
    bool json_, html_;
    // Several files: each JSON line says which file its game is from (the table has a heading
    // per file) and the table ends with the totals of all files.
    bool several_;
    html::AuditView page_;
    std::optional<audit::AuditTable> table_;  // the current file's, without --json
    int status_ = 0;
    int tables_ = 0, games_ = 0, agree_ = 0, differ_ = 0, broken_ = 0;
    std::vector<char> chunk_ = std::vector<char>(CHUNK);
    std::string pgn_text_;
    rules::Game scratch_;
};

void AuditRun::broken_game(const rules::PgnGame& g, const std::string& path) {
    status_ = 2;
    fmt::print(stderr, "drawproxy: audit: {}: game {}, ply {}: {}\n", path, g.number, g.error->ply,
               g.error->message);
    if (table_)
        table_->add_broken(g);
    else
        fmt::print("{}\n", audit::broken_json(g, several_ ? std::string_view(path) : std::string_view()));
    if (html_) page_.broken.push_back({path, g.number, g.error->ply, g.error->message});
    if (!rewrite_) return;
    // A broken game goes into the rewrite as it was: the user may mend it by hand.
    if (!g.text.empty()) {
        std::fwrite(g.text.data(), 1, g.text.size(), rewrite_.get());
        std::fputs("\n\n", rewrite_.get());
    } else {
        fmt::print(stderr, "drawproxy: audit: {}: game {} is longer than {} bytes: not copied to {}\n", path,
                   g.number, rules::PgnReader::MAX_KEPT_TEXT, rewrite_path_);
    }
}

void AuditRun::judged_game(const rules::PgnGame& g, const std::string& path) {
    audit::GameAudit a = audit::audit_game(g, edition_, scratch_);
    if (html_) page_.rows.push_back(audit::audit_row(g, a, path));
    if (table_)
        table_->add(a);
    else
        fmt::print("{}\n", audit::audit_json(a, several_ ? std::string_view(path) : std::string_view()));
    if (rewrite_) {
        pgn_text_.clear();
        audit::append_corrected_pgn(g, a, pgn_text_);
        std::fwrite(pgn_text_.data(), 1, pgn_text_.size(), rewrite_.get());
    }
}

void AuditRun::audit_file(const std::string& path) {
    File in(std::fopen(path.c_str(), "rb"));
    if (!in) return cannot_read(path, errno);
    // fopen opens a directory for reading; only the first read would fail.
    struct stat st {};
    if (fstat(fileno(in.get()), &st) == 0 && S_ISDIR(st.st_mode)) return cannot_read(path, EISDIR);
    table_.reset();
    if (!json_) table_.emplace(stdout, path, edition_.name);
    rules::PgnReader reader;
    reader.keep_broken_text(bool(rewrite_));
    auto drain = [&] {
        while (const rules::PgnGame* g = reader.next()) {
            if (g->ok())
                judged_game(*g, path);
            else
                broken_game(*g, path);
        }
    };
    bool read_error = false;
    while (true) {
        const std::size_t n = std::fread(chunk_.data(), 1, chunk_.size(), in.get());
        if (n == 0) {
            if (std::ferror(in.get())) {
                read_error = true;
                cannot_read(path, errno);
            }
            break;
        }
        reader.feed(std::string_view(chunk_.data(), n));
        drain();
    }
    reader.finish();
    drain();
    if (reader.games_started() == 0) {
        if (!read_error) fmt::print(stderr, "drawproxy: audit: {}: no games\n", path);
        return;
    }
    if (!table_) return;
    table_->finish();
    ++tables_;
    games_ += table_->games();
    agree_ += table_->agrees();
    differ_ += table_->differs();
    broken_ += table_->broken();
}

int AuditRun::finish(const std::string& html_path) {
    if (tables_ > 1)
        fmt::print("all {} files: {} games: {} agree, {} differ, {} broken\n", tables_, games_, agree_,
                   differ_, broken_);
    if (rewrite_ && std::fflush(rewrite_.get()) != 0)
        status_ = usage_error(fmt::format("audit: cannot write {}: {}", rewrite_path_, std::strerror(errno)));
    if (html_) {
        std::string text, error;
        html::append_audit_page(text, page_);
        if (!output::write_file_atomically(html_path, text, error)) status_ = usage_error("audit: " + error);
    }
    return status_;
}

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
    AuditRun run(std::move(edition), files, std::move(out_pgn), rewrite, json, !html_path.empty());
    for (const std::string& path : files) run.audit_file(path);
    return run.finish(html_path);
}

}  // namespace drawproxy
