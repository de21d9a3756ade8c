#include "tournament/scheduler.h"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <climits>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>

#include "game/hash.h"
#include "game/polyglot_book.h"
#include "game/syzygy.h"
#include "output/html_page.h"
#include "output/pgn.h"
#include "rules/notation.h"
#include "tournament/engine_pool.h"
#include "tournament/live_status.h"

namespace drawproxy::tournament {

using namespace game;
using namespace output;
using namespace journal;
using namespace stats;

std::vector<GameSpec> build_schedule(const MatchOptions& opts, const std::vector<Opening>& openings) {
    std::vector<std::pair<int, int>> pairings;
    const int n = int(opts.engines.size());
    if (opts.tournament == MatchOptions::Tournament::Gauntlet) {
        for (int j = 1; j < n; ++j) pairings.emplace_back(0, j);
    } else {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) pairings.emplace_back(i, j);
    }
    std::vector<std::size_t> order(openings.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (opts.openings && opts.openings->random) {
        std::mt19937_64 rng(opts.seed);
        std::shuffle(order.begin(), order.end(), rng);
    }
    // cutechess-cli's rule: an opening is kept for the next game until it has been played
    // `-repeat` times (default policy) or for ever (encounter, round); the kept one is
    // dropped when a new pair starts in a tournament of three or more (default, encounter)
    // or when a new round starts (round).
    using Policy = OpeningsOptions::Policy;
    const Policy policy = opts.openings ? opts.openings->policy : Policy::Default;
    const int repetitions = policy == Policy::Default ? opts.opening_repetitions : INT_MAX;
    std::size_t next_opening = opts.openings ? std::size_t(opts.openings->start - 1) : 0;
    const Opening* kept = nullptr;
    int played = 0;  // games the current opening has been played
    int kept_round = 0;
    std::pair<int, int> previous{-1, -1};
    std::vector<GameSpec> games;
    // -repeat (twice): games 2k and 2k+1 of an encounter's round share the opening with
    // colours swapped, and make a game pair for the statistics and the shards.
    const bool paired = opts.repeat && opts.opening_repetitions == 2;
    int pairs = 0, units = 0;
    for (int round = 1; round <= opts.rounds; ++round) {
        for (auto [a, b] : pairings) {
            for (int g = 0; g < opts.games; ++g) {
                GameSpec s;
                if (!openings.empty()) {
                    const bool new_pair = std::make_pair(a, b) != previous;
                    if ((new_pair && n > 2 && policy != Policy::Round) ||
                        (round > kept_round && policy == Policy::Round)) {
                        kept = nullptr;
                        kept_round = round;
                    }
                    const Opening* opening = kept;
                    if (opening) {
                        ++played;
                    } else {
                        played = 1;
                        opening = &openings[order[next_opening++ % openings.size()]];
                    }
                    kept = played < repetitions ? opening : nullptr;
                    s.start = opening->start;
                    s.from_fen = opening->from_fen;
                    s.book = opening->moves;
                }
                previous = {a, b};
                s.number = int(games.size()) + 1;
                s.round = round;
                // -noswap: the pair's first engine keeps White; -reverse: the second starts.
                const bool swap = (!opts.noswap && g % 2 == 1) != opts.reverse;
                s.white = &opts.engines[swap ? b : a];
                s.black = &opts.engines[swap ? a : b];
                s.draw_offers = opts.draw_offers;
                s.adjudication = opts.adjudication;
                if (paired && g % 2 == 0 && g + 1 < opts.games) {
                    s.pair = pairs++;
                    s.unit = units++;
                } else if (paired && g % 2 == 1) {
                    s.pair = games.back().pair;
                    s.unit = games.back().unit;
                } else {
                    s.unit = units++;
                }
                games.push_back(std::move(s));
            }
        }
    }
    return games;
}

namespace {

// The hash of everything that fixes the games of the whole match: the rules, the seed, the
// engines and their settings (an opening book by its content), the number of parts, and every
// scheduled game (players, opening, pair).
std::string match_id(const MatchOptions& o, const std::string& rules, const std::vector<GameSpec>& schedule,
                     const std::map<std::string, std::unique_ptr<PolyglotBook>>& books) {
    std::string text = fmt::format("drawproxy match\nrules {}\nchess960 {}\nparts {}\npenta {}\nseed {}\n",
                                   rules, o.chess960, o.shard ? o.shard->count : 1, o.report_penta, o.seed);
    for (const EngineConfig& e : o.engines) {
        text += fmt::format("engine {}\ncmd {}\ndir {}\ntc {}\nnodes {}\ndepth {}\n", e.name, e.cmd, e.dir,
                            e.tc.text(), e.nodes, e.depth);
        if (!e.book.empty())
            text += fmt::format("book {:016x} {} depth {}\n", books.at(e.book)->content_hash(),
                                books.at(e.book)->size(), e.book_depth);
        for (const auto& a : e.args) text += "arg " + a + "\n";
        for (const auto& [name, value] : e.options) text += "option " + name + "=" + value + "\n";
    }
    std::uint64_t h = fnv1a(text);
    for (const GameSpec& g : schedule) {
        text = fmt::format("{} {} {} {} {} {}", g.number, g.round, g.white->name, g.black->name,
                           rules::to_fen(g.start), g.pair);
        rules::Position p = g.start;
        for (rules::Move m : g.book) {
            text += ' ' + rules::to_uci(p, m);
            p.play(m);
        }
        h = fnv1a(text + '\n', h);
    }
    return hex_id(h);
}

// Once the match is winding down (a first signal handled, or every game over and the engines
// quitting), a signal ends the process at once: async-signal-safe calls only. The engines do
// not outlive us (PR_SET_PDEATHSIG and the reaper of each engine's process group).
void exit_at_once(int signo) {
    static const char line[] = "drawproxy: second signal: exiting at once\n";
    (void)!::write(STDERR_FILENO, line, sizeof line - 1);
    ::_exit(128 + signo);
}

void exit_at_once_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = exit_at_once;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGINT, SIGTERM}) ::sigaction(sig, &sa, nullptr);
}

