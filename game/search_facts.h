#pragma once
// What fastchess's PGN keys record of one search (-pgnout nodes= seldepth= nps= hashfull=
// tbhits= pv= latency= match_line=): read, as fastchess reads them, from the search's last
// scored info line (multipv 1, an exact score before a bound) and its last line reporting a
// time, and for each match_line regex the search's last line it matches. Idle (one test per
// line) outside fastchess's format; the buffers are reused from search to search.
#include <cstdint>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "game/fastchess_settings.h"
#include "game/record.h"

namespace drawproxy::game {

class SearchFacts {
  public:
    void configure(const FastchessOutputSettings* settings);
    void reset();                      // a new search starts
    void line(std::string_view line);  // each line the engine prints during the search
    // The facts into the move's record, its score and depth too (fastchess's, from the same
    // line; `flip`: a white-POV engine's score as Black); `elapsed_ms`: from go to bestmove,
    // for the latency.
    void fill(PlyRecord& ply, std::int64_t elapsed_ms, bool flip) const;

    // The line fastchess reads the search's facts from ("" none).
    std::string_view chosen_line() const { return exact_.empty() ? bound_ : exact_; }

  private:
    bool active_ = false;
    bool want_pv_ = false;
    std::string exact_, bound_;  // the last scored info lines, exact and bound
    std::int64_t reported_time_ = 0;
    std::vector<std::regex> regexes_;
    std::vector<std::string> matched_;  // per regex, its last line ("" none)
};

}  // namespace drawproxy::game
