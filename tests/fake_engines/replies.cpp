#include "replies.h"

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace drawproxy::test {

namespace {

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

// "\n", "\\" and "\xHH" decoded; any other escaped character stands for itself.
std::string unescape(const std::string& text) {
    std::string bytes;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
            bytes.push_back('\n');
            ++i;
        } else if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
            bytes.push_back(char(std::stoi(text.substr(i + 2, 2), nullptr, 16)));
            i += 3;
        } else if (text[i] == '\\' && i + 1 < text.size()) {
            bytes.push_back(text[++i]);
        } else {
            bytes.push_back(text[i]);
        }
    }
    return bytes;
}

void fork_idle_child() {
    std::fflush(stdout);
    pid_t child = ::fork();
    if (child == 0) {  // a helper that neither reads nor writes, as a tablebase server
        ::close(0);
        ::sleep(60);
        ::_exit(0);
    }
    put("info string child " + std::to_string(child));
}

bool starts(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        std::size_t p = text.find(sep, start);
        out.push_back(text.substr(start, p - start));
        if (p == std::string::npos) return out;
        start = p + 1;
    }
}

std::string spaces_from_underscores(std::string text) {
    for (char& c : text)
        if (c == '_') c = ' ';
    return text;
}

void say(const std::string& line) {
    put(line);
    std::fflush(stdout);
}

void record_line(std::FILE* log, const std::string& line) {
    if (!log) return;
    std::fwrite(line.data(), 1, line.size(), log);
    std::fputc('\n', log);
    std::fflush(log);
}

void run_replies(const std::vector<std::string>& replies, const std::string& received) {
    for (const std::string& r : replies) {
        if (starts(r, "@sleep ")) {
            std::fflush(stdout);
            ::usleep(useconds_t(std::atoi(r.c_str() + 7)) * 1000);
        } else if (starts(r, "@exit ")) {
            std::fflush(stdout);
            std::exit(std::atoi(r.c_str() + 6));
        } else if (r == "@crash") {
            std::fflush(stdout);
            ::signal(SIGSEGV, SIG_DFL);
            ::raise(SIGSEGV);
        } else if (r == "@hang") {
            std::fflush(stdout);
            for (;;) ::pause();
        } else if (starts(r, "@flood ")) {
            long n = std::atol(r.c_str() + 7);
            for (long i = 0; i < n; ++i)
                std::printf(
                    "info depth %ld seldepth %ld score cp %ld nodes %ld nps 1000000 pv e2e4 e7e5 g1f3\n",
                    i % 64, i % 80, i % 200 - 100, i * 1000);
        } else if (r == "@echo") {
            put(received);
        } else if (starts(r, "@big ")) {
            put("info string " + std::string(std::size_t(std::atol(r.c_str() + 5)), 'x'));
        } else if (starts(r, "@random ")) {
            random_lines(received, std::atoi(r.c_str() + 8));
        } else if (r == "@pid") {
            put("info string pid " + std::to_string(::getpid()));
        } else if (starts(r, "@raw ")) {
            const std::string bytes = unescape(r.substr(5));
            std::fwrite(bytes.data(), 1, bytes.size(), stdout);
        } else if (r == "@fork") {
            fork_idle_child();
        } else if (starts(r, "@stderr ")) {
            std::fprintf(stderr, "%s\n", r.c_str() + 8);
        } else {
            put(r);
        }
    }
    std::fflush(stdout);
}

}  // namespace drawproxy::test
