// A scriptable UCI engine for tests: records what it receives and replies from rules given
// on the command line. It knows no chess (fake_player plays legal moves), so it starts in a
// millisecond.
//
//   fake_engine [--record FILE] [--ignore-quit] [--ignore-signals] [--delay MS]
//               [--start REPLIES] [--on PREFIX=REPLIES]...
//
// REPLIES are separated by ';'. A rule fires for the first --on whose PREFIX the received
// line starts with. Replies are printed as lines, except these directives:
//   @sleep MS     wait              @exit N      exit with status N
//   @crash        die by SIGSEGV    @hang        stop reading and sleep forever
//   @flood N      N info lines      @echo        print the received line back
//   @big N        one info string line of N bytes
//   @random N     N pseudo-random lines (info, long, odd bytes) seeded by the received line
//   @stderr TEXT  a line on stderr       @pid         print "info string pid N"
//   @raw TEXT     TEXT as bytes, no '\n' added (\n, \\ and \xHH escapes are decoded)
//   @fork         start a helper child that sleeps 60 s; print "info string child N"
// Without a matching rule: uci -> id + an option + uciok, isready -> readyok,
// go -> bestmove 0000, quit -> exit 0; anything else is ignored.
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "replies.h"

using namespace drawproxy::test;

namespace {

struct Rule {
    std::string prefix;
    std::vector<std::string> replies;
};

struct Options {
    std::vector<Rule> rules;
    std::vector<std::string> start;
    std::string record;
    bool ignore_quit = false;
    bool ignore_signals = false;
    int delay_ms = 0;
};

[[noreturn]] void usage_error(const std::string& message) {
    std::fprintf(stderr, "fake_engine: %s\n", message.c_str());
    std::exit(2);
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage_error(a + " needs a value");
            return argv[++i];
        };
        if (a == "--record") {
            o.record = value();
        } else if (a == "--ignore-quit") {
            o.ignore_quit = true;
        } else if (a == "--ignore-signals") {
            o.ignore_signals = true;
        } else if (a == "--delay") {
            o.delay_ms = std::atoi(value().c_str());
        } else if (a == "--start") {
            o.start = split(value(), ';');
        } else if (a == "--on") {
            const std::string v = value();
            const auto eq = v.find('=');
            if (eq == std::string::npos) usage_error("--on needs PREFIX=REPLIES");
            o.rules.push_back(Rule{v.substr(0, eq), split(v.substr(eq + 1), ';')});
        } else {
            usage_error("unknown argument " + a);
        }
    }
    return o;
}

// What an engine without rules says; false for quit.
bool default_answer(const std::string& line) {
    const std::string word = line.substr(0, line.find_first_of(" \t\r"));
    if (word == "uci")
        run_replies({"id name FakeEngine", "id author drawproxy tests",
                     "option name Hash type spin default 16 min 1 max 1024", "uciok"},
                    line);
    else if (word == "isready")
        run_replies({"readyok"}, line);
    else if (word == "go")
        run_replies({"bestmove 0000"}, line);
    return word != "quit";
}

const Rule* rule_for(const std::vector<Rule>& rules, const std::string& line) {
    for (const Rule& r : rules)
        if (line.rfind(r.prefix, 0) == 0) return &r;
    return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse_options(argc, argv);
    if (o.ignore_signals)
        for (int sig : {SIGTERM, SIGINT, SIGHUP}) ::signal(sig, SIG_IGN);
    std::FILE* record = o.record.empty() ? nullptr : std::fopen(o.record.c_str(), "wb");
    run_replies(o.start, "");
    std::string line;
    while (std::getline(std::cin, line)) {
        record_line(record, line);
        if (o.delay_ms) ::usleep(useconds_t(o.delay_ms) * 1000);
        if (const Rule* rule = rule_for(o.rules, line)) {
            run_replies(rule->replies, line);
            continue;
        }
        if (!default_answer(line) && !o.ignore_quit) return 0;
    }
    return 0;
}
