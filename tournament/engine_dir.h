#pragma once
// Starting an engine in its dir=, where a relative cmd is found, as cutechess-cli starts it.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>

#include "engine/engine_process.h"
#include "game/settings.h"

namespace drawproxy::tournament {

// Runs `f` in the engine's dir=. The event loops are single-threaded, so changing directory
// around the start is safe.
template <class F>
auto in_engine_dir(const game::EngineConfig& cfg, F f) {
    if (cfg.dir.empty()) return f();
    char* old = ::getcwd(nullptr, 0);
    if (!old || ::chdir(cfg.dir.c_str()) != 0) {
        std::free(old);
        throw engine::EngineStartError(
            fmt::format("cannot enter directory '{}' for engine '{}'", cfg.dir, cfg.name));
    }
    struct Back {
        char* dir;
        ~Back() {
            (void)!::chdir(dir);
            std::free(dir);
        }
    } back{old};
    return f();
}

}  // namespace drawproxy::tournament
