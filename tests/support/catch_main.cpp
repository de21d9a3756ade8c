// One Catch2 main for every test executable. `<test executable> drawproxy-fake-engine SPEC`
// becomes the fake chess player (fake_player SPEC, tests/fake_engines/player.h): tests that
// name a test executable as the engine (-engine cmd=... arg=drawproxy-fake-engine) keep working.
#define CATCH_CONFIG_RUNNER
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <string>

#include "support/paths.h"

int main(int argc, char** argv) {
    if (argc >= 3 && std::strcmp(argv[1], "drawproxy-fake-engine") == 0) {
        const std::string engine = drawproxy::test::binary_path("bin/fake_player");
        char* args[] = {const_cast<char*>(engine.c_str()), argv[2], nullptr};
        ::execv(args[0], args);
        std::perror(engine.c_str());
        return 127;
    }
    return Catch::Session().run(argc, argv);
}
