// libFuzzer target for the PGN reader and the audit: any bytes, split into chunks at
// places the input itself chooses, must give games (or broken-game reports) without a
// crash, a hang or unbounded memory; every game read must replay legally.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "audit/audit.h"
#include "rules/notation.h"
#include "rules/pgn.h"

using namespace drawproxy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
    static rules::Game scratch;
    if (size == 0) return 0;
    // The first byte picks the chunk size, so chunk boundaries fall everywhere, and whether
    // the games are audited too (the audit is slower: half the runs read only).
    const std::size_t chunk = 1 + data[0] % 64;
    const bool audit = data[0] & 0x80;
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    rules::PgnReader reader;
    reader.keep_broken_text(audit);  // as audit --rewrite reads
    int last = 0;
    auto drain = [&] {
        while (const rules::PgnGame* g = reader.next()) {
            if (g->number != last + 1) __builtin_trap();  // games are numbered without gaps
            last = g->number;
            if (g->notes.size() != g->moves.size()) __builtin_trap();
            rules::Position pos = g->start;
            for (rules::Move m : g->moves) {
                if (!pos.is_legal(m)) __builtin_trap();
                pos.play(m);
            }
            // The position reached has a FEN that reads back (clocks at the reader's bound once went one past it).
            rules::Position again(rules::Position::Uninitialised{});
            std::string error;
            if (!rules::parse_fen(rules::to_fen(pos), pos.chess960(), again, error) ||
                !again.same_position(pos))
                __builtin_trap();
            if (audit && g->ok()) audit::audit_game(*g, edition, scratch);
            // A broken game's kept text is a piece of the input; a good game keeps none.
            if (audit && g->ok() != g->text.empty()) __builtin_trap();
            if (!g->text.empty() && text.find(g->text) == std::string_view::npos) __builtin_trap();
        }
    };
    for (std::size_t i = 0; i < text.size(); i += chunk) {
        reader.feed(text.substr(i, chunk));
        drain();
    }
    reader.finish();
    drain();
    return 0;
}
