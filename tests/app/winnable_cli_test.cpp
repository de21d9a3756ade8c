// `drawproxy winnable` on input lines it must refuse: a bad FEN, or material no legal game
// reaches. Each gets one line on stderr naming its line number and no answer; the other lines
// are still answered, and the exit status is 2.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/paths.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines_of(const fs::path& p) {
    std::ifstream in(p);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST_CASE("winnable refuses material no game reaches, one line each, and answers the rest",
          "[app][winnable][engine]") {
    const fs::path dir =
        fs::path(drawproxy::test::binary_path("winnable-cli-test")) / std::to_string(::getpid());
    fs::create_directories(dir);
    {
        std::ofstream in(dir / "in");
        in << "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1\n"
              "3b4/4p1p1/1p1pP1P1/1P1PpBp1/1pBpP1P1/1P1P4/4K1P1/2k5 w - - 0 1\n"
              "4k3/8/8/8/8/8/8/4K3 w - - 0 0\n"
              "WB 4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1\n"
              "rrr1k3/nnn5/pppppp2/8/8/8/8/4K3 b - - 0 1\n";
    }
    const std::string cmd = drawproxy::test::binary_path("bin/drawproxy") + " winnable --nodes 2000 <" +
                            (dir / "in").string() + " >" + (dir / "out").string() + " 2>" +
                            (dir / "err").string();
    const int raw = std::system(cmd.c_str());
    CHECK((WIFEXITED(raw) ? WEXITSTATUS(raw) : -1) == 2);
    const auto out = lines_of(dir / "out"), err = lines_of(dir / "err");
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "W- 4k3/8/8/8/8/8/8/4KQ2 w - - 0 1");
    CHECK(out[1].substr(2) == " rrr1k3/nnn5/pppppp2/8/8/8/8/4K3 b - - 0 1");
    REQUIRE(err.size() == 3);
    CHECK(err[0] ==
          "drawproxy: winnable: line 2: no legal game reaches this position: white has 9 pawns (a game "
          "starts with 8)");
    CHECK(err[1] == "drawproxy: winnable: line 3: bad FEN: bad fullmove number '0' (it starts at 1)");
    CHECK(err[2] ==
          "drawproxy: winnable: line 4: no legal game reaches this position: white has 8 pawns and 1 piece "
          "beyond "
          "the initial set (each a promoted pawn: at most 8 pawns and promotions)");
    fs::remove_all(dir);
}
