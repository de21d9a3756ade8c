#pragma once
// -epdout: each scored game's final position, one line, as it finishes.
#include <fstream>
#include <string>

#include "output/sink.h"

namespace drawproxy::output {

class EpdFile : public Sink {
  public:
    EpdFile(std::string path, bool append) : path_(std::move(path)), append_(append) {}
    void open() override;
    void game_finished(const GameFinished& ev) override;

  private:
    std::string path_;
    bool append_;
    std::ofstream file_;
};

}  // namespace drawproxy::output
