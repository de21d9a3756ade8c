#pragma once
// Printing audits: a readable table per file with totals, or one JSON object per game.
#include <cstdio>
#include <map>
#include <string>

#include "audit/audit.h"

namespace drawproxy::audit {

// One line of JSON, in the field order issue 7 gives.
std::string audit_json(const GameAudit& a);

// The table for one file: a header, a row per game, the broken games and the totals.
class AuditTable {
  public:
    AuditTable(std::FILE* out, std::string file, std::string edition);
    void add(const GameAudit& a);
    void add_broken(int game, int ply, const std::string& why);
    // Totals by verdict and by reason.
    void finish();

    int games() const { return agrees_ + differs_ + broken_; }
    int differs() const { return differs_; }
    int broken() const { return broken_; }

  private:
    std::FILE* out_;
    std::string file_, edition_;
    int agrees_ = 0, differs_ = 0, broken_ = 0;
    std::map<std::string, int> automatic_;  // automatic endings by reason and article
    std::map<std::string, int> recorded_;   // the record's own reasons
    std::map<std::string, int> claims_;     // first open claims by reason and article
};

}  // namespace drawproxy::audit
