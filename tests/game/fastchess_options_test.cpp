// fastchess's warnings on setting an engine's options (uci_engine.cpp sendSetoption/refreshUci at
// 58072f23), and -use-affinity's CPU list and pinning.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>

#include "game/cpu_affinity.h"
#include "game/fastchess_options.h"

using namespace drawproxy;
using namespace drawproxy::game;

namespace {

OptionSpec declared(const char* line) {
    const uci::EngineMessage m = uci::parse_engine_message(line);
    REQUIRE(m.type == uci::EngineMessageType::Option);
    return option_spec(m.option);
}

std::string allowed_list(int pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("Cpus_allowed_list:", 0) == 0) return line.substr(line.find_first_not_of(" \t", 18));
    return "";
}

}  // namespace

TEST_CASE("fastchess's results header: the Threads and Hash the engine holds", "[game][fastchess]") {
    // As fastchess 58072f23 printed them: "1t, 16MB" for Stockfish with neither set, "16MB - 32MB"
    // for Hash=0 (refused, the default kept) against Hash=032, NULL for an undeclared option.
    const std::vector<OptionSpec> sf{declared("option name Threads type spin default 1 min 1 max 1024"),
                                     declared("option name Hash type spin default 16 min 1 max 33554432")};
    CHECK(fastchess_held_value(sf, "Threads", std::nullopt) == "1");
    CHECK(fastchess_held_value(sf, "Hash", std::nullopt) == "16");
    CHECK(fastchess_held_value(sf, "Hash", "0") == "16");
    CHECK(fastchess_held_value(sf, "Hash", "032") == "32");
    CHECK(fastchess_held_value(sf, "Hash", "64") == "64");
    CHECK(fastchess_held_value(sf, "Ponder", "true") == std::nullopt);
    CHECK(fastchess_held_value({}, "Threads", "1") == std::nullopt);
}

TEST_CASE("fastchess option warnings: values the declaration does not allow", "[game][fastchess]") {
    const OptionSpec hash = declared("option name Hash type spin default 16 min 1 max 33554432");
    CHECK(fastchess_option_warning(hash, "64", "sf").empty());
    CHECK(fastchess_option_warning(hash, "0", "sf") == "Warning; Invalid value for option Hash; 0");
    CHECK(fastchess_option_warning(hash, "33554433", "sf") ==
          "Warning; Invalid value for option Hash; 33554433");
    // std::stoi's reading: trailing words ignored, no digits at all throws
    CHECK(fastchess_option_warning(hash, "64MB", "sf").empty());
    CHECK(fastchess_option_warning(hash, "big", "sf") ==
          "Warning; Failed to set option Hash with value big for engine sf: stoi");
    CHECK(fastchess_option_warning(hash, "99999999999", "sf") ==
          "Warning; Failed to set option Hash with value 99999999999 for engine sf: stoi");
    const OptionSpec ponder = declared("option name Ponder type check default false");
    CHECK(fastchess_option_warning(ponder, "true", "sf").empty());
    CHECK(fastchess_option_warning(ponder, "yes", "sf") == "Warning; Invalid value for option Ponder; yes");
    const OptionSpec style =
        declared("option name Style type combo default Normal var Solid var Normal var Risky");
    CHECK(fastchess_option_warning(style, "Risky", "sf").empty());
    CHECK(fastchess_option_warning(style, "Wild", "sf") == "Warning; Invalid value for option Style; Wild");
    const OptionSpec clear = declared("option name Clear Hash type button");
    CHECK(fastchess_option_warning(clear, "true", "sf").empty());
    CHECK(fastchess_option_warning(clear, "1", "sf") == "Warning; Invalid value for option Clear Hash; 1");
    const OptionSpec path = declared("option name SyzygyPath type string default <empty>");
    CHECK(fastchess_option_warning(path, "anything at all", "sf").empty());
    CHECK(fastchess_not_responsive("sf") == "Warning; Engine sf is not responsive");
}

TEST_CASE("fastchess -use-affinity: its CPU lists", "[game][fastchess]") {
    CHECK(parse_cpu_list("3") == std::vector<int>{3});
    CHECK(parse_cpu_list("0-3") == std::vector<int>{0, 1, 2, 3});
    CHECK(parse_cpu_list("3,5,7-9,13") == std::vector<int>{3, 5, 7, 8, 9, 13});
    for (const char* bad : {"", "3-3", "4-2", "a", "1,", "1;2", "-1"}) {
        INFO(bad);
        CHECK(!parse_cpu_list(bad));
    }
}

TEST_CASE("fastchess -use-affinity: a CPU per game, the first free one", "[game][fastchess]") {
    CpuSlots slots({4, 6, 8});
    CHECK(slots.lease() == 4);
    CHECK(slots.lease() == 6);
    CHECK(slots.lease() == 8);
    CHECK(slots.lease() == -1);
    slots.give_back(6);
    slots.give_back(4);
    CHECK(slots.lease() == 4);
    CHECK(slots.lease() == 6);
    // more games at once than CPUs cannot be pinned as fastchess pins them
    std::vector<EngineConfig> engines(2);
    CHECK_THROWS_AS(affinity_slots({0}, engines, 2), OptionError);
    CHECK(affinity_slots({0, 1}, engines, 2).has_value());
    // an engine of more than one thread: fastchess pins nothing
    engines[1].options.emplace_back("Threads", "4");
    CHECK(!affinity_slots({0, 1}, engines, 2).has_value());
}

TEST_CASE("fastchess -use-affinity: every thread of a process pinned", "[game][fastchess]") {
    const std::vector<int> cpus = machine_cpus();
    REQUIRE(!cpus.empty());
    const int cpu = cpus.back();
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        pause();
        _exit(0);
    }
    const bool pinned = pin_process(child, cpu);
    const std::string list = allowed_list(child);
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    CHECK(pinned);
    CHECK(list == std::to_string(cpu));
}
