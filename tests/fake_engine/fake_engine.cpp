// A scriptable UCI engine for tests: records what it receives and replies from rules given
// on the command line.
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

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Rule {
    std::string prefix;
    std::vector<std::string> replies;
};

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        std::size_t p = s.find(sep, start);
        out.push_back(s.substr(start, p - start));
        if (p == std::string::npos) return out;
        start = p + 1;
    }
}

void put(const std::string& line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
}

std::uint64_t next_random(std::uint64_t& s) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

void random_lines(const std::string& seed_text, int n) {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    for (unsigned char c : seed_text) s = (s ^ c) * 0x100000001B3ull;
    if (s == 0) s = 1;
    for (int i = 0; i < n; ++i) {
        std::uint64_t r = next_random(s);
        switch (r % 6) {
            case 0:
                put("info depth " + std::to_string(r % 40) + " score cp " +
                    std::to_string(int(r % 600) - 300) + " nodes " + std::to_string(r % 100000) +
                    " pv e2e4 e7e5");
                break;
            case 1:
                put("info string " + std::string(1 + r % 3000, char('a' + r % 26)));
                break;
            case 2: {  // odd bytes, never a newline
                std::string l = "info string bytes";
                for (int k = 0; k < 40; ++k) {
                    char c = char(next_random(s) % 256);
                    l.push_back(c == '\n' ? ' ' : c);
                }
                put(l);
                break;
            }
            case 3:
                put("info currmove e2e4 currmovenumber " + std::to_string(r % 30));
                break;
            case 4:
                put("  info   depth 3\t seldepth 5\r");
                break;
            default:
                put("unknown engine chatter " + std::to_string(r));
                break;
        }
    }
}

bool run(const std::vector<std::string>& replies, const std::string& received) {
    for (const std::string& r : replies) {
        if (r.rfind("@sleep ", 0) == 0) {
            std::fflush(stdout);
            ::usleep(useconds_t(std::atoi(r.c_str() + 7)) * 1000);
        } else if (r.rfind("@exit ", 0) == 0) {
            std::fflush(stdout);
            std::exit(std::atoi(r.c_str() + 6));
        } else if (r == "@crash") {
            std::fflush(stdout);
            ::signal(SIGSEGV, SIG_DFL);
            ::raise(SIGSEGV);
        } else if (r == "@hang") {
            std::fflush(stdout);
            for (;;) ::pause();
        } else if (r.rfind("@flood ", 0) == 0) {
            long n = std::atol(r.c_str() + 7);
            for (long i = 0; i < n; ++i)
                std::printf(
                    "info depth %ld seldepth %ld score cp %ld nodes %ld nps 1000000 pv e2e4 e7e5 g1f3\n",
                    i % 64, i % 80, i % 200 - 100, i * 1000);
        } else if (r == "@echo") {
            put(received);
        } else if (r.rfind("@big ", 0) == 0) {
            put("info string " + std::string(std::size_t(std::atol(r.c_str() + 5)), 'x'));
        } else if (r.rfind("@random ", 0) == 0) {
            random_lines(received, std::atoi(r.c_str() + 8));
        } else if (r == "@pid") {
            put("info string pid " + std::to_string(::getpid()));
        } else if (r.rfind("@raw ", 0) == 0) {
            std::string bytes;
            for (std::size_t i = 5; i < r.size(); ++i) {
                if (r[i] == '\\' && i + 1 < r.size() && r[i + 1] == 'n') {
                    bytes.push_back('\n');
                    ++i;
                } else if (r[i] == '\\' && i + 3 < r.size() && r[i + 1] == 'x') {
                    bytes.push_back(char(std::stoi(r.substr(i + 2, 2), nullptr, 16)));
                    i += 3;
                } else if (r[i] == '\\' && i + 1 < r.size()) {
                    bytes.push_back(r[++i]);
                } else {
                    bytes.push_back(r[i]);
                }
            }
            std::fwrite(bytes.data(), 1, bytes.size(), stdout);
        } else if (r == "@fork") {
            std::fflush(stdout);
            pid_t child = ::fork();
            if (child == 0) {  // a helper that neither reads nor writes, as a tablebase server
                ::close(0);
                ::sleep(60);
                ::_exit(0);
            }
            put("info string child " + std::to_string(child));
        } else if (r.rfind("@stderr ", 0) == 0) {
            std::fprintf(stderr, "%s\n", r.c_str() + 8);
        } else {
            put(r);
        }
    }
    std::fflush(stdout);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<Rule> rules;
    std::vector<std::string> start;
    std::FILE* record = nullptr;
    bool ignore_quit = false;
    int delay_ms = 0;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "fake_engine: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--record") {
            record = std::fopen(value().c_str(), "wb");
        } else if (a == "--ignore-quit") {
            ignore_quit = true;
        } else if (a == "--ignore-signals") {
            ::signal(SIGTERM, SIG_IGN);
            ::signal(SIGINT, SIG_IGN);
            ::signal(SIGHUP, SIG_IGN);
        } else if (a == "--delay") {
            delay_ms = std::atoi(value().c_str());
        } else if (a == "--start") {
            start = split(value(), ';');
        } else if (a == "--on") {
            std::string v = value();
            auto eq = v.find('=');
            if (eq == std::string::npos) {
                std::fprintf(stderr, "fake_engine: --on needs PREFIX=REPLIES\n");
                return 2;
            }
            rules.push_back(Rule{v.substr(0, eq), split(v.substr(eq + 1), ';')});
        } else {
            std::fprintf(stderr, "fake_engine: unknown argument %s\n", a.c_str());
            return 2;
        }
    }
    run(start, "");
    std::string line;
    while (std::getline(std::cin, line)) {
        if (record) {
            std::fwrite(line.data(), 1, line.size(), record);
            std::fputc('\n', record);
            std::fflush(record);
        }
        if (delay_ms) ::usleep(useconds_t(delay_ms) * 1000);
        const Rule* rule = nullptr;
        for (const Rule& r : rules)
            if (line.rfind(r.prefix, 0) == 0) {
                rule = &r;
                break;
            }
        if (rule) {
            run(rule->replies, line);
            continue;
        }
        std::string word = line.substr(0, line.find_first_of(" \t\r"));
        if (word == "uci")
            run({"id name FakeEngine", "id author drawproxy tests",
                 "option name Hash type spin default 16 min 1 max 1024", "uciok"},
                line);
        else if (word == "isready")
            run({"readyok"}, line);
        else if (word == "go")
            run({"bestmove 0000"}, line);
        else if (word == "quit" && !ignore_quit)
            return 0;
    }
    return 0;
}
