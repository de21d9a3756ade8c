#pragma once
// A file mapped read-only for the life of the object: merge reads its inputs (up to hundreds of
// MB) through the page cache instead of copying them into memory.
#include <string>
#include <string_view>

namespace drawproxy::match {

class MappedFile {
  public:
    // Throws std::runtime_error("cannot read PATH") when the file cannot be opened or mapped.
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    std::string_view text() const { return {data_, size_}; }

  private:
    const char* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace drawproxy::match
