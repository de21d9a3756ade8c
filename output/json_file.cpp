#include "output/json_file.h"

#include <fmt/format.h>

#include <fstream>

#include "output/status_lines.h"

namespace drawproxy::output {

void JsonFile::match_ended(const MatchEnded& ev) {
    nlohmann::json j = ev.report.json();
    j["match_id"] = ev.match_id;
    j["seed"] = ev.seed;
    if (!ev.interrupted.empty()) j["interrupted"] = ev.interrupted;
    if (ev.shard) j["shard"] = {{"index", ev.shard->first}, {"count", ev.shard->second}};
    put_statistics(j, ev.stats.all(), ev.settings);
    if (ev.shard && !pgn_path_.empty()) {
        // What `merge --pgn` needs to put the games in order: the games this run appended to its
        // PGN file, in the order written.
        nlohmann::json order = nlohmann::json::array();
        for (const GameRecord& g : ev.games) order.push_back(g.number);
        j["pgn"] = {{"file", pgn_path_}, {"order", std::move(order)}};
    }
    // Any bytes an engine sent become U+FFFD; the text is whole before the file is opened.
    const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
    std::ofstream js(path_);
    if (!js) throw game::OptionError(fmt::format("cannot write JSON file '{}'", path_));
    js << text;
}

}  // namespace drawproxy::output
