#include "engine/engine_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/v2/process.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "engine/line_buffer.h"
#include "engine/pipe_reader.h"

namespace drawproxy::engine {

namespace asio = boost::asio;
namespace bp = boost::process::v2;

namespace {

// The standard streams of a process to start; -1 leaves ours.
struct Stdio {
    int in = -1, out = -1, err = -1;
};

// Starts a program through posix_spawn, which shares our memory until the exec (glibc clones
// with CLONE_VM). fork marked every page of ours copy-on-write for as long as the child lived,
// and a runner with many engines paid a page fault and a TLB shootdown for each page it wrote
// after each start. The child keeps the standard streams only (an engine holding a sibling's
// pipe would keep that sibling's input open), with SIGPIPE back to its default (an ignored
// signal stays ignored across exec). Returns the pid, or -1 with errno's text in `error`.
pid_t spawn(const char* path, const std::vector<const char*>& argv, Stdio io, bool own_group,
            std::string& error) {
    posix_spawn_file_actions_t files;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&files);
    posix_spawnattr_init(&attr);
    if (io.in >= 0) posix_spawn_file_actions_adddup2(&files, io.in, 0);
    if (io.out >= 0) posix_spawn_file_actions_adddup2(&files, io.out, 1);
    if (io.err >= 0) posix_spawn_file_actions_adddup2(&files, io.err, 2);
    posix_spawn_file_actions_addclosefrom_np(&files, 3);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
    if (own_group) {  // its own group: a stop reaches whatever it starts
        flags |= POSIX_SPAWN_SETPGROUP;
        posix_spawnattr_setpgroup(&attr, 0);
    }
    posix_spawnattr_setflags(&attr, flags);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, path, &files, &attr, const_cast<char* const*>(argv.data()), environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&files);
    if (rc != 0) {
        error = std::strerror(rc);
        return -1;
    }
    return pid;
}

// A shell of its own that waits for EOF on a pipe only we hold the write end of, then kills the
// engine's group: it fires when we close the pipe and when we die in any way (SIGKILL
// included, where no code of ours runs). It ignores the terminal's signals, which reach our
// whole group, so that it outlives us. Returns its pid and the write end, or -1.
std::pair<pid_t, int> start_reaper(pid_t group) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return {-1, -1};
    int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    const std::string pgid = std::to_string(group);
    const std::vector<const char*> argv{
        "sh",         "-c",   "trap '' INT TERM HUP QUIT PIPE; read x; kill -9 -$1", "drawproxy-reaper",
        pgid.c_str(), nullptr};
    std::string error;
    // Its output goes nowhere, and never to ours: it must not hold the GUI's pipe open. Without
    // /dev/null, the pipe's read end, where a write fails.
    const int sink = null >= 0 ? null : fds[0];
    const pid_t pid = spawn("/bin/sh", argv, Stdio{fds[0], sink, sink}, false, error);
    if (null >= 0) ::close(null);
    ::close(fds[0]);
    if (pid < 0) {
        ::close(fds[1]);
        return {-1, -1};
    }
    return {pid, fds[1]};
}

int decode_status(int native) {
    if (WIFEXITED(native)) return WEXITSTATUS(native);
    if (WIFSIGNALED(native)) return 128 + WTERMSIG(native);
    return native;
}

}  // namespace

std::string find_program(const std::string& program) {
    if (program.empty()) throw EngineStartError("no engine command given");
    if (program.find('/') != std::string::npos) {
        if (::access(program.c_str(), X_OK) != 0)
            throw EngineStartError("cannot start engine '" + program + "': " + std::strerror(errno));
        return program;
    }
    // PATH lookup by hand: Boost's find_executable needs the compiled Boost.Filesystem.
    const char* env = std::getenv("PATH");
    std::string_view dirs = env ? env : "/usr/local/bin:/usr/bin:/bin";
    while (true) {
        auto colon = dirs.find(':');
        std::string dir(dirs.substr(0, colon));
        std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
        if (colon == std::string_view::npos) break;
        dirs.remove_prefix(colon + 1);
    }
    throw EngineStartError("cannot start engine '" + program + "': not found in PATH");
}

struct EngineProcess::Impl : std::enable_shared_from_this<Impl> {
    asio::io_context& io;
    std::string program;
    asio::writable_pipe to_engine;
    PipeReader from_engine;
    std::optional<bp::process> proc;
    asio::steady_timer timer;
    LineBuffer input;
    std::string queued, in_flight;  // swapped: one is written while the other fills
    bool writing = false;
    bool write_closed = false;
    bool paused = false, read_pending = false, tail = false, signalled = false;
    pid_t reaper = -1;
    int reaper_fd = -1;
    std::size_t drain_level = 0;
    std::function<void()> drained;
    bool close_when_flushed = false;
    bool exited = false, eof = false, reported = false;
    int status = 0;
    int pid = -1;
    LineHandler line_handler;
    ExitHandler exit_handler;

