#include "engine/pipe_reader.h"

#include <fcntl.h>

namespace drawproxy::engine {

void PipeReader::assign(int fd, boost::system::error_code& ec) {
    close();
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
        ec.assign(errno, boost::system::system_category());
        return;
    }
    if (const int err = reactor_.register_descriptor(fd, state_)) {
        ec.assign(err, boost::system::system_category());
        reactor_.cleanup_descriptor_data(state_);
        return;
    }
    fd_ = fd;
    ec.clear();
}

void PipeReader::close() {
    if (fd_ < 0) return;
    reactor_.deregister_descriptor(fd_, state_, true);  // a pending read is aborted
    ::close(fd_);
    fd_ = -1;
    reactor_.cleanup_descriptor_data(state_);
}

}  // namespace drawproxy::engine
