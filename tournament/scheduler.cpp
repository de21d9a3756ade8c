#include "tournament/scheduler.h"

#include "tournament/match_run.h"

namespace drawproxy::tournament {

Scheduler::Scheduler(const MatchOptions& opts, rules::Edition edition, std::FILE* out)
    : opts_(opts), edition_(std::move(edition)), out_(out) {}

MatchSummary Scheduler::run() {
    MatchRun match(opts_, edition_, out_);
    return match.play();
}

}  // namespace drawproxy::tournament
