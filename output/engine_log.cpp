#include "output/engine_log.h"

namespace drawproxy::output {

std::unique_ptr<EngineLog> EngineLog::open(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "a");
    return f ? std::unique_ptr<EngineLog>(new EngineLog(f, true)) : nullptr;
}

std::unique_ptr<EngineLog> EngineLog::to_stdout() {
    return std::unique_ptr<EngineLog>(new EngineLog(stdout, false));
}

EngineLog::~EngineLog() {
    if (owned_) std::fclose(file_);
}

void EngineLog::line(char direction, const std::string& engine, int id, std::string_view text) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_)
            .count();
    std::fprintf(file_, "%lld %c%s(%d): %.*s\n", static_cast<long long>(ms), direction, engine.c_str(), id,
                 int(text.size()), text.data());
}

}  // namespace drawproxy::output
