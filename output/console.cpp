#include "output/console.h"

#include <unistd.h>

namespace drawproxy::output {

void Console::line(const std::string& text) const {
    if (out_) std::fprintf(out_, "%s\n", text.c_str()), std::fflush(out_);
}

void Console::text(const std::string& block) const {
    if (out_) std::fputs(block.c_str(), out_);
}

void Console::flush() const {
    if (out_) std::fflush(out_);
}

void notice(const std::string& text) { std::fprintf(stderr, "%s\n", text.c_str()); }

void second_signal_notice() noexcept {
    static const char line[] = "drawproxy: second signal: exiting at once\n";
    (void)!::write(STDERR_FILENO, line, sizeof line - 1);
}

}  // namespace drawproxy::output
