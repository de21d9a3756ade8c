// The text of `feature option="..."`, read and written back.
#include <catch2/catch.hpp>

#include "cecp/option_feature.h"

using namespace drawproxy::cecp;

namespace {

OptionFeature read_option(std::string_view text) {
    OptionFeature o;
    CAPTURE(text);
    REQUIRE(parse_option_feature(text, o));
    std::string once;
    append_option_feature(o, once);
    OptionFeature again;
    REQUIRE(parse_option_feature(once, again));
    std::string twice;
    append_option_feature(again, twice);
    CHECK(once == twice);
    return o;
}

}  // namespace

TEST_CASE("cecp options: every kind of option feature") {
    OptionFeature o = read_option("Hash -spin 64 1 4096");
    CHECK(o.name == "Hash");
    CHECK(o.kind == OptionKind::Spin);
    CHECK(o.value == "64");
    CHECK(o.min == 1);
    CHECK(o.max == 4096);
    CHECK(read_option("Clear Hash -button").name == "Clear Hash");
    CHECK(read_option("Save settings -save").kind == OptionKind::Save);
    CHECK(read_option("Reset -reset").kind == OptionKind::Reset);
    o = read_option("Ponder -check 1");
    CHECK(o.kind == OptionKind::Check);
    CHECK(o.value == "1");
    o = read_option("Book Name -string my book.bin");
    CHECK(o.name == "Book Name");
    CHECK(o.value == "my book.bin");
    CHECK(read_option("Empty -string").value.empty());
    CHECK(read_option("EvalFile -file nn-ad9b42354671.nnue").kind == OptionKind::File);
    CHECK(read_option("SyzygyPath -path /tb").kind == OptionKind::Path);
    o = read_option("Level -slider -3 -10 10");
    CHECK(o.value == "-3");
    CHECK(o.min == -10);
    o = read_option("Style -combo Solid /// *Normal /// Risky");
    CHECK(o.kind == OptionKind::Combo);
    CHECK(o.value == "Normal");
    REQUIRE(o.choices.size() == 3);
    CHECK(o.choices[2] == "Risky");
    std::string text;
    append_option_feature(o, text);
    CHECK(text == "Style -combo Solid /// *Normal /// Risky");
    CHECK(read_option("No Star -combo a /// b").value == "a");  // the first, when none is marked
    CHECK(read_option("Sign -in name -spin 1 0 2").name == "Sign -in name");  // "-in" names no kind
}

TEST_CASE("cecp options: what does not read as one") {
    OptionFeature o;
    for (const char* bad : {"", "Hash", "Hash -spin 64 1", "Hash -spin x 1 2", "Ponder -check 2",
                            "-spin 1 0 2", "Style -combo", "Button -button extra", "Hash -spinner 1 2 3"}) {
        CAPTURE(bad);
        CHECK(!parse_option_feature(bad, o));
    }
}