    Impl(asio::io_context& ctx, const std::string& prog)
        : io(ctx), program(prog), to_engine(ctx), from_engine(ctx), timer(ctx) {}

    void read() {
        if (paused || read_pending) return;
        read_pending = true;
        char* area = input.write_area();
        from_engine.async_read_some(
            area, input.write_capacity(),
            [self = shared_from_this()](const bp::error_code& ec, std::size_t n) { self->on_read(ec, n); });
    }
    void on_read(const bp::error_code& ec, std::size_t n) {
        read_pending = false;
        input.commit(n);
        std::string_view line;
        while (input.next_line(line))
            if (line_handler) line_handler(line);
        if (ec) {
            tail = true;
            if (!input.rest().empty() && line_handler) line_handler(input.rest());
            tail = false;
            input.clear();
            eof = true;
            maybe_report();
            return;
        }
        read();
    }

    void wait() {
        proc->async_wait([self = shared_from_this()](const bp::error_code& ec, int) {
            self->exited = true;
            self->status = ec ? 128 + SIGKILL : decode_status(self->proc->native_exit_code());
            self->timer.cancel();
            self->end_group();
            self->end_of_output_soon();
            self->maybe_report();
        });
    }
    // A process outside the group (one that left it) may keep the pipe open: deliver what
    // is there, do not wait for its EOF. Output held back by a paused reader is not lost.
    void end_of_output_soon() {
        if (eof) return;
        timer.expires_after(std::chrono::milliseconds(500));
        timer.async_wait([self = shared_from_this()](const bp::error_code& e) {
            if (e || self->eof) return;
            if (self->paused) return self->end_of_output_soon();
            self->eof = true;
            self->from_engine.close();
            self->maybe_report();
        });
    }
    // The engine has gone: whatever it left in its group goes too, now.
    void end_group() {
        if (pid > 0) ::kill(-pid, SIGKILL);
        release_reaper();
    }
    void release_reaper() {
        if (reaper_fd >= 0) ::close(reaper_fd);
        reaper_fd = -1;
        if (reaper > 0) ::waitpid(reaper, nullptr, 0);  // it exits at once on EOF
        reaper = -1;
    }

    void maybe_report() {
        if (!exited || !eof || reported) return;
        reported = true;
        timer.cancel();
        bp::error_code ignored;
        to_engine.close(ignored);
        write_closed = true;
        if (exit_handler) exit_handler(status);
    }

    void send(std::string_view line, bool newline = true) {
        if (write_closed) return;
        queued.append(line);
        if (newline) queued.push_back('\n');
        if (!writing) flush();
    }
    void notify_drained() {
        if (!drained || (!write_closed && queued.size() + in_flight.size() > drain_level)) return;
        auto done = std::move(drained);
        drained = nullptr;
        done();
    }
    void flush() {
        notify_drained();
        if (write_closed) return;
        if (queued.empty()) {
            if (close_when_flushed) {
                bp::error_code ignored;
                to_engine.close(ignored);
                write_closed = true;
            }
            return;
        }
        if (!writing) {
            // Written here when the pipe takes it all, as a command nearly always does: an
            // asynchronous write would queue its completion, and asio's loop polls once more
            // (one more system call) before it sleeps whenever a completion is queued.
            const ssize_t n = ::write(to_engine.native_handle(), queued.data(), queued.size());
            if (n == ssize_t(queued.size())) {
                queued.clear();
                return flush();  // now empty: the drained and close checks
            }
            if (n > 0) {
                queued.erase(0, std::size_t(n));
            } else if (errno != EAGAIN && errno != EINTR) {  // the engine closed its stdin
                write_closed = true;
                queued.clear();
                return notify_drained();
            }
        }
        writing = true;
        in_flight.swap(queued);
        queued.clear();
        asio::async_write(to_engine, asio::buffer(in_flight),
                          [self = shared_from_this()](const bp::error_code& ec, std::size_t) {
                              self->writing = false;
                              self->in_flight.clear();
                              if (ec) {  // the engine closed its stdin: drop what is left
                                  self->write_closed = true;
                                  self->queued.clear();
                                  self->notify_drained();
                                  return;
                              }
                              self->flush();
                          });
    }

    void signal(int sig) {
        if (exited || pid <= 0) return;
        signalled = true;
        ::kill(-pid, sig);
    }
    void escalate(std::chrono::milliseconds timeout, int sig) {
        timer.expires_after(timeout);
        timer.async_wait([self = shared_from_this(), timeout, sig](const bp::error_code& ec) {
            if (ec || self->exited) return;
            self->signal(sig);
            if (sig == SIGTERM) self->escalate(timeout, SIGKILL);
        });
    }
};

