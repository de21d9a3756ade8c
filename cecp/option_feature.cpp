#include "cecp/option_feature.h"

#include <fmt/format.h>

#include "cecp/text.h"

namespace drawproxy::cecp {

namespace {

struct Kind {
    std::string_view word;
    OptionKind kind;
};

constexpr Kind KINDS[] = {
    {"button", OptionKind::Button}, {"save", OptionKind::Save},     {"reset", OptionKind::Reset},
    {"check", OptionKind::Check},   {"string", OptionKind::String}, {"spin", OptionKind::Spin},
    {"combo", OptionKind::Combo},   {"slider", OptionKind::Slider}, {"file", OptionKind::File},
    {"path", OptionKind::Path},
};

std::string_view word_of(OptionKind k) {
    for (const Kind& e : KINDS)
        if (e.kind == k) return e.word;
    return "button";
}

// The kind named at `text[at]` (after " -") if a blank or the end follows it.
const Kind* kind_at(std::string_view text, std::size_t at) {
    for (const Kind& e : KINDS) {
        if (text.substr(at, e.word.size()) != e.word) continue;
        const std::size_t end = at + e.word.size();
        if (end == text.size() || is_blank(text[end])) return &e;
    }
    return nullptr;
}

bool read_values(std::string_view rest, OptionFeature& out) {
    switch (out.kind) {
        case OptionKind::Button:
        case OptionKind::Save:
        case OptionKind::Reset:
            return rest.empty();
        case OptionKind::Check:
            out.value = rest;
            return rest == "0" || rest == "1";
        case OptionKind::String:
        case OptionKind::File:
        case OptionKind::Path:
            out.value = rest;
            return true;
        case OptionKind::Spin:
        case OptionKind::Slider: {
            Words w(rest);
            out.value = w.next();
            auto value = to_number<std::int64_t>(out.value);
            auto min = to_number<std::int64_t>(w.next());
            auto max = to_number<std::int64_t>(w.next());
            if (!value || !min || !max || !w.done()) return false;
            out.min = *min;
            out.max = *max;
            return true;
        }
        case OptionKind::Combo:
            while (!rest.empty()) {
                const std::size_t sep = rest.find("///");
                std::string_view choice = trim(rest.substr(0, sep));
                rest = sep == rest.npos ? std::string_view() : rest.substr(sep + 3);
                if (choice.starts_with('*')) {
                    choice = trim(choice.substr(1));
                    out.value = choice;
                }
                if (!choice.empty()) out.choices.push_back(choice);
            }
            if (out.choices.empty()) return false;
            if (out.value.empty()) out.value = out.choices.front();
            return true;
    }
    return false;
}

}  // namespace

bool parse_option_feature(std::string_view text, OptionFeature& out) {
    out.name = out.value = {};
    out.min = out.max = 0;
    out.choices.clear();
    text = trim(text);
    for (std::size_t dash = text.find(" -"); dash != text.npos; dash = text.find(" -", dash + 1)) {
        const Kind* k = kind_at(text, dash + 2);
        if (!k) continue;
        out.name = trim(text.substr(0, dash));
        out.kind = k->kind;
        return !out.name.empty() && read_values(trim(text.substr(dash + 2 + k->word.size())), out);
    }
    return false;
}

void append_option_feature(const OptionFeature& o, std::string& out) {
    out.append(o.name);
    out.append(" -");
    out.append(word_of(o.kind));
    switch (o.kind) {
        case OptionKind::Button:
        case OptionKind::Save:
        case OptionKind::Reset:
            return;
        case OptionKind::Spin:
        case OptionKind::Slider:
            fmt::format_to(std::back_inserter(out), " {} {} {}", o.value, o.min, o.max);
            return;
        case OptionKind::Combo:
            for (std::size_t i = 0; i < o.choices.size(); ++i) {
                out.append(i ? " /// " : " ");
                if (o.choices[i] == o.value) out.push_back('*');
                out.append(o.choices[i]);
            }
            return;
        default:  // check, string, file, path
            out.push_back(' ');
            out.append(o.value);
            return;
    }
}

}  // namespace drawproxy::cecp
