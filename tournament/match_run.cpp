#include "tournament/match_run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <filesystem>
#include <random>

#include "game/hash.h"
#include "game/syzygy.h"
#include "output/console.h"
#include "output/sinks.h"
#include "rules/notation.h"

namespace drawproxy::tournament {

using namespace game;
using namespace output;
using namespace journal;

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
// not outlive us (the reaper of each engine's process group).
void exit_at_once(int signo) {
    second_signal_notice();
    ::_exit(128 + signo);
}

void exit_at_once_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = exit_at_once;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGINT, SIGTERM}) ::sigaction(sig, &sa, nullptr);
}

const char* signal_name(int signo) {
    return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "signal";
}

std::vector<std::string> engine_names(const MatchOptions& opts) {
    std::vector<std::string> names;
    for (const auto& e : opts.engines) names.push_back(e.name);
    return names;
}

rules::Wording wording_of(const MatchOptions& o) {
    return output::wording_of(o.output, o.dialect == Dialect::fastchess);
}

SinkSettings sink_settings(const MatchOptions& o, const std::string& rules, std::FILE* out) {
    SinkSettings s;
    s.format = o.output;
    s.wording = wording_of(o);
    s.quiet = o.quiet;
    s.out = out;
    s.pgn = o.pgnout;
    s.pgn_append = o.pgn_append;
    s.pgn_minimal = o.pgn_minimal;
    s.fastchess = &o.fastchess_output;
    s.epd = o.epdout;
    s.epd_append = o.epd_append;
    s.json = o.jsonout;
    s.html = o.htmlout;
    s.rating_interval = o.rating_interval;
    s.outcome_interval = o.outcome_interval;
    s.cutechess_table = {o.result_format,
                         o.tournament == MatchOptions::Tournament::Gauntlet ? std::max(1, o.seeds) : 0};
    s.engines = &o.engines;
    if (o.openings) s.openings_file = o.openings->file, s.openings_random = o.openings->random;
    s.rules = rules;
    return s;
}

}  // namespace

MatchPlan plan_match(const MatchOptions& opts, const std::string& rules) {
    std::vector<Opening> openings;
    if (opts.openings) openings = load_openings(*opts.openings, opts.chess960);
    if (opts.chess960 && openings.empty()) {
        // As cutechess-cli: without an opening file every new opening is a random start position.
        std::mt19937_64 rng(opts.seed);
        const int n = opts.rounds * opts.games * int(opts.engines.size()) * int(opts.engines.size());
        for (int i = 0; i < n; ++i) openings.push_back(chess960_opening(int(rng() % 960)));
    }
    MatchPlan plan;
    if (opts.tournament == MatchOptions::Tournament::Knockout) {
        const int players = int(opts.engines.size());
        plan.knockout.emplace(players, opts.seeds, opts.games, std::uint32_t(opts.seed),
                              draws_before_tournament(opts, openings.size()));
        plan.openings = std::move(openings);
        plan.dealer.emplace(opts, dealt_openings(opts, plan.openings));
    } else {
        plan.schedule = build_schedule(opts, openings);
    }
    for (const EngineConfig& e : opts.engines)
        if (!e.book.empty() && !plan.books.count(e.book))
            plan.books.emplace(e.book, std::make_unique<PolyglotBook>(e.book));
    plan.id = match_id(opts, rules, plan.schedule, plan.books);
    for (const GameSpec& g : plan.schedule) plan.pair_count = std::max(plan.pair_count, g.pair + 1);
    plan.total = plan.knockout ? plan.knockout->planned_games() : int(plan.schedule.size());
    if (opts.shard)
        std::erase_if(plan.schedule, [&](const GameSpec& g) { return !unit_in_shard(g.unit, *opts.shard); });
    return plan;
}

MatchRun::MatchRun(const MatchOptions& opts, const rules::Edition& edition, std::FILE* out)
    : opts_(opts),
      edition_(edition),
      plan_(plan_match(opts, edition.name)),
      names_(engine_names(opts)),
      live_(opts, plan_.pair_count),
      summary_{Report(names_, edition.name), {}, {}, 0, {}},
      sinks_(make_sinks(sink_settings(opts, edition.name, out))),
      // One thread runs the loop and nothing posts from another: asio need not lock.
      io_(BOOST_ASIO_CONCURRENCY_HINT_UNSAFE),
      wait_timer_(io_) {
    state_.args = opts_.args;
    state_.match_id = plan_.id;
}

