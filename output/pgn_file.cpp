#include "output/pgn_file.h"

#include <fmt/format.h>

#include "output/pgn.h"

namespace drawproxy::output {

PgnFile::PgnFile(std::string path, bool append, bool minimal, rules::Wording wording,
                 const game::FastchessOutputSettings& keys)
    : path_(std::move(path)), append_(append), minimal_(minimal), wording_(wording), keys_(keys) {}

void PgnFile::open() {
    file_.open(path_, append_ ? std::ios::app : std::ios::trunc);
    if (!file_) throw game::OptionError(fmt::format("cannot write PGN file '{}'", path_));
    if (!keys_.crc32_pgn || !append_) return;
    // The CRC is of the whole file: the games already in it count.
    std::ifstream old(path_, std::ios::binary);
    char buf[1 << 16];
    while (old.read(buf, sizeof buf) || old.gcount() > 0) crc_.process_bytes(buf, std::size_t(old.gcount()));
}

void PgnFile::game_finished(const GameFinished& ev) {
    const std::string text = write_pgn(ev.record, minimal_, wording_, &keys_);
    file_ << text << std::flush;
    if (keys_.crc32_pgn) crc_.process_bytes(text.data(), text.size());
}

std::string PgnFile::crc_line() const {
    return keys_.crc32_pgn ? fmt::format("File {} has CRC32: {:#x}", path_, crc_.checksum()) : "";
}

}  // namespace drawproxy::output
