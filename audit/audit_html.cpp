#include "audit/audit_html.h"

namespace drawproxy::audit {

html::AuditRow audit_row(const rules::PgnGame& game, const GameAudit& a, const std::string& file) {
    html::AuditRow r;
    r.file = file;
    r.game = a.game;
    r.white = a.white;
    r.black = a.black;
    r.recorded = a.recorded;
    if (a.recorded_end != RecordedEnd::Unstated)
        r.recorded_end = std::string(recorded_end_name(a.recorded_end));
    r.lawful = a.corrected.empty() ? a.recorded : a.corrected;
    r.result_rule = a.result_rule;
    if (a.automatic_end) {
        r.end_ply = a.automatic_end->ply;
        r.end_reason = std::string(rules::reason_name(a.automatic_end->reason));
        r.end = rules::termination_of(a.automatic_end->reason);
        r.end_article = a.automatic_end->article;
    }
    if (a.first_claim) {
        r.claim_ply = a.first_claim->ply;
        r.claim_reason = std::string(rules::reason_name(a.first_claim->reason));
        r.claim_article = a.first_claim->article;
    }
    r.plies = a.plies;
    r.agrees = a.agrees;
    r.why = a.why;
    if (!a.agrees) {
        r.start = game.start;
        r.moves = game.moves;
    }
    return r;
}

}  // namespace drawproxy::audit
