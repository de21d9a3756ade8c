#include "tournament/engine_name.h"

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <map>
#include <set>

#include "tournament/engine_dir.h"

namespace drawproxy::tournament {

std::optional<std::string> engine_id_name(const game::EngineConfig& e) {
    boost::asio::io_context io;
    std::unique_ptr<engine::EngineProcess> process;
    try {
        process =
            in_engine_dir(e, [&] { return std::make_unique<engine::EngineProcess>(io, e.cmd, e.args); });
    } catch (const engine::EngineStartError&) {
        return std::nullopt;
    }
    std::optional<std::string> name;
    bool done = false;
    process->on_line([&](std::string_view line) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.substr(0, 8) == "id name " && !name) name = std::string(line.substr(8));
        if (line == "uciok") done = true;
    });
    process->on_exit([&](int) { done = true; });
    process->start();
    for (const std::string& s : e.init_strings) process->send_line(s);
    process->send_line("uci");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(e.startup_ms);
    while (!done && !name && std::chrono::steady_clock::now() < deadline) io.run_one_until(deadline);
    process->stop(std::chrono::milliseconds(500));
    io.restart();
    io.run_for(std::chrono::seconds(2));  // its exit, or the stop's SIGTERM and SIGKILL
    if (name && name->empty()) return std::nullopt;
    return name;
}

void name_engines_by_id(std::vector<game::EngineConfig>& engines) {
    for (game::EngineConfig& e : engines) {
        if (!e.name_from_engine) continue;
        if (auto name = engine_id_name(e)) e.name = *name;
        e.name_from_engine = false;
    }
}

std::vector<std::string> make_names_unique(std::vector<game::EngineConfig>& engines) {
    std::vector<std::string> renamed;
    std::set<std::string> taken;
    for (const game::EngineConfig& e : engines) taken.insert(e.name);
    std::map<std::string, int> seen;
    for (game::EngineConfig& e : engines) {
        if (seen[e.name]++ == 0) continue;
        std::string name;
        for (int n = seen[e.name]; taken.count(name = fmt::format("{}_{}", e.name, n)); ++n) {
        }
        renamed.push_back(fmt::format("two engines are called '{}': engine {} is called '{}'", e.name,
                                      &e - engines.data() + 1, name));
        taken.insert(name);
        e.name = name;
    }
    return renamed;
}

}  // namespace drawproxy::tournament