EngineProcess::EngineProcess(asio::io_context& io, const std::string& program,
                             const std::vector<std::string>& args, const std::string& stderr_file)
    : impl_(std::make_shared<Impl>(io, program)) {
    // An engine that exits leaves a pipe with no reader. Writing to it must fail with EPIPE
    // (the read side then reports the engine gone), not kill whoever hosts the engine: the
    // proxy, a match, a check, or a test. Every host wants this, so the engine sets it.
    ::signal(SIGPIPE, SIG_IGN);
    const bp::filesystem::path exe = find_program(program);
    int err_fd = -1;  // ours until the launch: the child gets it as its fd 2
    if (!stderr_file.empty()) {
        err_fd = ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (err_fd < 0)
            throw EngineStartError("cannot open '" + stderr_file + "' for engine '" + program +
                                   "' stderr: " + std::strerror(errno));
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1};  // [0] the read end, [1] the write end
    std::string error;
    pid_t pid = -1;
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
    } else {
        std::vector<const char*> argv{exe.c_str()};
        for (const std::string& a : args) argv.push_back(a.c_str());
        argv.push_back(nullptr);
        pid = spawn(exe.c_str(), argv, Stdio{in[0], out[1], err_fd}, true, error);
    }
    for (int fd : {in[0], out[1], err_fd})  // the child's ends
        if (fd >= 0) ::close(fd);
    bp::error_code ec;
    // Our end only (the engine's stdin blocks as usual): flush() writes without waiting.
    if (pid > 0 && ::fcntl(in[1], F_SETFL, O_NONBLOCK) != 0) ec.assign(errno, bp::system_category());
    if (pid > 0 && !ec) impl_->to_engine.assign(in[1], ec);
    if (pid > 0 && !ec) impl_->from_engine.assign(out[0], ec);
    if (pid < 0 || ec) {
        if (!impl_->to_engine.is_open() && in[1] >= 0) ::close(in[1]);
        if (!impl_->from_engine.is_open() && out[0] >= 0) ::close(out[0]);
        if (pid > 0) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
        }
        throw EngineStartError("cannot start engine '" + program + "': " + (ec ? ec.message() : error));
    }
    impl_->proc.emplace(io.get_executor(), pid);
    impl_->pid = impl_->proc->id();
    std::tie(impl_->reaper, impl_->reaper_fd) = start_reaper(impl_->pid);
}

EngineProcess::~EngineProcess() {
    if (!impl_) return;
    impl_->line_handler = nullptr;
    impl_->exit_handler = nullptr;
    if (!impl_->exited && impl_->pid > 0) {
        ::kill(-impl_->pid, SIGKILL);
        int st;
        ::waitpid(impl_->pid, &st, 0);
        impl_->exited = true;
        if (impl_->proc) impl_->proc->detach();
    }
    impl_->end_group();
    bp::error_code ignored;
    impl_->timer.cancel();
    impl_->to_engine.close(ignored);
    impl_->from_engine.close();
}

void EngineProcess::on_line(LineHandler handler) { impl_->line_handler = std::move(handler); }
void EngineProcess::on_exit(ExitHandler handler) { impl_->exit_handler = std::move(handler); }
void EngineProcess::on_sent(LineHandler handler) { sent_handler_ = std::move(handler); }

void EngineProcess::start() {
    impl_->read();
    impl_->wait();
}

void EngineProcess::send_line(std::string_view line, bool newline) {
    if (sent_handler_) sent_handler_(line);
    impl_->send(line, newline);
}
void EngineProcess::reserve_output(std::size_t bytes) {
    impl_->queued.reserve(bytes);
    impl_->in_flight.reserve(bytes);
}
bool EngineProcess::line_unterminated() const { return impl_->tail; }

void EngineProcess::when_drained_to(std::size_t bytes, std::function<void()> done) {
    impl_->drain_level = bytes;
    impl_->drained = std::move(done);
    impl_->notify_drained();
}

void EngineProcess::pause_reading() { impl_->paused = true; }
void EngineProcess::resume_reading() {
    if (!impl_->paused) return;
    impl_->paused = false;
    if (!impl_->eof) impl_->read();
}
std::size_t EngineProcess::pending_output() const { return impl_->queued.size() + impl_->in_flight.size(); }

void EngineProcess::stop(std::chrono::milliseconds timeout, bool send_quit) {
    if (impl_->exited) return;
    if (send_quit) impl_->send("quit");
    impl_->escalate(timeout, SIGTERM);
}

void EngineProcess::close_input() {
    impl_->close_when_flushed = true;
    if (!impl_->writing) impl_->flush();
}

void EngineProcess::kill() { impl_->signal(SIGKILL); }
bool EngineProcess::signalled_by_us() const { return impl_->signalled; }
bool EngineProcess::running() const { return !impl_->exited; }
int EngineProcess::pid() const { return impl_->pid; }
const std::string& EngineProcess::program() const { return impl_->program; }

}  // namespace drawproxy::engine