MatchSummary MatchRun::play() {
    std::optional<Resumed> resumed;
    if (opts_.resume) resumed = carry_saved_games();
    start_sinks(std::move(resumed));
    open_outputs();
    seed_games();
    watch_signals();
    launch();
    if (running_.empty()) wind_down();  // nothing to play (an empty shard)
    io_.run();
    summary_.engines_started = pool_->started();
    close_state();
    end_match();
    return std::move(summary_);
}

// The saved games leave the schedule and count as played; the files are cut back to the last
// save (games written after it are played again).
Resumed MatchRun::carry_saved_games() {
    if (opts_.resume->match_id != plan_.id)
        throw OptionError(fmt::format("'{}' is the state of another match (id {}, this one is {})",
                                      opts_.state_file, opts_.resume->match_id, plan_.id));
    state_.games = opts_.resume->games;
    state_.pgn_bytes = opts_.resume->pgn_bytes;
    state_.epd_bytes = opts_.resume->epd_bytes;
    for (auto [file, bytes] :
         {std::pair{&opts_.pgnout, state_.pgn_bytes}, {&opts_.epdout, state_.epd_bytes}}) {
        std::error_code ec;
        if (!file->empty() && bytes >= 0 && std::filesystem::exists(*file, ec) &&
            std::filesystem::file_size(*file, ec) > std::uintmax_t(bytes))
            std::filesystem::resize_file(*file, std::uintmax_t(bytes), ec);
    }
    std::vector<SavedGame> done = state_.games;
    std::sort(done.begin(), done.end(),
              [](const SavedGame& a, const SavedGame& b) { return a.number < b.number; });
    std::vector<int> numbers;
    for (const SavedGame& g : done) {
        GameRecord r = record_of(g);
        const auto spec = std::find_if(plan_.schedule.begin(), plan_.schedule.end(),
                                       [&](const GameSpec& s) { return s.number == g.number; });
        if (spec != plan_.schedule.end())
            r.players[0] = player_index(spec->white), r.players[1] = player_index(spec->black);
        summary_.report.add(r);
        live_.game_finished(r.players[0], r.players[1], g.outcome.score, g.pair);
        numbers.push_back(g.number);
        carried_.push_back(std::move(r));
    }
    std::erase_if(plan_.schedule, [&](const GameSpec& g) {
        return std::binary_search(numbers.begin(), numbers.end(), g.number);
    });
    return {opts_.state_file, numbers.size(), plan_.schedule.size()};
}

// A seed from the clock is said where it decides something, so the run can be repeated.
void MatchRun::start_sinks(std::optional<Resumed> resumed) {
    const bool draws_bracket = plan_.knockout && int(opts_.engines.size()) - opts_.seeds >= 2;
    const bool seed_decides = !plan_.books.empty() || (opts_.openings && opts_.openings->random) ||
                              (opts_.chess960 && !opts_.openings) || draws_bracket;
    MatchStarted ev{carried_, std::move(resumed), {}};
    if (!opts_.seed_given && seed_decides) ev.clock_seed = opts_.seed;
    for (auto& s : sinks_) s->match_started(ev);
}

// The state file, the PGN and EPD files, the tablebases and the engines' log, in that order:
// the first that cannot be opened fails the run before any engine starts.
void MatchRun::open_outputs() {
    state_path_ = opts_.state_file.empty() ? default_state_path(opts_.pgnout, opts_.epdout, opts_.jsonout)
                                           : opts_.state_file;
    if (opts_.autosave_interval > 0) save_state();
    for (auto& s : sinks_) s->open();
    if (opts_.adjudication.tablebase() && syzygy::open(opts_.adjudication.tb_paths) == 0)
        throw OptionError(fmt::format("-tb: no Syzygy tables found in '{}'", opts_.adjudication.tb_paths));
    if (!opts_.log_file.empty()) {
        log_ = EngineLog::open(opts_.log_file);
        if (!log_) throw OptionError(fmt::format("cannot write log file '{}'", opts_.log_file));
    } else if (opts_.debug_to_stdout) {
        log_ = EngineLog::to_stdout();
    }
    pool_.emplace(io_, opts_.chess960);
    pool_->set_engine_declared([this](const EngineConfig& e, const std::vector<game::OptionSpec>& declared) {
        for (auto& s : sinks_) s->engine_declared(e, declared);
    });
    pool_->set_unknown_options([this](const EngineConfig& e, const std::vector<std::string>& unknown) {
        for (auto& s : sinks_) s->unknown_options(e, unknown);
    });
    if (wording_of(opts_) == rules::Wording::fastchess)
        pool_->set_fastchess_warnings([this](const std::string& line) { warn(line); });
    pool_->set_fastchess_timeouts(opts_.dialect == Dialect::fastchess);
    pool_->set_log(log_.get());
}

