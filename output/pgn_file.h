#pragma once
// -pgnout: each game written to the PGN file as it finishes (in that order), flushed; with
// fastchess's -crc32 pgn=true the CRC-32 of the whole file is kept for its status line.
#include <boost/crc.hpp>
#include <fstream>
#include <string>

#include "game/fastchess_settings.h"
#include "output/sink.h"

namespace drawproxy::output {

class PgnFile : public Sink {
  public:
    PgnFile(std::string path, bool append, bool minimal, rules::Wording wording,
            const game::FastchessOutputSettings& keys);
    void open() override;
    void game_finished(const GameFinished& ev) override;
    // fastchess's line after each game, "File F has CRC32: 0x...", the CRC as Python's hex()
    // writes it (fishtest's worker compares the two as text); "" without -crc32 pgn=true.
    std::string crc_line() const;

  private:
    std::string path_;
    bool append_, minimal_;
    rules::Wording wording_;
    const game::FastchessOutputSettings& keys_;
    std::ofstream file_;
    boost::crc_32_type crc_;  // of the file's every byte
};

}  // namespace drawproxy::output
