#pragma once
// -log / -debug: every line to and from every engine, as cutechess-cli's -debug prints it:
// "<ms since the log opened> ><name>(<n>): <line>" (to the engine; '<' from it).
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace drawproxy::output {

class EngineLog {
  public:
    // Appends to the file at `path`; nullptr when it cannot be opened.
    static std::unique_ptr<EngineLog> open(const std::string& path);
    static std::unique_ptr<EngineLog> to_stdout();
    ~EngineLog();
    EngineLog(const EngineLog&) = delete;
    EngineLog& operator=(const EngineLog&) = delete;

    void line(char direction, const std::string& engine, int id, std::string_view text);

  private:
    EngineLog(std::FILE* file, bool owned) : file_(file), owned_(owned) {}
    std::FILE* file_;
    bool owned_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace drawproxy::output
