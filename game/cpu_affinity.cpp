#include "game/cpu_affinity.h"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <tuple>

namespace drawproxy::game {

int CpuSlots::lease() {
    if (free_.empty()) return -1;
    const int cpu = free_.front();
    free_.erase(free_.begin());
    ++leased_;
    return cpu;
}

void CpuSlots::give_back(int cpu) {
    if (cpu < 0 || leased_ == 0) return;
    --leased_;
    // Back in the list's order, so the next game takes the first free one as fastchess does.
    const auto rank = [&](int c) { return std::find(order_.begin(), order_.end(), c) - order_.begin(); };
    free_.insert(std::find_if(free_.begin(), free_.end(), [&](int c) { return rank(c) > rank(cpu); }), cpu);
}

std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
    std::vector<int> cpus;
    const auto number = [&](std::string_view& rest) -> std::optional<int> {
        int n = 0;
        const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
        if (ec != std::errc() || n < 0) return std::nullopt;
        rest.remove_prefix(end - rest.data());
        return n;
    };
    std::string_view rest = text;
    while (true) {
        const std::optional<int> first = number(rest);
        if (!first) return std::nullopt;
        int last = *first;
        if (!rest.empty() && rest.front() == '-') {
            rest.remove_prefix(1);
            const std::optional<int> to = number(rest);
            if (!to || *to <= *first) return std::nullopt;
            last = *to;
        }
        for (int c = *first; c <= last; ++c) cpus.push_back(c);
        if (rest.empty()) return cpus;
        if (rest.front() != ',') return std::nullopt;
        rest.remove_prefix(1);
    }
}

namespace {

int read_number(const std::filesystem::path& p) {
    std::ifstream in(p);
    int n = -1;
    in >> n;
    return n;
}

}  // namespace

std::vector<int> machine_cpus() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
    // (hardware thread's index in its core, package, core) -> CPU: sorted, the first threads of
    // every core come before any second one.
    std::map<std::tuple<int, int, int>, int> order;
    std::map<std::pair<int, int>, int> seen;  // threads met so far per (package, core)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (!CPU_ISSET(cpu, &allowed)) continue;
        const std::filesystem::path topo = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology";
        const int package = read_number(topo / "physical_package_id"), core = read_number(topo / "core_id");
        const int index = seen[{package, core}]++;
        order[{index, package, core * CPU_SETSIZE + cpu}] = cpu;
    }
    std::vector<int> cpus;
    for (const auto& [key, cpu] : order) cpus.push_back(cpu);
    return cpus;
}

std::optional<CpuSlots> affinity_slots(const std::vector<int>& given,
                                       const std::vector<EngineConfig>& engines, int concurrency) {
    for (const EngineConfig& e : engines)
        for (const auto& [name, value] : e.options)
            if (name == "Threads" && value != "1") return std::nullopt;
    std::vector<int> cpus = given.empty() ? machine_cpus() : given;
    if (int(cpus.size()) < concurrency)
        throw OptionError(fmt::format("-use-affinity: {} CPUs for {} games at once (-concurrency)",
                                      cpus.size(), concurrency));
    return CpuSlots(std::move(cpus));
}

bool pin_process(int pid, int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    bool ok = true;
    std::error_code ec;
    const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
    for (const auto& entry : std::filesystem::directory_iterator(tasks, ec)) {
        int tid = 0;
        const std::string name = entry.path().filename().string();
        std::from_chars(name.data(), name.data() + name.size(), tid);
        if (tid > 0 && sched_setaffinity(tid, sizeof set, &set) != 0) ok = false;
    }
    if (ec) ok = sched_setaffinity(pid, sizeof set, &set) == 0;
    return ok;
}

}  // namespace drawproxy::game
