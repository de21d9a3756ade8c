#pragma once
// -jsonout: the match's summary, written once at the end (the report's JSON, the match's id and
// seed, the statistics, and for a shard the order its games went into its PGN file).
#include <string>

#include "output/sink.h"

namespace drawproxy::output {

class JsonFile : public Sink {
  public:
    JsonFile(std::string path, std::string pgn_path)
        : path_(std::move(path)), pgn_path_(std::move(pgn_path)) {}
    void match_ended(const MatchEnded& ev) override;

  private:
    std::string path_, pgn_path_;
};

}  // namespace drawproxy::output
