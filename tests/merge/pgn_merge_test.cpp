// merge's PGN output: the parts' files merged by game number (a k-way merge over mapped files).
#include <catch2/catch.hpp>

#include "merge/pgn_merge.h"
#include "support/match_helpers.h"

using namespace drawproxy::merge;
using drawproxy::test::TempFile;

namespace {

std::string pgn_game(int number) {
    return "[Event \"m\"]\n[Round \"" + std::to_string(number) + "\"]\n\n1. e4 e5 {+0.1/3 0.01s} 1/2-1/2\n\n";
}

}  // namespace

TEST_CASE("PGN merge: games in number order across parts, out-of-order parts, appended files",
          "[match][merge]") {
    // Part 1 finished 3 before 1 (two games at once); part 2's file starts with an older run's
    // game (-pgnout appends), which its order does not list.
    TempFile a(".pgn", pgn_game(3) + pgn_game(1) + pgn_game(5)),
        b(".pgn", pgn_game(99) + pgn_game(2) + pgn_game(4) + pgn_game(6));
    TempFile empty(".pgn"), out(".pgn");
    const std::size_t n =
        merge_pgn_files({{a.path, {3, 1, 5}}, {b.path, {2, 4, 6}}, {empty.path, {}}}, out.path);
    CHECK(n == 6);
    CHECK(drawproxy::test::slurp(out.path) ==
          pgn_game(1) + pgn_game(2) + pgn_game(3) + pgn_game(4) + pgn_game(5) + pgn_game(6));
    // A last game without its blank line still ends in a newline.
    TempFile c(".pgn", "[Event \"m\"]\n[Round \"7\"]\n\n1. e4 *");
    merge_pgn_files({{c.path, {7}}}, out.path);
    CHECK(drawproxy::test::slurp(out.path) == "[Event \"m\"]\n[Round \"7\"]\n\n1. e4 *\n");
    // Fewer games than the summary lists, a missing file, an unwritable output: one-line errors.
    CHECK_THROWS_WITH(merge_pgn_files({{a.path, {1, 2, 3, 4}}}, out.path), Catch::Contains("has 3 games"));
    CHECK_THROWS_WITH(merge_pgn_files({{"/nonexistent.pgn", {1}}}, out.path), Catch::Contains("cannot read"));
    CHECK_THROWS_WITH(merge_pgn_files({{a.path, {3, 1, 5}}}, "/nonexistent/dir/x.pgn"),
                      Catch::Contains("cannot write"));
}
