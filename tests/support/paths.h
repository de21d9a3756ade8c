#pragma once
// Where tests find shared data, the source tree and the built binaries (set by CMake).
#include <string>

namespace drawproxy::test {

inline std::string shared_path(const std::string& rel) { return std::string(DRAWPROXY_SHARED_DIR) + "/" + rel; }
inline std::string source_path(const std::string& rel) { return std::string(DRAWPROXY_SOURCE_DIR) + "/" + rel; }
inline std::string binary_path(const std::string& rel) { return std::string(DRAWPROXY_BINARY_DIR) + "/" + rel; }

}  // namespace drawproxy::test