// Puts back the SIGINT and SIGTERM dispositions run() found, when it returns.
class SignalDispositions {
  public:
    SignalDispositions() {
        ::sigaction(SIGINT, nullptr, &saved_[0]);
        ::sigaction(SIGTERM, nullptr, &saved_[1]);
    }
    ~SignalDispositions() {
        ::sigaction(SIGINT, &saved_[0], nullptr);
        ::sigaction(SIGTERM, &saved_[1], nullptr);
    }
    SignalDispositions(const SignalDispositions&) = delete;
    SignalDispositions& operator=(const SignalDispositions&) = delete;

  private:
    struct sigaction saved_[2];
};

const char* signal_name(int signo) {
    return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "signal";
}

}  // namespace

Scheduler::Scheduler(const MatchOptions& opts, rules::Edition edition, std::FILE* out)
    : opts_(opts), edition_(std::move(edition)), out_(out) {}

MatchSummary Scheduler::run() {
    std::vector<Opening> openings;
    if (opts_.openings) openings = load_openings(*opts_.openings, opts_.chess960);
    if (opts_.chess960 && openings.empty()) {
        // As cutechess-cli: without an opening file every new opening is a random start position.
        std::mt19937_64 rng(opts_.seed);
        const int n = opts_.rounds * opts_.games * int(opts_.engines.size()) * int(opts_.engines.size());
        for (int i = 0; i < n; ++i) openings.push_back(chess960_opening(int(rng() % 960)));
    }
    std::vector<GameSpec> schedule = build_schedule(opts_, openings);
    // Each book= file read once; every game of a player with one plays from it.
    std::map<std::string, std::unique_ptr<PolyglotBook>> books;
    for (const EngineConfig& e : opts_.engines)
        if (!e.book.empty() && !books.count(e.book))
            books.emplace(e.book, std::make_unique<PolyglotBook>(e.book));
    const std::string id = match_id(opts_, edition_.name, schedule, books);
    int pair_count = 0;
    for (const GameSpec& g : schedule) pair_count = std::max(pair_count, g.pair + 1);
    const int total = int(schedule.size());  // game numbers and counts are the whole match's
    if (opts_.shard)
        std::erase_if(schedule, [&](const GameSpec& g) { return !unit_in_shard(g.unit, *opts_.shard); });
    LiveStatus live(opts_, pair_count);

    std::vector<std::string> names;
    for (const auto& e : opts_.engines) names.push_back(e.name);
    MatchSummary summary{Report(names, edition_.name), {}, {}, 0, {}};

    // The saved state: the finished games leave the schedule and count as played.
    MatchState state;
    std::vector<GameRecord> carried;  // the resumed games, for -htmlout (results, no moves)
    state.args = opts_.args;
    state.match_id = id;
    if (opts_.resume) {
        if (opts_.resume->match_id != id)
            throw OptionError(fmt::format("'{}' is the state of another match (id {}, this one is {})",
                                          opts_.state_file, opts_.resume->match_id, id));
        state.games = opts_.resume->games;
        state.pgn_bytes = opts_.resume->pgn_bytes;
        state.epd_bytes = opts_.resume->epd_bytes;
        // Games written after the last save are cut off: they are played again.
        for (auto [file, bytes] :
             {std::pair{&opts_.pgnout, state.pgn_bytes}, {&opts_.epdout, state.epd_bytes}}) {
            std::error_code ec;
            if (!file->empty() && bytes >= 0 && std::filesystem::exists(*file, ec) &&
                std::filesystem::file_size(*file, ec) > std::uintmax_t(bytes))
                std::filesystem::resize_file(*file, std::uintmax_t(bytes), ec);
        }
        std::vector<SavedGame> done = state.games;
        std::sort(done.begin(), done.end(),
                  [](const SavedGame& a, const SavedGame& b) { return a.number < b.number; });
        std::vector<int> numbers;
        for (const SavedGame& g : done) {
            GameRecord r = record_of(g);
            summary.report.add(r);
            live.game_finished(summary.report.index_of(g.white), summary.report.index_of(g.black),
                               g.outcome.score, g.pair);
            numbers.push_back(g.number);
            carried.push_back(std::move(r));
        }
        std::erase_if(schedule, [&](const GameSpec& g) {
            return std::binary_search(numbers.begin(), numbers.end(), g.number);
        });
        if (out_ && !opts_.quiet)
            std::fprintf(out_, "Resuming match from %s: %zu games played, %zu to play\n",
                         opts_.state_file.c_str(), numbers.size(), schedule.size());
    }
    // A seed from the clock is said where it decides something, so the run can be repeated.
    const bool seed_decides =
        !books.empty() || (opts_.openings && opts_.openings->random) || (opts_.chess960 && !opts_.openings);
    if (!opts_.seed_given && seed_decides) {
        if (out_ && opts_.output == OutputFormat::drawproxy)
            std::fprintf(out_,
                         "Seed %llu from the clock (-srand %llu plays these openings and book moves again)\n",
                         (unsigned long long)opts_.seed, (unsigned long long)opts_.seed);
        else if (out_)  // the runners' formats are theirs: the note goes beside them
            std::fprintf(stderr, "drawproxy: seed %llu from the clock (-srand %llu repeats the match)\n",
                         (unsigned long long)opts_.seed, (unsigned long long)opts_.seed);
    }
    const std::string state_path = opts_.state_file.empty()
                                       ? default_state_path(opts_.pgnout, opts_.epdout, opts_.jsonout)
                                       : opts_.state_file;
    // The state file is written whole once (the games of a resumed match compacted into it),
    // then each save appends the games finished since the last one (match/match_state.h).
    int unsaved = 0;
    std::string unsaved_lines;
    bool state_written = false;
    auto save_state = [&] {
        std::string error;
        const bool saved = state_written ? append_state_lines(state_path, unsaved_lines, error)
                                         : write_state_file(state_path, state, error);
        if (!saved) std::fprintf(stderr, "warning: match state not saved: %s\n", error.c_str());
        state_written = state_written || saved;  // else the next save writes it whole
        unsaved = 0;
        unsaved_lines.clear();
    };
    if (opts_.autosave_interval > 0) save_state();

    std::ofstream pgn;
    if (!opts_.pgnout.empty()) {
        pgn.open(opts_.pgnout, opts_.pgn_append ? std::ios::app : std::ios::trunc);
        if (!pgn) throw OptionError(fmt::format("cannot write PGN file '{}'", opts_.pgnout));
    }
    std::ofstream epd;
    if (!opts_.epdout.empty()) {
        epd.open(opts_.epdout, opts_.epd_append ? std::ios::app : std::ios::trunc);
        if (!epd) throw OptionError(fmt::format("cannot write EPD file '{}'", opts_.epdout));
    }
    if (opts_.adjudication.tablebase() && syzygy::open(opts_.adjudication.tb_paths) == 0)
        throw OptionError(fmt::format("-tb: no Syzygy tables found in '{}'", opts_.adjudication.tb_paths));
    boost::asio::io_context io;
    boost::asio::steady_timer wait_timer(io);  // -wait: the pause before the next game starts
    auto print = [&](const std::string& line) {
        if (out_) std::fprintf(out_, "%s\n", line.c_str()), std::fflush(out_);
    };
    // -quiet drops the per-game lines and the tables, never the final score and Elo.
    auto print_live = [&](const std::string& line) {
        if (!opts_.quiet) print(line);
    };

    // Declared before the pool, so it outlives the engines' last lines.
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> log_file(nullptr, &std::fclose);
    if (!opts_.log_file.empty()) {
        log_file.reset(std::fopen(opts_.log_file.c_str(), "a"));
        if (!log_file) throw OptionError(fmt::format("cannot write log file '{}'", opts_.log_file));
    }
    EnginePool pool(io, opts_.chess960);
    if (log_file)
        pool.set_log(log_file.get());
    else if (opts_.debug_to_stdout)
        pool.set_log(stdout);
    for (GameSpec& g : schedule) {
        if (!g.white->book.empty()) g.books[rules::WHITE] = books.at(g.white->book).get();
        if (!g.black->book.empty()) g.books[rules::BLACK] = books.at(g.black->book).get();
        // The game's own seed, from the match's and its number: the same book moves whatever
        // order the games run in.
        std::uint64_t state = opts_.seed ^ (std::uint64_t(g.number) << 32);
        g.seed = next_random(state);
    }
    // -htmlout: the page is rewritten (through a temporary file, so a reloading browser
    // never reads half of it) every -ratinginterval games, and at the end. A failed refresh
    // is reported once and the match goes on; the final write fails the run.
    const bool refresh_html = !opts_.htmlout.empty() && opts_.rating_interval > 0;
    bool refresh_failed = false;
    auto write_html = [&](const std::string& status) {
        nlohmann::json j = summary.report.json();
        if (!status.empty()) j["status"] = status;
        std::vector<GameRecord> scored = carried;  // the page shows results: not the unterminated games
        for (const GameRecord& g : summary.games)
            if (!g.outcome.unterminated()) scored.push_back(g);
        std::string error;
        if (write_file_atomically(opts_.htmlout, match_html(scored, names, edition_.name, &j), error))
            return true;
        if (status.empty()) throw OptionError(error);
        if (!refresh_failed)
            std::fprintf(stderr, "warning: %s (the report is written again later)\n", error.c_str());
        refresh_failed = true;
        return false;
    };
    std::map<int, std::shared_ptr<GameRunner>> running;
    std::size_t next = 0;

    // Ctrl-C: handled on the event loop, so the games are stopped and written as usual.
    const SignalDispositions restore_on_return;
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    bool winding_down = false;
    // No game left to run: the idle engines quit (at most 600 ms each). A first signal meanwhile
    // is still handled on the loop, so the outputs are written; once the engines are gone, or on
    // a second signal, a signal exits at once.
    auto wind_down = [&] {
        if (winding_down) return;
        winding_down = true;
        pool.shutdown();
        pool.when_all_exited([&] {
            signals.cancel();
            signals.clear();
            exit_at_once_on_signals();
        });
    };
    std::function<void(const boost::system::error_code&, int)> on_signal;
    on_signal = [&](const boost::system::error_code& ec, int signo) {
        if (ec) return;  // cancelled: the match ended by itself
        if (summary.interrupted) exit_at_once(signo);
        summary.interrupted = signo;
        if (winding_down) {
            std::fprintf(
                stderr,
                "drawproxy: %s: no game is running; ending the engines (a second signal exits at once)\n",
                signal_name(signo));
            signals.async_wait(on_signal);
            return;
        }
        std::fprintf(
            stderr,
            "drawproxy: %s: no new game; stopping the running games (a second signal exits at once)\n",
            signal_name(signo));
        wait_timer.cancel();
        for (auto& [number, runner] : running) runner->interrupt();
        if (running.empty()) return wind_down();
        signals.async_wait(on_signal);
    };
    signals.async_wait(on_signal);

    std::function<void()> launch;
    launch = [&] {
        while (summary.stopped.empty() && !summary.interrupted && next < schedule.size() &&
               int(running.size()) < opts_.concurrency && !live.stopped()) {
            GameSpec spec = schedule[next++];
            const int number = spec.number, pair = spec.pair;
            GameRecord head;
            head.number = number;
            head.white = spec.white->name;
            head.black = spec.black->name;
            print_live(Report::started_line(head, total));
            auto runner = std::make_shared<GameRunner>(
                io, pool, edition_, std::move(spec),
                [&, number, pair](GameRecord record, const OverheadSamples& overhead) {
                    if (!record.startup_failure.empty()) {
                        // Not a game: an engine that cannot start is reported, never scored.
                        if (summary.stopped.empty()) summary.stopped = record.startup_failure;
                        running.erase(number);
                        if (running.empty()) wind_down();
                        return;
                    }
                    if (record.outcome.unterminated()) {
                        // Stopped by the interruption: written with `*`, never scored.
                        record.event = opts_.event;
                        record.site = opts_.site;
                        summary.report.add(record);
                        print_live(Report::finished_line(record));
                        if (pgn.is_open()) pgn << write_pgn(record, opts_.pgn_minimal) << std::flush;
                        summary.games.push_back(std::move(record));
                        running.erase(number);
                        if (running.empty()) wind_down();
                        return;
                    }
                    if (!record.crash.empty() && !opts_.recover && summary.stopped.empty())
                        summary.stopped =
                            fmt::format("{} in game {} (-recover restarts it)", record.crash, number);
                    summary.overhead.insert(summary.overhead.end(), overhead.begin(), overhead.end());
                    summary.report.add(record);
                    print_live(Report::finished_line(record));
                    const int a = summary.report.index_of(record.white),
                              b = summary.report.index_of(record.black);
                    const int first = std::min(a, b), second = std::max(a, b);
                    record.event = opts_.event;
                    record.site = opts_.site;
                    const bool last = next >= schedule.size() && running.size() == 1;
                    const std::string status = live.game_finished(a, b, record.outcome.score, pair, last);
                    if (opts_.output == OutputFormat::drawproxy && live.score_line_due())
                        print_live(summary.report.score_line(first, second));
                    if (!status.empty()) print_live(status.substr(0, status.size() - 1));
                    if (pgn.is_open()) pgn << write_pgn(record, opts_.pgn_minimal) << std::flush;
                    if (epd.is_open()) epd << final_position_line(record) << '\n' << std::flush;
                    if (opts_.autosave_interval > 0) {
                        SavedGame saved = saved_game(record, pair);
                        std::error_code ec;  // the files are flushed: their sizes hold this game
                        if (pgn.is_open())
                            state.pgn_bytes = std::int64_t(std::filesystem::file_size(opts_.pgnout, ec));
                        if (epd.is_open())
                            state.epd_bytes = std::int64_t(std::filesystem::file_size(opts_.epdout, ec));
                        saved.pgn_bytes = state.pgn_bytes;
                        saved.epd_bytes = state.epd_bytes;
                        unsaved_lines += state_game_line(saved);
                        state.games.push_back(std::move(saved));
                        if (++unsaved >= opts_.autosave_interval) save_state();
                    }
                    summary.games.push_back(std::move(record));
                    running.erase(number);
                    if (refresh_html && int(summary.games.size()) % opts_.rating_interval == 0 &&
                        int(summary.games.size()) < int(schedule.size()))
                        write_html(fmt::format("running: {} of {} games played", summary.games.size(),
                                               schedule.size()));
                    if (opts_.wait_ms > 0 && next < schedule.size()) {
                        wait_timer.expires_after(std::chrono::milliseconds(opts_.wait_ms));
                        wait_timer.async_wait([&](const boost::system::error_code& ec) {
                            if (!ec) launch();
                            if (running.empty()) wind_down();  // interrupted during the wait
                        });
                        return;
                    }
                    launch();
                    if (running.empty()) wind_down();  // every game is over: end the engines
                });
            running.emplace(number, runner);
            try {
                runner->start();
            } catch (const engine::EngineStartError& e) {
                throw OptionError(e.what());
            }
        }
    };
    launch();
    if (running.empty()) wind_down();  // nothing to play (an empty shard)
    io.run();
    summary.engines_started = pool.started();
    if (opts_.autosave_interval > 0) {
        state.complete = summary.stopped.empty() && (next >= schedule.size() || live.stopped());
        if (state.complete) unsaved_lines += state_complete_line();
        save_state();
    }

    if (out_ && opts_.output != OutputFormat::drawproxy) {
        std::fputs(live.final_block().c_str(), out_);
        print("Finished match");
    } else if (out_) {
        print_live("");
        const int n = int(names.size());
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                if (summary.report.tally(a, b).games() == 0) continue;
                print(summary.report.score_line(a, b));
                print(summary.report.elo_line(a, b));
                std::fputs(live.drawproxy_lines(a, b).c_str(), out_);
            }
        if (!opts_.quiet) {
            if (n > 2) std::fputs(summary.report.crosstable().c_str(), out_);
            std::fputs(summary.report.reason_table().c_str(), out_);
            std::fputs(summary.report.claims_table().c_str(), out_);
        }
        print("Finished match");
    }
    if (summary.interrupted) {
        int unterminated = 0;
        for (const GameRecord& g : summary.games) unterminated += g.outcome.unterminated();
        std::fprintf(stderr, "drawproxy: match interrupted by %s: %d games finished, %d unterminated\n",
                     signal_name(summary.interrupted), int(summary.games.size()) - unterminated,
                     unterminated);
    }
    if (!opts_.jsonout.empty()) {
        nlohmann::json j = summary.report.json();
        j["match_id"] = id;
        j["seed"] = opts_.seed;
        if (summary.interrupted) j["interrupted"] = signal_name(summary.interrupted);
        if (opts_.shard) j["shard"] = {{"index", opts_.shard->index}, {"count", opts_.shard->count}};
        put_statistics(j, live.stats().all(), live.settings());
        if (opts_.shard && !opts_.pgnout.empty()) {
            // What `merge --pgn` needs to put the games in order: the games this run appended
            // to its PGN file, in the order written.
            nlohmann::json order = nlohmann::json::array();
            for (const GameRecord& g : summary.games) order.push_back(g.number);
            j["pgn"] = {{"file", opts_.pgnout}, {"order", std::move(order)}};
        }
        // Any bytes an engine sent become U+FFFD; the text is whole before the file is opened.
        const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
        std::ofstream js(opts_.jsonout);
        if (!js) throw OptionError(fmt::format("cannot write JSON file '{}'", opts_.jsonout));
        js << text;
    }

    if (!opts_.htmlout.empty()) write_html("");
    return summary;
}

}  // namespace drawproxy::tournament
