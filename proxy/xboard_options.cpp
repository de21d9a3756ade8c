// The handshake under xboard: the engine's UCI options offered as xboard options (with ours),
// the feature list, and options set by the GUI.
#include <fmt/format.h>

#include <algorithm>

#include "cecp/engine_message.h"
#include "cecp/option_feature.h"
#include "cecp/result.h"
#include "proxy/xboard_session.h"
#include "uci/tokens.h"

namespace drawproxy::proxy {

namespace {

// Our own options, offered beside the engine's (the names avoid "Draw": see below).
constexpr std::string_view CLAIM = "drawproxy Claim";
constexpr std::string_view CLAIM_SCORE = "drawproxy ClaimScore";
constexpr std::string_view RULES = "drawproxy Rules";

// Old WinBoards read any engine line with "Draw" in it as a draw claim, so option names offered
// to the GUI say "draw" instead (the GUI's `option` commands are matched without case).
std::string gui_name(std::string_view name) {
    std::string s(name);
    for (std::size_t p; (p = s.find("Draw")) != std::string::npos;) s[p] = 'd';
    return s;
}

// Options the protocol handles by commands of its own.
bool handled_by_commands(std::string_view name) {
    return uci::iequals(name, "UCI_Chess960") || uci::iequals(name, "Ponder") ||
           uci::iequals(name, "UCI_AnalyseMode");
}

bool ends_with(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && uci::iequals(s.substr(s.size() - tail.size()), tail);
}

}  // namespace

void XboardSession::engine_option(const uci::OptionDecl& d) {
    if (d.name.empty() || engine_options_.size() >= 1000) return;
    EngineOption o;
    o.name.assign(d.name);
    o.gui_name = gui_name(d.name);
    o.type = d.type;
    o.default_value.assign(d.default_value.value_or(""));
    if (o.default_value == "<empty>") o.default_value.clear();
    o.min = d.min.value_or(0);
    o.max = d.max.value_or(0);
    for (std::string_view v : d.vars) o.vars.emplace_back(v);
    engine_options_.push_back(std::move(o));
}

const XboardSession::EngineOption* XboardSession::find_option(std::string_view name) const {
    for (const EngineOption& o : engine_options_)
        if (uci::iequals(o.name, name) || uci::iequals(o.gui_name, name)) return &o;
    return nullptr;
}

void XboardSession::on_uciok() {
    uciok_ = true;
    for (const auto& [name, value] : options_.setoptions)
        engine(fmt::format("setoption name {} value {}", name, value));
    if (protover_waiting_) send_features();
    // The GUI lines that came before: in order, as if they had just arrived.
    std::vector<std::string> early = std::move(early_lines_);
    early_lines_.clear();
    early_bytes_ = 0;
    for (const std::string& l : early) on_gui_line(l);
}

void XboardSession::send_features() {
    protover_waiting_ = false;
    std::string out =
        "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 "
        "analyze=1 colors=0 nps=1 debug=1 name=1 pause=0";
    if (find_option("Hash")) out += " memory=1";
    if (find_option("Threads")) out += " smp=1";
    if (find_option("SyzygyPath")) out += " egt=\"syzygy\"";
    std::string name = gui_name(engine_name_);
    std::replace(name.begin(), name.end(), '"', '\'');
    if (name.empty() || name.find("offer") != std::string::npos)
        name = "UCI engine";  // with draw=1 in the line
    fmt::format_to(std::back_inserter(out), " myname=\"{}\" variants=\"normal{}\"", name,
                   find_option("UCI_Chess960") ? ",fischerandom" : "");
    std::string text;
    cecp::OptionFeature read_back;
    auto offer = [&](const cecp::OptionFeature& f) {
        text.clear();
        cecp::append_option_feature(f, text);
        std::replace(text.begin(), text.end(), '"', '\'');  // a quoted value ends at '"'
        if (cecp::mentions_draw(text)) return;
        // xboard ends a name at the first " -kind": a name holding one would be misread.
        if (!cecp::parse_option_feature(text, read_back) || read_back.name != f.name)
            return comment(fmt::format(
                "drawproxy: the engine's option '{}' is left out: xboard would read its name as '{}'", f.name,
                read_back.name));
        fmt::format_to(std::back_inserter(out), "\nfeature option=\"{}\"", text);
    };
    cecp::OptionFeature f;
    std::vector<std::string> choices;  // the combo's choices as offered (owned: f views them)
    for (const EngineOption& o : engine_options_) {
        if (handled_by_commands(o.name)) continue;
        f.name = o.gui_name;
        f.value = o.default_value;
        f.min = o.min;
        f.max = o.max;
        f.choices.clear();
        switch (o.type) {
            case uci::OptionType::Check:
                f.kind = cecp::OptionKind::Check;
                f.value = uci::iequals(o.default_value, "true") ? "1" : "0";
                break;
            case uci::OptionType::Spin:
                f.kind = cecp::OptionKind::Spin;
                if (!uci::to_number<std::int64_t>(f.value)) f.value = "0";
                break;
            case uci::OptionType::Combo:
                f.kind = cecp::OptionKind::Combo;
                choices.clear();
                for (const std::string& v : o.vars) choices.push_back(gui_name(v));
                for (std::size_t i = 0; i < choices.size(); ++i) {
                    f.choices.push_back(choices[i]);
                    if (uci::iequals(o.vars[i], o.default_value)) f.value = choices[i];
                }
                if (f.choices.empty()) continue;
                break;
            case uci::OptionType::Button:
                f.kind = cecp::OptionKind::Button;
                break;
            case uci::OptionType::String:
                f.kind = ends_with(o.name, "File")   ? cecp::OptionKind::File
                         : ends_with(o.name, "Path") ? cecp::OptionKind::Path
                                                     : cecp::OptionKind::String;
                break;
            case uci::OptionType::Unknown:
                continue;
        }
        offer(f);
    }
    const ClaimPolicy& p = claimant_.policy();
    f.name = CLAIM;
    f.kind = cecp::OptionKind::Combo;
    f.choices = {"always", "never", "score"};
    f.value = p.kind == ClaimPolicy::Never         ? "never"
              : p.kind == ClaimPolicy::ScoreAtMost ? "score"
                                                   : "always";
    offer(f);
    f.name = CLAIM_SCORE;
    f.kind = cecp::OptionKind::Spin;
    const std::string cp = std::to_string(p.max_cp);
    f.value = cp;
    f.min = -100000;
    f.max = 100000;
    offer(f);
    f.name = RULES;
    f.kind = cecp::OptionKind::Combo;
    f.choices.assign(edition_names_.begin(), edition_names_.end());
    f.value = claimant_.edition().name;
    offer(f);
    out += "\nfeature done=1";
    gui(out);
}

void XboardSession::set_option(const cecp::GuiCommand& c) {
    if (set_own_option(c.text, c.value)) return;
    const EngineOption* o = find_option(c.text);
    if (!o) return error("no such option", c.line);
    if (o->type == uci::OptionType::Button) return engine("setoption name " + o->name);
    std::string value(c.value);
    if (o->type == uci::OptionType::Check)
        value = c.value == "1" || uci::iequals(c.value, "true") ? "true" : "false";
    if (o->type == uci::OptionType::Combo)  // back to the engine's spelling of the choice
        for (const std::string& v : o->vars)
            if (uci::iequals(v, c.value)) value = v;
    set_engine_option(o->name, value);
}

void XboardSession::set_engine_option(std::string_view name, std::string_view value) {
    engine(fmt::format("setoption name {} value {}", name, value));
}

void XboardSession::engine_option_at_limit(std::string_view uci_name, std::int64_t value) {
    const EngineOption* o = find_option(uci_name);
    if (!o) return;
    if (o->type == uci::OptionType::Spin && o->max >= o->min) value = std::clamp(value, o->min, o->max);
    set_engine_option(o->name, std::to_string(value));
}

bool XboardSession::set_own_option(std::string_view name, std::string_view value) {
    ClaimPolicy policy = claimant_.policy();
    if (uci::iequals(name, CLAIM)) {
        if (auto p = policy.with_option_value(value))
            policy = *p;
        else
            error("invalid argument", fmt::format("option {}={}", name, value));
        claimant_.set_policy(policy);
        return true;
    }
    if (uci::iequals(name, CLAIM_SCORE)) {
        if (auto cp = uci::to_number<int>(value)) {
            policy.max_cp = *cp;
            claimant_.set_policy(policy);
        } else {
            error("invalid argument", fmt::format("option {}={}", name, value));
        }
        return true;
    }
    if (uci::iequals(name, RULES)) {
        if (value == options_.edition.name) {
            claimant_.set_edition(options_.edition);
        } else {
            try {
                claimant_.set_edition(rules::Edition::builtin(value));
            } catch (const std::exception&) {
                error("invalid argument", fmt::format("option {}={}", name, value));
            }
        }
        return true;
    }
    return false;
}

}  // namespace drawproxy::proxy