// Each game's books, and its own seed from the match's and its number: the same book moves
// whatever order the games run in.
void MatchRun::seed_games() {
    if (opts_.use_affinity)
        cpus_ = game::affinity_slots(opts_.affinity_cpus, opts_.engines, opts_.concurrency);
    for (GameSpec& g : plan_.schedule) seed_game(g);
}

void MatchRun::seed_game(GameSpec& g) {
    if (!g.white->book.empty()) g.books[rules::WHITE] = plan_.books.at(g.white->book).get();
    if (!g.black->book.empty()) g.books[rules::BLACK] = plan_.books.at(g.black->book).get();
    std::uint64_t state = opts_.seed ^ (std::uint64_t(g.number) << 32);
    g.seed = next_random(state);
    if (wording_of(opts_) == rules::Wording::fastchess) g.fastchess_output = &opts_.fastchess_output;
    g.end_at_warning = opts_.strict && g.fastchess_output;
    g.say_warning = [this](const std::string& line) { warn(line); };
    g.recover = opts_.recover;
    if (cpus_) g.cpus = &*cpus_;
}

// Ctrl-C: handled on the event loop, so the games are stopped and written as usual.
void MatchRun::watch_signals() {
    signals_.emplace(io_, SIGINT, SIGTERM);
    signals_->async_wait([this](const boost::system::error_code& ec, int signo) { on_signal(ec, signo); });
}

void MatchRun::on_signal(const boost::system::error_code& ec, int signo) {
    if (ec) return;  // cancelled: the match ended by itself
    if (summary_.interrupted) exit_at_once(signo);
    summary_.interrupted = signo;
    const auto again = [this] {
        signals_->async_wait([this](const boost::system::error_code& e, int s) { on_signal(e, s); });
    };
    if (winding_down_) {
        notice(fmt::format(
            "drawproxy: {}: no game is running; ending the engines (a second signal exits at once)",
            signal_name(signo)));
        return again();
    }
    notice(
        fmt::format("drawproxy: {}: no new game; stopping the running games (a second signal exits at once)",
                    signal_name(signo)));
    wait_timer_.cancel();
    for (auto& [number, runner] : running_) runner->interrupt();
    if (running_.empty()) return wind_down();
    again();
}

void MatchRun::warn(const std::string& line) {
    for (auto& s : sinks_) s->engine_warning(line);
    if (!opts_.strict || strict_stopped_) return;
    // As fastchess's stop flag: no new game starts, and the running games end unterminated,
    // unscored; the match's exit status is 1. Posted: the line may come from inside the pool.
    strict_stopped_ = true;
    if (summary_.stopped.empty()) summary_.stopped = "-strict: " + line;
    boost::asio::post(io_, [this] {
        wait_timer_.cancel();
        for (auto& [number, runner] : running_) runner->interrupt();
        if (running_.empty()) wind_down();
    });
}

// -strict: the warnings about the game's end (an illegal move) stop the match too (those about
// its search were said as they arose); fastchess keeps no game that ends once its stop flag is set.
void MatchRun::strict_stop_at(const GameRecord& record) {
    if (!opts_.strict || strict_stopped_ || wording_of(opts_) != rules::Wording::fastchess) return;
    std::vector<std::string> lines;
    if (!record.outcome.unterminated()) {
        const std::string last = Report::fastchess_warnings(record);
        for (std::size_t at = 0; at < last.size();) {
            const auto end = std::min(last.find('\n', at), last.size());
            lines.push_back(last.substr(at, end - at));
            at = end + 1;
        }
    }
    for (const std::string& line : lines) warn(line);
}

