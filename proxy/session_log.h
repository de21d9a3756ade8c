#pragma once
// The --log file of the proxies: one line per protocol line, with a microsecond UTC
// timestamp and its direction ("gui->engine", "proxy->gui", ...).
#include <cstdio>
#include <string_view>

namespace drawproxy::proxy {

void log_line(std::FILE* log, std::string_view direction, std::string_view line);

}  // namespace drawproxy::proxy
