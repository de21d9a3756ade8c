#pragma once
// Test helper: a text file's lines (without their '\n'), empty when it cannot be read.
#include <fstream>
#include <string>
#include <vector>

namespace drawproxy::test {

inline std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

}  // namespace drawproxy::test