// No game left to run: the idle engines quit (at most 600 ms each). A first signal meanwhile
// is still handled on the loop, so the outputs are written; once the engines are gone, or on
// a second signal, a signal exits at once.
void MatchRun::wind_down() {
    if (winding_down_) return;
    winding_down_ = true;
    pool_->shutdown();
    pool_->when_all_exited([this] {
        signals_->cancel();
        signals_->clear();
        exit_at_once_on_signals();
    });
}

void MatchRun::launch() {
    while (summary_.stopped.empty() && !summary_.interrupted && int(running_.size()) < opts_.concurrency &&
           !live_.stopped() && game_waiting())
        start_game(plan_.schedule[next_++]);
}

bool MatchRun::game_waiting() {
    if (next_ < plan_.schedule.size()) return true;
    if (!plan_.knockout) return false;
    const std::optional<Encounter> pair = plan_.knockout->next_game();
    if (!pair) return false;
    plan_.dealer->deal(*pair, plan_.schedule, false);  // no game pairs: the encounters' lengths vary
    seed_game(plan_.schedule.back());
    plan_.total = std::max(plan_.total, int(plan_.schedule.size()));
    return true;
}

bool MatchRun::schedule_done() const {
    return plan_.knockout ? plan_.knockout->finished() : next_ >= plan_.schedule.size();
}

int MatchRun::player_index(const game::EngineConfig* e) const {
    const auto at = e - opts_.engines.data();
    return at >= 0 && std::size_t(at) < opts_.engines.size() ? int(at) : -1;
}

void MatchRun::start_game(GameSpec spec) {
    const int number = spec.number, pair = spec.pair;
    const int white = player_index(spec.white), black = player_index(spec.black);
    const GameStarted started{number, plan_.total, spec.white->name, spec.black->name};
    for (auto& s : sinks_) s->game_started(started);
    auto runner = std::make_shared<GameRunner>(
        io_, *pool_, edition_, std::move(spec),
        [this, number, pair, white, black](GameRecord record, const OverheadSamples& overhead) {
            record.players[0] = white, record.players[1] = black;
            game_finished(number, pair, std::move(record), overhead);
        });
    running_.emplace(number, runner);
    try {
        runner->start();
    } catch (const engine::EngineStartError& e) {
        throw OptionError(e.what());
    }
}

void MatchRun::game_finished(int number, int pair, GameRecord record, const OverheadSamples& overhead) {
    if (!record.startup_failure.empty()) {
        // Not a game: an engine that cannot start is reported, never scored.
        if (summary_.stopped.empty()) summary_.stopped = record.startup_failure;
        running_.erase(number);
        if (running_.empty()) wind_down();
        return;
    }
    strict_stop_at(record);
    if (strict_stopped_) record.outcome = Outcome{};  // not kept, as fastchess after its stop
    if (record.outcome.unterminated()) return game_unterminated(number, std::move(record));
    if (!record.crash.empty() && !opts_.recover && summary_.stopped.empty()) {
        summary_.stopped = fmt::format("{} in game {} (-recover restarts it)", record.crash, number);
        stopping_game_ = record.number;
        if (wording_of(opts_) == rules::Wording::fastchess)  // fastchess's line, before the game's
            for (auto& s : sinks_)
                s->engine_warning(
                    fmt::format("Game {} stalled / disconnected and no recover option set for engine, "
                                "stopping tournament.",
                                record.number));
    }
    if (opts_.summary_keeps_details)
        summary_.overhead.insert(summary_.overhead.end(), overhead.begin(), overhead.end());
    summary_.report.add(record);
    record.event = opts_.event;
    record.site = opts_.site;
    const int a = record.players[0], b = record.players[1];
    if (plan_.knockout) plan_.knockout->game_finished(a, b, record.outcome.score);
    const bool last =
        plan_.knockout ? plan_.knockout->finished() : next_ >= plan_.schedule.size() && running_.size() == 1;
    StatusSnapshot status = live_.game_finished(a, b, record.outcome.score, pair, last);
    if (plan_.knockout) status.knockout = &plan_.knockout->rounds();
    const GameFinished ev{record,         pair, summary_.report, status, int(summary_.games.size()) + 1,
                          games_to_play()};
    for (auto& s : sinks_) s->game_finished(ev);
    save_game(record, pair);
    if (!opts_.summary_keeps_details)
        std::vector<game::PlyRecord>().swap(record.plies);  // freed, not just emptied
    summary_.games.push_back(std::move(record));
    running_.erase(number);
    next_game();
}

