#pragma once
// fastchess's -use-affinity: each game being played has a CPU of its own and both its engines'
// threads are pinned to it (sched_setaffinity), so games played at once do not share a core.
// The CPUs come from a list ("3,5,7-11") or, without one, the machine's: the first hardware
// thread of each core, then the second ones, as fastchess orders them.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/settings.h"

namespace drawproxy::game {

class CpuSlots {
  public:
    explicit CpuSlots(std::vector<int> cpus) : free_(cpus), order_(std::move(cpus)) {}
    // The first free CPU in the list's order, or -1 when every one is in use.
    int lease();
    void give_back(int cpu);
    std::size_t size() const { return free_.size() + leased_; }

  private:
    std::vector<int> free_;
    std::vector<int> order_;  // the list as given, for give_back's place
    std::size_t leased_ = 0;
};

// fastchess's CPU list: "N", "N-M" (M > N), joined by ','. nullopt if malformed.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);
// The CPUs this process may run on, first hardware thread of each core first.
std::vector<int> machine_cpus();
// -use-affinity as fastchess applies it: nullopt (nothing pinned) when an engine has a Threads
// option other than 1; throws OptionError when there are fewer CPUs than games played at once.
// `given`: -use-affinity's list, empty for the machine's.
std::optional<CpuSlots> affinity_slots(const std::vector<int>& given,
                                       const std::vector<EngineConfig>& engines, int concurrency);
// Pins every thread of process `pid` to `cpu`; false if the kernel refused one.
bool pin_process(int pid, int cpu);

}  // namespace drawproxy::game
