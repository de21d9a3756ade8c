#pragma once
// An audited game as a row of the HTML audit page (html/audit_view.h); a disagreement keeps
// its moves so the page can draw the board where the Laws ended it.
#include <string>

#include "audit/audit.h"
#include "html/audit_view.h"

namespace drawproxy::audit {

html::AuditRow audit_row(const rules::PgnGame& game, const GameAudit& a, const std::string& file);

}  // namespace drawproxy::audit
