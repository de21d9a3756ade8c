// fastchess --compliance ENGINE [ARGS]: fastchess' UCI compliance test (check/compliance.h),
// printed in its words. As in fastchess, it is the first argument; ARGS is the one word after
// ENGINE, split as the engine key args= is, and any later word is not read.
#include <cstdio>

#include "app/commands.h"
#include "app/runner_options.h"
#include "check/compliance.h"

namespace drawproxy {

namespace {

// fastchess' lines: the step and its outcome coloured, a failure and the engine's lines on
// standard error; each flushed at once, so the two streams interleave as fastchess' do.
class FastchessReport : public check::ComplianceReport {
  public:
    void step_begun(int step, std::string_view what) override {
        std::printf("Step %d: %.*s...", step, int(what.size()), what.data());
        std::fflush(stdout);
    }
    void step_passed(int step, std::string_view what) override {
        std::printf("\r\033[1;32m Passed\033[0m Step %d: %.*s\n", step, int(what.size()), what.data());
        std::fflush(stdout);
    }
    void step_failed(int step, std::string_view what, const std::vector<std::string>& lines) override {
        std::fprintf(stderr, "\r\033[1;31m Failed\033[0m Step %d: %.*s\n", step, int(what.size()),
                     what.data());
        std::fputs("\033[1;33m Your engine's stdout output was:\033[0m\n", stderr);
        for (const std::string& line : lines) {
            std::fputc(' ', stderr);
            std::fwrite(line.data(), 1, line.size(), stderr);
            std::fputc('\n', stderr);
        }
        std::fflush(stderr);
    }
    void warning(std::string_view text) override {
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }
    void info_line_fault(std::string_view text) override {
        std::fputs("\r\n", stderr);
        std::fwrite(text.data(), 1, text.size(), stderr);
        std::fputc('\n', stderr);
        std::fflush(stderr);
    }
};

}  // namespace

int run_compliance(const Args& args) {
    check::ComplianceOptions options;
    options.program = args.at(1);
    if (args.size() > 2) {
        try {
            options.args = app::split_engine_args(args[2]);
        } catch (const game::OptionError& e) {
            return usage_error(std::string("--compliance: ") + e.what());
        }
    }
    FastchessReport report;
    if (!check::run_compliance(options, report)) return 1;
    std::puts("Engine passed all compliance checks.");
    std::fflush(stdout);
    return 0;
}

}  // namespace drawproxy
