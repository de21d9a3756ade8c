// engine::LineBuffer: lines split across reads, a line longer than the buffer (it grows and
// keeps the bytes held), and the unterminated tail.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "engine/line_buffer.h"

using drawproxy::engine::LineBuffer;

namespace {

// Writes `bytes` into the buffer as one read would, then takes every complete line.
void read_into(LineBuffer& buffer, std::string_view bytes, std::vector<std::string>& lines) {
    char* area = buffer.write_area(bytes.size());
    REQUIRE(buffer.write_capacity() >= bytes.size());
    std::memcpy(area, bytes.data(), bytes.size());
    buffer.commit(bytes.size());
    std::string_view line;
    while (buffer.next_line(line)) lines.emplace_back(line);
}

}  // namespace

TEST_CASE("line buffer: lines split across reads come whole and in order") {
    LineBuffer buffer(32);
    std::vector<std::string> lines;
    read_into(buffer, "info depth 1\nbest", lines);
    CHECK(lines == std::vector<std::string>{"info depth 1"});
    CHECK(buffer.rest() == "best");
    read_into(buffer, "move e2e4\n\nreadyok\n", lines);
    CHECK(lines == std::vector<std::string>{"info depth 1", "bestmove e2e4", "", "readyok"});
    CHECK(buffer.rest().empty());
}

TEST_CASE("line buffer: a line longer than the buffer grows it and keeps the bytes held") {
    LineBuffer buffer(16);
    std::vector<std::string> lines;
    std::string pv = "info pv";
    for (int i = 0; i < 200; ++i) pv += " e2e4 e7e5";
    read_into(buffer, "uciok\nin", lines);
    for (std::size_t at = 2; at < pv.size(); at += 100) read_into(buffer, pv.substr(at, 100), lines);
    read_into(buffer, "\nreadyok\ntail", lines);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "uciok");
    CHECK(lines[1] == pv);
    CHECK(lines[2] == "readyok");
    CHECK(buffer.rest() == "tail");
    buffer.clear();
    CHECK(buffer.rest().empty());
    read_into(buffer, "after\n", lines);
    CHECK(lines.back() == "after");
}
