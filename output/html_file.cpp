#include "output/html_file.h"

#include <fmt/format.h>

#include "output/console.h"
#include "output/html_page.h"

namespace drawproxy::output {

void HtmlFile::game_finished(const GameFinished& ev) {
    if (ev.record.outcome.unterminated()) return;
    scored_.push_back(ev.record);
    if (interval_ > 0 && ev.played % interval_ == 0 && ev.played < ev.to_play)
        write(ev.report, fmt::format("running: {} of {} games played", ev.played, ev.to_play));
}

bool HtmlFile::write(const Report& report, const std::string& status) {
    nlohmann::json j = report.json();
    if (!status.empty()) j["status"] = status;
    std::string error;
    if (write_file_atomically(path_, match_html(scored_, names_, rules_, &j), error)) return true;
    if (status.empty()) throw game::OptionError(error);
    if (!refresh_failed_) notice(fmt::format("warning: {} (the report is written again later)", error));
    refresh_failed_ = true;
    return false;
}

}  // namespace drawproxy::output
