#pragma once
// The match page: headline, score and Elo charts, results by reason, incorrect claims per
// engine, the crosstable (three or more engines), the sortable game table and the game
// sections. One self-contained HTML document.
#include <string>

#include "html/match_view.h"

namespace drawproxy::html {

void append_match_page(std::string& out, const MatchView& m);

}  // namespace drawproxy::html
