#pragma once
// A part's -jsonout summary read for `merge` without a JSON tree of its game list: the game
// records are nearly all of the bytes (a million games are ~760 MB) and the merge needs only
// their game numbers, so they are kept as text and written out as they came. The rest of the
// summary (counts, pentanomial, reasons, match id) is small and parsed as usual.
// A record is framed by dump(2)'s layout, not parsed: it ends at the '}' alone on its line at
// the records' indentation (strings hold no line break; deeper lines are indented more). Its
// bytes are checked for control characters, its game number must be an integer as dump()
// writes it, and a record with an escape or a byte beyond ASCII is read in full (escapes,
// UTF-8); the rest of its text is trusted as the runner's dump() wrote it (dump() writes only
// valid JSON).
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::merge {

// One game record: its number and its text exactly as nlohmann's dump(2) writes it as an
// element of the summary's top-level "games" array (from '{' to '}', inner lines indented).
struct GameText {
    std::int64_t number = 0;  // its "game" field (0 if it has none)
    std::string_view text;
};

struct PartSummary {
    nlohmann::json head;   // the summary without "games", "pgn" and "finish_order"
    std::string_view pgn;  // the "pgn" entry's JSON text (empty when there is none),
                           // in the caller's text or `owned_pgn`
    std::unique_ptr<std::string> owned_pgn;
    std::vector<GameText> games;         // in the file's order; views into the caller's text or `owned`
    std::unique_ptr<std::string> owned;  // the records, rewritten, when the file was laid out otherwise
};

// Reads a summary. A file as the runner writes it (dump(2)) is scanned once and its records
// are views into `text` (which must outlive the result); any other valid JSON is parsed whole and
// its records rewritten as dump(2) would. Throws std::runtime_error when `text` is not JSON
// (as far as the checks above see into the records).
PartSummary read_part_summary(std::string_view text);

// Writes `summary` exactly as summary.dump(2) would with `games` as its "games" array; the
// summary's own "games" must be absent or empty.
void write_summary(std::ostream& out, const nlohmann::json& summary, const std::vector<GameText>& games);
// The same bytes and a line break written to the file at `path` (as the runner ends its
// -jsonout), the records copied from where they lie; `next_game` gives them in order, then an
// empty text. False when the file cannot be written.
bool write_summary_file(const std::string& path, const nlohmann::json& summary,
                        const std::function<std::string_view()>& next_game);

}  // namespace drawproxy::merge
