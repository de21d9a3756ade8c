#pragma once
// Printing audits: a readable table per file with totals, or one JSON object per game.
#include <array>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "audit/audit.h"
#include "rules/pgn.h"

namespace drawproxy::audit {

// One line of JSON, in the field order the README gives, then how the record says the game ended.
// `file` leads the line when given (several files were read).
std::string audit_json(const GameAudit& a, std::string_view file = {});
// The line for a broken game: what could be read of it (number, names, tags, plies) and the
// error, so that no game of the input is missing from the output.
std::string broken_json(const rules::PgnGame& game, std::string_view file = {});

// The table for one file: a header, a row per game (broken ones included), the totals. Column
// widths come from the cells, so rows are held until finish() or until a block of BLOCK rows is
// full (memory stays bounded); a later block with wider cells repeats the header.
class AuditTable {
  public:
    static constexpr std::size_t BLOCK = 4096;

    AuditTable(std::FILE* out, std::string file, std::string edition);
    void add(const GameAudit& a);
    void add_broken(const rules::PgnGame& game);
    // The remaining rows, then totals by verdict and by reason.
    void finish();

    int games() const { return agrees_ + differs_ + broken_; }
    int agrees() const { return agrees_; }
    int differs() const { return differs_; }
    int broken() const { return broken_; }

  private:
    static constexpr std::size_t COLUMNS = 8;  // the last (verdict and why) is not padded
    using Row = std::array<std::string, COLUMNS>;
    void print_rows();

    std::FILE* out_;
    std::string file_, edition_;
    std::vector<Row> rows_;
    std::array<std::size_t, COLUMNS> widths_{};
    bool header_printed_ = false;
    int agrees_ = 0, differs_ = 0, broken_ = 0;
    std::map<std::string, int> automatic_;  // automatic endings by reason and article
    std::map<std::string, int> recorded_;   // the record's own reasons
    std::map<std::string, int> claims_;     // first open claims by reason and article
};

}  // namespace drawproxy::audit
