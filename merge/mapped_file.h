#pragma once
// A file mapped read-only for the life of the object: merge reads its inputs (up to hundreds of
// MB) through the page cache instead of copying them into memory.
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::merge {

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

// Several files mapped read-only into one reserved stretch of addresses, unmapped in one call:
// each unmap flushes the TLB, which for a thousand parts cost more than reading them (a fifth
// of merge's time on a virtual machine).
class MappedFiles {
  public:
    // Throws std::runtime_error("cannot read PATH") for the first file that cannot be mapped.
    explicit MappedFiles(const std::vector<std::string>& paths);
    ~MappedFiles();
    MappedFiles(const MappedFiles&) = delete;
    MappedFiles& operator=(const MappedFiles&) = delete;
    std::string_view text(std::size_t i) const { return texts_[i]; }
    std::size_t size() const { return texts_.size(); }

  private:
    void* region_ = nullptr;
    std::size_t region_size_ = 0;
    std::vector<std::string_view> texts_;
};

}  // namespace drawproxy::merge