// Stopped by the interruption: written with `*`, never scored; fastchess drops such a game
// without a line or a PGN entry.
void MatchRun::game_unterminated(int number, GameRecord record) {
    record.event = opts_.event;
    record.site = opts_.site;
    summary_.report.add(record);
    if (wording_of(opts_) != rules::Wording::fastchess) {
        const GameFinished ev{record,
                              -1,
                              summary_.report,
                              live_.unterminated(record.players[0], record.players[1]),
                              int(summary_.games.size()) + 1,
                              games_to_play()};
        for (auto& s : sinks_) s->game_finished(ev);
    }
    summary_.games.push_back(std::move(record));
    running_.erase(number);
    if (running_.empty()) wind_down();
}

// With -autosaveinterval, a scored game to the journal, with the sizes of the files holding it.
void MatchRun::save_game(const GameRecord& record, int pair) {
    if (opts_.autosave_interval <= 0) return;
    SavedGame saved = saved_game(record, pair);
    std::error_code ec;  // the files are flushed: their sizes hold this game
    if (!opts_.pgnout.empty()) state_.pgn_bytes = std::int64_t(std::filesystem::file_size(opts_.pgnout, ec));
    if (!opts_.epdout.empty()) state_.epd_bytes = std::int64_t(std::filesystem::file_size(opts_.epdout, ec));
    saved.pgn_bytes = state_.pgn_bytes;
    saved.epd_bytes = state_.epd_bytes;
    unsaved_lines_ += state_game_line(saved);
    state_.games.push_back(std::move(saved));
    if (++unsaved_ >= opts_.autosave_interval) save_state();
}

// The next games start, after -wait if asked; with none left, the engines are ended.
void MatchRun::next_game() {
    if (opts_.wait_ms > 0 && !schedule_done()) {
        wait_timer_.expires_after(std::chrono::milliseconds(opts_.wait_ms));
        wait_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (!ec) launch();
            if (running_.empty()) wind_down();  // interrupted during the wait
        });
        return;
    }
    launch();
    if (running_.empty()) wind_down();  // every game is over: end the engines
}

// The state file is written whole once (the games of a resumed match compacted into it), then
// each save appends the games finished since the last one (journal/state.h).
void MatchRun::save_state() {
    std::string error;
    const bool saved = state_written_ ? append_state_lines(state_path_, unsaved_lines_, error)
                                      : write_state_file(state_path_, state_, error);
    if (!saved) notice("warning: match state not saved: " + error);
    state_written_ = state_written_ || saved;  // else the next save writes it whole
    unsaved_ = 0;
    unsaved_lines_.clear();
}

void MatchRun::close_state() {
    if (opts_.autosave_interval <= 0) return;
    state_.complete = summary_.stopped.empty() && (schedule_done() || live_.stopped());
    if (state_.complete) unsaved_lines_ += state_complete_line();
    save_state();
}

void MatchRun::end_match() {
    std::optional<std::pair<int, int>> shard;
    if (opts_.shard) shard.emplace(opts_.shard->index, opts_.shard->count);
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started_).count();
    const MatchEnded ev{summary_.report,
                        summary_.games,
                        names_,
                        live_.stats(),
                        live_.settings(),
                        live_.games(),
                        live_.score_due_at_end(),
                        live_.interval_at_end(),
                        summary_.interrupted ? signal_name(summary_.interrupted) : "",
                        plan_.id,
                        opts_.seed,
                        shard,
                        seconds,
                        plan_.knockout ? &plan_.knockout->rounds() : nullptr,
                        summary_.interrupted || !summary_.stopped.empty(),
                        stopping_game_,
                        opts_.program,
                        opts_.autosave_interval > 0 ? state_path_ : std::string()};
    for (auto& s : sinks_) s->match_ended(ev);
}

}  // namespace drawproxy::tournament
