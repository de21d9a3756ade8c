#include "engine/engine_process.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/error.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/stdio.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "engine/line_buffer.h"

namespace drawproxy::engine {

namespace asio = boost::asio;
namespace bp = boost::process::v2;

namespace {

// Runs in the child between fork and exec: die with the parent, and undo the parent's
// SIGPIPE disposition (an ignored signal stays ignored across exec).
struct ChildSetup {
    pid_t parent;
    bp::error_code on_exec_setup(bp::posix::default_launcher&, const bp::filesystem::path&,
                                 const char* const*) {
        ::signal(SIGPIPE, SIG_DFL);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);  // the parent died before prctl
        return {};
    }
};

bp::filesystem::path resolve(const std::string& program) {
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

int decode_status(int native) {
    if (WIFEXITED(native)) return WEXITSTATUS(native);
    if (WIFSIGNALED(native)) return 128 + WTERMSIG(native);
    return native;
}

}  // namespace

struct EngineProcess::Impl : std::enable_shared_from_this<Impl> {
    asio::io_context& io;
    std::string program;
    asio::writable_pipe to_engine;
    asio::readable_pipe from_engine;
    std::optional<bp::process> proc;
    asio::steady_timer timer;
    LineBuffer input;
    std::string queued, in_flight;  // swapped: one is written while the other fills
    bool writing = false;
    bool write_closed = false;
    bool close_when_flushed = false;
    bool exited = false, eof = false, reported = false;
    int status = 0;
    int pid = -1;
    LineHandler line_handler;
    ExitHandler exit_handler;

    Impl(asio::io_context& ctx, const std::string& prog)
        : io(ctx), program(prog), to_engine(ctx), from_engine(ctx), timer(ctx) {}

    void read() {
        char* area = input.write_area();
        from_engine.async_read_some(
            asio::buffer(area, input.write_capacity()),
            [self = shared_from_this()](const bp::error_code& ec, std::size_t n) { self->on_read(ec, n); });
    }
    void on_read(const bp::error_code& ec, std::size_t n) {
        input.commit(n);
        std::string_view line;
        while (input.next_line(line))
            if (line_handler) line_handler(line);
        if (ec) {
            if (!input.rest().empty() && line_handler) line_handler(input.rest());
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
            // A grandchild may keep the pipe open: deliver what is there, do not wait for EOF.
            if (!self->eof) {
                self->timer.expires_after(std::chrono::milliseconds(500));
                self->timer.async_wait([self](const bp::error_code& e) {
                    if (!e && !self->eof) {
                        self->eof = true;
                        bp::error_code ignored;
                        self->from_engine.close(ignored);
                        self->maybe_report();
                    }
                });
            }
            self->maybe_report();
        });
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

    void send(std::string_view line) {
        if (write_closed) return;
        queued.append(line);
        queued.push_back('\n');
        if (!writing) flush();
    }
    void flush() {
        if (write_closed) return;
        if (queued.empty()) {
            if (close_when_flushed) {
                bp::error_code ignored;
                to_engine.close(ignored);
                write_closed = true;
            }
            return;
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
                                  return;
                              }
                              self->flush();
                          });
    }

    void signal(int sig) {
        if (!exited && pid > 0) ::kill(pid, sig);
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
                             const std::vector<std::string>& args)
    : impl_(std::make_shared<Impl>(io, program)) {
    auto exe = resolve(program);
    try {
        impl_->proc.emplace(io.get_executor(), exe, args,
                            bp::process_stdio{impl_->to_engine, impl_->from_engine, {}},
                            ChildSetup{::getpid()});
    } catch (const std::exception& e) {
        throw EngineStartError("cannot start engine '" + program + "': " + e.what());
    }
    impl_->pid = impl_->proc->id();
}

EngineProcess::~EngineProcess() {
    if (!impl_) return;
    impl_->line_handler = nullptr;
    impl_->exit_handler = nullptr;
    if (!impl_->exited && impl_->pid > 0) {
        ::kill(impl_->pid, SIGKILL);
        int st;
        ::waitpid(impl_->pid, &st, 0);
        impl_->exited = true;
        if (impl_->proc) impl_->proc->detach();
    }
    bp::error_code ignored;
    impl_->timer.cancel();
    impl_->to_engine.close(ignored);
    impl_->from_engine.close(ignored);
}

void EngineProcess::on_line(LineHandler handler) { impl_->line_handler = std::move(handler); }
void EngineProcess::on_exit(ExitHandler handler) { impl_->exit_handler = std::move(handler); }

void EngineProcess::start() {
    impl_->read();
    impl_->wait();
}

void EngineProcess::send_line(std::string_view line) { impl_->send(line); }
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
bool EngineProcess::running() const { return !impl_->exited; }
int EngineProcess::pid() const { return impl_->pid; }
const std::string& EngineProcess::program() const { return impl_->program; }

}  // namespace drawproxy::engine
