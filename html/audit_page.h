#pragma once
// The audit page: totals, the verdicts table with the disagreements first, and for each
// disagreement the board where the Laws ended the game (or where the claim was open), the
// recorded result against the lawful one, and the plies played after the end.
#include <string>

#include "html/audit_view.h"

namespace drawproxy::html {

void append_audit_page(std::string& out, const AuditView& a);

}  // namespace drawproxy::html
