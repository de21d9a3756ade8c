#pragma once
// -htmlout: the match page, rewritten through a temporary file (a reloading browser never reads
// half of it) every -ratinginterval games and at the end. A failed refresh is said once and the
// match goes on; the final write fails the run.
#include <string>
#include <vector>

#include "output/sink.h"

namespace drawproxy::output {

class HtmlFile : public Sink {
  public:
    HtmlFile(std::string path, int interval, std::vector<std::string> names, std::string rules)
        : path_(std::move(path)), interval_(interval), names_(std::move(names)), rules_(std::move(rules)) {}
    void match_started(const MatchStarted& ev) override { scored_ = ev.carried; }
    void game_finished(const GameFinished& ev) override;
    void match_ended(const MatchEnded& ev) override { write(ev.report, ""); }

  private:
    bool write(const Report& report, const std::string& status);

    std::string path_;
    int interval_;
    std::vector<std::string> names_;
    std::string rules_;
    std::vector<GameRecord> scored_;  // the page shows results: not the unterminated games
    bool refresh_failed_ = false;     // said once
};

}  // namespace drawproxy::output
