// drawproxy [--xboard] [--rules NAME|FILE] [--claim POLICY] [--log FILE] [--setoption NAME=VALUE]...
//           [--quit-timeout SECONDS] [--queue-limit BYTES] [--start-timeout SECONDS] -- ENGINE [ARGS...]
#include <signal.h>

#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <cstdio>

#include "app/commands.h"
#include "app/edition_loader.h"
#include "engine/engine_process.h"
#include "proxy/relay.h"
#include "proxy/xboard_adapter.h"

namespace drawproxy {

namespace {

// Re-arms itself: a second signal makes the front end kill the engine at once.
template <class FrontEnd>
void watch_signals(boost::asio::signal_set& signals, FrontEnd& front) {
    signals.async_wait([&signals, &front](const boost::system::error_code& ec, int sig) {
        if (ec) return;
        front.terminate(sig);
        watch_signals(signals, front);
    });
}

// Runs one front end (the UCI relay or the xboard adapter) until it ends; its exit status.
template <class FrontEnd, class Options>
int run_front_end(const Args& command, Options options) {
    // A GUI that goes away must not kill us before the engine is stopped.
    ::signal(SIGPIPE, SIG_IGN);
    boost::asio::io_context io;
    // Handlers first, so a signal during the engine's start is not lost.
    boost::asio::signal_set signals(io, SIGINT, SIGTERM, SIGHUP);
    std::unique_ptr<engine::EngineProcess> engine;
    try {
        engine =
            std::make_unique<engine::EngineProcess>(io, command[0], Args(command.begin() + 1, command.end()));
    } catch (const engine::EngineStartError& e) {
        fmt::print(stderr, "drawproxy: {}\n", e.what());
        return 2;
    }
    FrontEnd front(io, *engine, std::move(options));
    watch_signals(signals, front);
    front.start();
    io.run();
    return front.exit_status();
}

}  // namespace

int run_proxy(const Args& args) {
    auto dash = std::find(args.begin(), args.end(), "--");
    Args options(args.begin(), dash), command;
    if (dash != args.end())
        command.assign(dash + 1, args.end());
    else if (!args.empty() && !args[0].starts_with("-"))
        command.swap(options);  // drawproxy ENGINE
    CLI::App app{
        "A transparent UCI proxy that claims draws for the engine under the FIDE Laws; with --xboard, "
        "an xboard (CECP v2) engine made of a UCI one, whose claims xboard honours.",
        "drawproxy"};
    std::string rules_name(rules::Edition::DEFAULT_NAME), claim = "always", log_path;
    std::vector<std::string> setoptions;
    double quit_timeout = 5.0, start_timeout = 30.0;
    bool xboard = false;
    std::size_t queue_limit = proxy::RelayOptions{}.queue_limit;
    app.add_flag("--xboard", xboard, "speak xboard (CECP v2) to the GUI and UCI to the engine");
    app.add_option("--rules", rules_name, "rule edition name or TOML file");
    app.add_option("--claim", claim, "always, never or score:CP");
    app.add_option("--log", log_path, "write every line both ways, timestamped, to FILE");
    app.add_option("--setoption", setoptions, "NAME=VALUE sent to the engine after its uciok");
    app.add_option("--quit-timeout", quit_timeout, "seconds between quit, SIGTERM and SIGKILL")
        ->check(CLI::Range(0.0, 3600.0));
    app.add_option("--queue-limit", queue_limit,
                   "bytes held per direction before the proxy stops reading the producer")
        ->check(CLI::Range(std::size_t(4096), std::size_t(1) << 34));
    app.add_option("--start-timeout", start_timeout, "--xboard: seconds the engine has to say uciok")
        ->check(CLI::Range(0.1, 3600.0));
    if (int status = parse_command_line(app, options, ""); status >= 0) return status;
    if (command.empty()) return usage_error("no engine given: drawproxy [options] -- ENGINE [ARGS...]");

    proxy::RelayOptions relay_options;
    try {
        relay_options.edition = app::load_edition(rules_name);
    } catch (const std::exception& e) {
        return usage_error(e.what());
    }
    auto policy = proxy::ClaimPolicy::parse(claim);
    if (!policy) return usage_error("--claim: expected always, never or score:CP, got '" + claim + "'");
    relay_options.policy = *policy;
    for (const std::string& s : setoptions) {
        auto eq = s.find('=');
        if (eq == std::string::npos || eq == 0)
            return usage_error("--setoption: expected NAME=VALUE, got '" + s + "'");
        relay_options.setoptions.emplace_back(s.substr(0, eq), s.substr(eq + 1));
    }
    relay_options.quit_timeout = std::chrono::milliseconds(std::int64_t(quit_timeout * 1000));
    relay_options.queue_limit = queue_limit;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> log(nullptr, &std::fclose);
    if (!log_path.empty()) {
        log.reset(std::fopen(log_path.c_str(), "w"));
        if (!log) return usage_error("--log: cannot open '" + log_path + "'");
        relay_options.log = log.get();
    }

    if (xboard) {
        proxy::XboardAdapterOptions x;
        x.session.edition = std::move(relay_options.edition);
        x.session.policy = relay_options.policy;
        x.session.setoptions = std::move(relay_options.setoptions);
        x.quit_timeout = relay_options.quit_timeout;
        x.start_timeout = std::chrono::milliseconds(std::int64_t(start_timeout * 1000));
        x.queue_limit = relay_options.queue_limit;
        x.log = relay_options.log;
        return run_front_end<proxy::XboardAdapter>(command, std::move(x));
    }
    return run_front_end<proxy::Relay>(command, std::move(relay_options));
}

}  // namespace drawproxy
