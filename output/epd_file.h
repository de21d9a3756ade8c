#pragma once
// -epdout: each scored game's final position, one line, as it finishes (in fastchess's words its
// EPD line, else a FEN).
#include <fstream>
#include <string>

#include "output/sink.h"

namespace drawproxy::output {

class EpdFile : public Sink {
  public:
    EpdFile(std::string path, bool append, rules::Wording wording)
        : path_(std::move(path)), append_(append), wording_(wording) {}
    void open() override;
    void game_finished(const GameFinished& ev) override;

  private:
    std::string path_;
    bool append_;
    rules::Wording wording_;
    std::ofstream file_;
};

}  // namespace drawproxy::output
