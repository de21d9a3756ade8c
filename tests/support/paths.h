#pragma once
// Where tests find the source tree (data in tests/data) and the built binaries (set by CMake).
#include <string>

namespace drawproxy::test {

inline std::string source_path(const std::string& rel) { return std::string(DRAWPROXY_SOURCE_DIR) + "/" + rel; }
inline std::string binary_path(const std::string& rel) { return std::string(DRAWPROXY_BINARY_DIR) + "/" + rel; }

}  // namespace drawproxy::test
