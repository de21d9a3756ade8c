#include "app/engines_json.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace drawproxy::app {

using namespace game;
using namespace tournament;
using namespace stats;
using namespace journal;
using namespace output;
namespace {

using json = nlohmann::json;

bool readable(const std::string& path) { return std::ifstream(path).good(); }

std::string text_of(const json& v, const std::string& what) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) return v.dump();
    throw OptionError(fmt::format("engines.json: {} is not a string, number or boolean", what));
}

std::string string_field(const json& engine, const char* key, const std::string& name) {
    auto it = engine.find(key);
    if (it == engine.end() || it->is_null()) return {};
    if (!it->is_string())
        throw OptionError(fmt::format("engines.json: engine '{}': \"{}\" is not a string", name, key));
    return it->get<std::string>();
}

bool bool_field(const json& engine, const char* key, const std::string& name) {
    auto it = engine.find(key);
    if (it == engine.end() || it->is_null()) return false;
    if (!it->is_boolean())
        throw OptionError(fmt::format("engines.json: engine '{}': \"{}\" is not true or false", name, key));
    return it->get<bool>();
}

void set_option(EngineConfig& e, const std::string& option, std::string value) {
    for (auto& [n, v] : e.options)
        if (n == option) {
            v = std::move(value);
            return;
        }
    e.options.emplace_back(option, std::move(value));
}

}  // namespace

std::string find_engines_json() {
    if (readable("engines.json")) return "engines.json";
    std::string dir;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && xdg[0] == '/')
        dir = xdg;
    else if (const char* home = std::getenv("HOME"); home && home[0])
        dir = std::string(home) + "/.config";
    if (dir.empty()) return {};
    std::string path = dir + "/cutechess/engines.json";
    return readable(path) ? path : std::string();
}

void apply_engines_json(EngineConfig& e, const std::string& name, const std::string& path) {
    std::ifstream in(path);
    if (!in) throw OptionError(fmt::format("conf={}: cannot read '{}'", name, path));
    json all;
    try {
        all = json::parse(in);
    } catch (const json::exception& err) {
        std::string why = err.what();
        if (auto nl = why.find('\n'); nl != std::string::npos) why.resize(nl);
        throw OptionError(fmt::format("conf={}: '{}' is not valid JSON: {}", name, path, why));
    }
    if (!all.is_array())
        throw OptionError(fmt::format("conf={}: '{}' is not a JSON array of engines", name, path));
    const json* found = nullptr;
    for (const json& engine : all)
        if (engine.is_object() && engine.value("name", json()).is_string() && engine["name"] == name) {
            found = &engine;
            break;
        }
    if (!found) throw OptionError(fmt::format("conf={}: no engine named '{}' in '{}'", name, name, path));
    const json& engine = *found;

    e.name = string_field(engine, "name", name);
    e.cmd = string_field(engine, "command", name);
    e.dir = string_field(engine, "workingDirectory", name);
    e.stderr_file = string_field(engine, "stderrFile", name);
    const std::string protocol = string_field(engine, "protocol", name);
    if (!protocol.empty() && protocol != "uci" && protocol != "xboard")
        throw OptionError(fmt::format(
            "conf={}: protocol '{}' is not supported: drawproxy speaks uci and xboard", name, protocol));
    if (protocol == "xboard") e.protocol = game::Protocol::Xboard;
    if (auto it = engine.find("initStrings"); it != engine.end() && !it->is_null()) {
        if (!it->is_array())
            throw OptionError(fmt::format("engines.json: engine '{}': \"initStrings\" is not a list", name));
        for (const json& s : *it) e.init_strings.push_back(text_of(s, "an entry of \"initStrings\""));
    }
    e.white_pov = bool_field(engine, "whitepov", name);
    if (bool_field(engine, "ponder", name))
        throw OptionError(
            fmt::format("conf={}: ponder is not supported: engines think only on their own time", name));
    if (engine.contains("validateClaims") && engine["validateClaims"] == false)
        throw OptionError(fmt::format(
            "conf={}: validateClaims=false (trust) is not supported: the arbiter judges every claim", name));
    if (auto restart = string_field(engine, "restart", name); !restart.empty()) {
        if (restart != "on" && restart != "off" && restart != "auto")
            throw OptionError(fmt::format("conf={}: bad restart '{}' (on, off, auto)", name, restart));
        e.restart = restart == "on";
    }
    if (auto it = engine.find("timeoutScaleFactor"); it != engine.end() && !it->is_null()) {
        if (!it->is_number() || !(it->get<double>() > 0))
            throw OptionError(fmt::format("conf={}: bad timeoutScaleFactor {}", name, it->dump()));
        e.timeout_scale = it->get<double>();
    }
    if (auto it = engine.find("options"); it != engine.end() && !it->is_null()) {
        if (!it->is_array())
            throw OptionError(fmt::format("engines.json: engine '{}': \"options\" is not a list", name));
        for (const json& o : *it) {
            if (!o.is_object() || !o.value("name", json()).is_string() ||
                o["name"].get<std::string>().empty())
                throw OptionError(fmt::format("engines.json: engine '{}': an option has no name", name));
            const std::string option = o["name"].get<std::string>();
            if (o.value("type", json()) == "button") continue;  // a button has no value to set
            if (!o.contains("value")) continue;
            set_option(e, option, text_of(o["value"], "the value of option '" + option + "'"));
        }
    }
}

}  // namespace drawproxy::app
