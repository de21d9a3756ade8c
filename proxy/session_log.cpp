#include "proxy/session_log.h"

#include <fmt/format.h>

#include <chrono>
#include <ctime>

namespace drawproxy::proxy {

void log_line(std::FILE* log, std::string_view direction, std::string_view line) {
    if (!log) return;
    auto now = std::chrono::system_clock::now();
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    std::time_t secs = std::time_t(us / 1000000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    fmt::print(log, "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z {} {}\n", tm.tm_year + 1900, tm.tm_mon + 1,
               tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, us % 1000000, direction, line);
}

}  // namespace drawproxy::proxy
