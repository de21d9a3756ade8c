#include "output/epd_file.h"

#include <fmt/format.h>

#include "output/pgn.h"

namespace drawproxy::output {

void EpdFile::open() {
    file_.open(path_, append_ ? std::ios::app : std::ios::trunc);
    if (!file_) throw game::OptionError(fmt::format("cannot write EPD file '{}'", path_));
}

void EpdFile::game_finished(const GameFinished& ev) {
    if (ev.record.outcome.unterminated()) return;
    file_ << final_position_line(ev.record, wording_) << '\n' << std::flush;
}

}  // namespace drawproxy::output
