#include "merge/mapped_file.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

namespace drawproxy::merge {

MappedFile::MappedFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) ::close(fd);
        throw std::runtime_error(fmt::format("cannot read {}", path));
    }
    size_ = std::size_t(st.st_size);
    if (size_ > 0) {
        // MAP_POPULATE: the pages are read in one go, not a fault per page.
        void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (p == MAP_FAILED) {
            ::close(fd);
            throw std::runtime_error(fmt::format("cannot read {}", path));
        }
        data_ = static_cast<const char*>(p);
        ::madvise(p, size_, MADV_SEQUENTIAL);
    }
    ::close(fd);
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
}

namespace {

// The size of a regular file; throws when it is not one or cannot be opened.
std::size_t regular_file_size(const std::string& path, int fd) {
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) ::close(fd);
        throw std::runtime_error(fmt::format("cannot read {}", path));
    }
    return std::size_t(st.st_size);
}

}  // namespace

MappedFiles::MappedFiles(const std::vector<std::string>& paths) {
    const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
    const auto pages = [&](std::size_t n) { return (n + page - 1) / page * page; };
    // The sizes first, each file closed again (a thousand open files could pass the limit).
    std::vector<std::size_t> sizes;
    for (const std::string& path : paths) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        sizes.push_back(regular_file_size(path, fd));
        ::close(fd);
        region_size_ += pages(sizes.back());
    }
    if (region_size_ > 0) {
        region_ =
            ::mmap(nullptr, region_size_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (region_ == MAP_FAILED) {
            region_ = nullptr;
            throw std::runtime_error(fmt::format("cannot read {}", paths.front()));
        }
    }
    try {
        std::size_t offset = 0;
        for (std::size_t i = 0; i < paths.size(); ++i) {
            const int fd = ::open(paths[i].c_str(), O_RDONLY | O_CLOEXEC);
            // A file that shrank since is read to its new end (a page beyond it would fault).
            const std::size_t size = std::min(sizes[i], regular_file_size(paths[i], fd));
            char* at = static_cast<char*>(region_) + offset;
            // MAP_POPULATE: the pages are read in one go, not a fault per page.
            if (size > 0 &&
                ::mmap(at, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0) == MAP_FAILED) {
                ::close(fd);
                throw std::runtime_error(fmt::format("cannot read {}", paths[i]));
            }
            if (size > 0) ::madvise(at, size, MADV_SEQUENTIAL);
            ::close(fd);
            texts_.emplace_back(at, size);
            offset += pages(sizes[i]);
        }
    } catch (...) {
        if (region_) ::munmap(region_, region_size_);
        throw;
    }
}

MappedFiles::~MappedFiles() {
    if (region_) ::munmap(region_, region_size_);
    region_ = nullptr;
}

}  // namespace drawproxy::merge
