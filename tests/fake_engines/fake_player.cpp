// A UCI engine for tests of the match runner that plays legal chess from a spec: the moves,
// scores, claims and faults to give at chosen plies (see player.h for SPEC).
//   fake_player SPEC
// Any test executable run as `<test executable> drawproxy-fake-engine SPEC` becomes this.
#include <signal.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "player.h"
#include "replies.h"

using namespace drawproxy::test;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: fake_player SPEC\n");
        return 2;
    }
    const PlaySpec spec = parse_play_spec(argv[1]);
    if (spec.no_quit) ::signal(SIGTERM, SIG_IGN);
    std::FILE* log = spec.log.empty() ? nullptr : std::fopen(spec.log.c_str(), "ab");
    Player player(spec);
    player.start_up();
    std::string line;
    while (std::getline(std::cin, line)) {
        record_line(log, line);
        if (!player.answer(line) && !spec.no_quit) return 0;
    }
    return 0;
}
