// The match runner's options, one entry per option and meaning (app/option_table.h).
#include "app/option_table.h"

#include <algorithm>
#include <cctype>

#include "app/match_options.h"
#include "app/option_values.h"
#include "app/runner_options.h"
#include "game/cpu_affinity.h"
#include "output/cutechess_table.h"

namespace drawproxy::app {

using namespace values;
using namespace tournament;

namespace {

using Spec = OptionSpec;
constexpr Kind TAKEN = Kind::taken, REFUSED = Kind::refused, COMMAND = Kind::command;
constexpr Arity NONE = Arity::none, ONE = Arity::one, ANY = Arity::any;
using Values = const Tokens&;
using Name = const std::string&;

void no_op(MatchRequest&, Values, Name) {}

void add_each(MatchRequest& r, Values v, Name) { r.each.insert(r.each.end(), v.begin(), v.end()); }

// fastchess joins the words of -event and -site without a space (one quoted word keeps its spaces).
std::string concatenated(Values values, Name opt) {
    if (values.empty()) throw OptionError(fmt::format("{} needs a value", opt));
    std::string s;
    for (const auto& v : values) s += v;
    return s;
}

void use_affinity(MatchRequest& r, Values v, Name opt) {
    if (v.size() > 1) throw OptionError(fmt::format("{} takes one CPU list", opt));
    r.opts.use_affinity = true;
    if (v.empty()) return;
    auto cpus = game::parse_cpu_list(v[0]);
    if (!cpus) throw OptionError(fmt::format("{}: bad CPU list '{}' (e.g. 3,5,7-11)", opt, v[0]));
    r.opts.affinity_cpus = std::move(*cpus);
}

void openings(MatchRequest& r, Values values, Name opt, Dialect d) {
    const bool fastchess = d == Dialect::fastchess;
    OpeningsOptions o;
    if (d == Dialect::cutechess) o.format = OpeningsOptions::Format::Pgn;  // cutechess-cli's default
    if (fastchess) o.policy = OpeningsOptions::Policy::Round;
    bool format_given = false;
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
        if (key == "file")
            o.file = value;
        else if (key == "format" && value == "epd")
            o.format = OpeningsOptions::Format::Epd, format_given = true;
        else if (key == "format" && value == "pgn")
            o.format = OpeningsOptions::Format::Pgn, format_given = true;
        else if (key == "order" && value == "random")
            o.random = true;
        else if (key == "order" && value == "sequential")
            o.random = false;
        else if (key == "plies")
            o.plies = to_int<int>(value, "plies", fastchess ? -1 : 0);
        else if (key == "start")
            o.start = to_int<int>(value, "start", 1);
        else if (key == "policy" && value == "round")
            o.policy = OpeningsOptions::Policy::Round;
        else if (!fastchess && key == "policy" && value == "default")
            o.policy = OpeningsOptions::Policy::Default;
        else if (!fastchess && key == "policy" && value == "encounter")
            o.policy = OpeningsOptions::Policy::Encounter;
        else
            throw OptionError(fmt::format("-openings: bad key or value '{}'", v));
    }
    if (o.file.empty()) throw OptionError("-openings needs file=FILE");
    if (fastchess) {
        // fastchess: plies=-1 (its default) keeps every ply; the format follows the file's name
        if (o.plies < 0) o.plies = 1000000;
        const auto dot = o.file.rfind('.');
        std::string ext = dot == std::string::npos ? "" : o.file.substr(dot + 1);
        for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (!format_given && ext == "pgn") o.format = OpeningsOptions::Format::Pgn;
        if (!format_given && ext != "pgn" && ext != "epd")
            throw OptionError(
                fmt::format("-openings: give format=epd|pgn for '{}' (not .epd or .pgn)", o.file));
    }
    r.opts.openings = o;
}

// fastchess's -quick cmd=A cmd=B book=FILE: two engines named after their cmd (1 and 2 added to
// equal names) at 10+0.1, 25000 rounds of 2 games on random openings, draws adjudicated from
// move 30, -recover, cutechess-cli's status lines; its messages when a key is wrong or missing.
void quick(MatchRequest& r, Values values, Name) {
    std::vector<std::string> cmds;
    for (const auto& v : values) {
        const auto eq = v.find('=');
        const std::string key = v.substr(0, eq), value = eq == std::string::npos ? "" : v.substr(eq + 1);
        if (key == "cmd") {
            cmds.push_back(value);
        } else if (key == "book") {
            OpeningsOptions o;
            o.file = value;
            o.random = true;
            o.policy = OpeningsOptions::Policy::Round;
            o.plies = 1000000;  // every ply, as -openings in fastchess
            if (value.ends_with(".pgn"))
                o.format = OpeningsOptions::Format::Pgn;
            else if (!value.ends_with(".epd"))
                throw OptionError("Please include the .pgn or .epd file extension for the opening book.");
            r.opts.openings = o;
        } else {
            throw OptionError(fmt::format("Unrecognized quick option \"{}\" with value \"{}\".", key, value));
        }
    }
    if (cmds.size() != 2) throw OptionError("Option \"-quick\" requires exactly two cmd entries.");
    if (!r.opts.openings) throw OptionError("Option \"-quick\" requires a book=FILE entry.");
    const bool same = cmds[0] == cmds[1];
    for (int i = 0; i < 2; ++i)
        r.engines.push_back(
            {"cmd=" + cmds[i], "name=" + cmds[i] + (same ? std::to_string(i + 1) : ""), "tc=10+0.1"});
    r.opts.games = 2;
    r.opts.rounds = 25000;
    r.games_given = true;
    r.opts.quick_concurrency = true;
    r.opts.recover = true;
    auto& a = r.opts.adjudication;
    a.draw_movenumber = 30, a.draw_movecount = 8, a.draw_score = 8;
    r.opts.output = output::OutputFormat::cutechess;
}

// fastchess's -startup-ms, -ucinewgame-ms and -ping-ms: milliseconds.
std::int64_t milliseconds(Values v, Name opt) { return to_int<std::int64_t>(v[0], opt, 1); }

constexpr Spec OPTIONS[] = {
    {names::dialect, ALL, TAKEN, ONE, no_op, "-dialect NAME",
     "the options' meanings: drawproxy (default), fastchess or cutechess\n(also chosen by the program's name: "
     "fastchess, fastchess-ob,\ncutechess-cli)"},
    {names::dialect_long, ALL, TAKEN, ONE, no_op, "", ""},
    {names::engine, ALL, TAKEN, ANY, [](MatchRequest& r, Values v, Name) { r.engines.push_back(v); },
     "-engine KEY=VALUE...", "one player (at least two)"},
    {names::each, DP, TAKEN, ANY, add_each, "-each KEY=VALUE...", "keys for every engine, applied before each -engine's own"},
    {names::each, CC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) {
         if (r.given_option(o)) throw OptionError("-each may be given once (cutechess-cli)");
         add_each(r, v, o);
     },
     "-each KEY=VALUE...", "keys for every engine, applied after each -engine's own (once)"},
    {names::each, FC, TAKEN, ANY, add_each,
     "-each KEY=VALUE...", "keys for every engine, applied after each -engine's own"},
    {"-games", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.games = to_int<int>(v[0], o, 1); }, "-games N",
     "games per encounter (default 1)"},
    {"-games", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) {
         r.opts.games = to_int<int>(v[0], o, 1);
         r.games_given = true;
     },
     "-games N",
     "games per round, 1 or 2 (default 2): the two games of a round\nshare one opening, colours swapped; more "
     "than 2 trades places with\n-rounds"},
    {names::rounds, DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.rounds = to_int<int>(v[0], o, 1); }, "-rounds N",
     "rounds (default 1)"},
    {names::rounds, FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.rounds = to_int<int>(v[0], o, 1); }, "-rounds N",
     "rounds, each on a new opening (default 2)"},
    {"-repeat", DP_CC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) {
         if (v.size() > 1) throw OptionError("-repeat takes at most one value");
         r.opts.opening_repetitions = v.empty() ? 2 : to_int<int>(v[0], o, 1);
         r.opts.repeat = r.opts.opening_repetitions > 1;
     },
     "-repeat [N]", "play each opening twice (or N times), colours swapped"},
    {"-repeat", FC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) {
         if (v.size() > 1) throw OptionError("-repeat takes at most one value");
         r.opts.games = v.empty() ? 2 : to_int<int>(v[0], o, 1);
         r.games_given = true;
     },
     "-repeat [N]", "-games 2 (or -games N)"},
    {"-concurrency", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.concurrency = to_int<int>(v[0], o, 1); }, "-concurrency N",
     "games at once (default 1); each game has its own engine processes"},
    {"-concurrency", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) {
         r.opts.concurrency = to_int<int>(v[0], o, -1000000);
         r.opts.quick_concurrency = false;  // after -quick: this one counts
     },
     "-concurrency N",
     "games at once (default 1); 0 or -N: the hardware threads less N"},
    {"-variant", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         if (v[0] != "standard" && v[0] != "fischerandom")
             throw OptionError(fmt::format("bad variant '{}' (standard, fischerandom)", v[0]));
         r.opts.chess960 = v[0] == "fischerandom";
     },
     "-variant VARIANT",
     "standard (default) or fischerandom (Chess960: UCI_Chess960 is set,\ncastling is sent king-takes-rook, PGN "
     "has [Variant \"Chess960\"])"},
    {"-openings", DP, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { openings(r, v, o, Dialect::drawproxy); },
     "-openings file=FILE [format=epd|pgn] [order=random|sequential] [plies=N] [start=N]\n"
     "            [policy=default|encounter|round]",
     "start positions (EPD lines or the first N plies of PGN games);\npolicy: when a new opening is taken: "
     "default after -repeat games\nor a new pair of engines (3+ engines), encounter only for a new\npair, round "
     "only for a new round"},
    {"-openings", CC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { openings(r, v, o, Dialect::cutechess); },
     "-openings file=FILE [format=pgn|epd] [order=random|sequential] [plies=N] [start=N]\n"
     "            [policy=default|encounter|round]",
     "start positions (the first N plies of PGN games, default, or EPD\nlines); policy: when a new opening is "
     "taken: default after -repeat\ngames or a new pair of engines (3+ engines), encounter only for a\nnew pair, "
     "round only for a new round"},
    {"-openings", FC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { openings(r, v, o, Dialect::fastchess); },
     "-openings file=FILE [format=epd|pgn] [order=random|sequential] [plies=N] [start=N]\n"
     "            [policy=round]",
     "start positions, one per round; the format from the file's name\n(.epd, .pgn) unless format= says; "
     "plies: all (default) or the first N"},
    {"-pgnout", DP_CC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { apply_pgnout(v, r.opts, o); },
     "-pgnout FILE [min] [fi]\n  -pgnout file=FILE [notation=san] [append=true|false] [min=true|false]",
     "append the games to FILE as PGN (append=false: truncate first); min:\nroster tags, ResultRule and moves "
     "only; fi: only finished games (all are)"},
    {"-pgnout", FC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { apply_fastchess_pgnout(v, r.opts, o); },
     "-pgnout file=FILE [notation=san|lan|uci] [append=true|false] [min=true|false]\n"
     "            [nodes=B] [seldepth=B] [nps=B] [hashfull=B] [tbhits=B] [pv=B]\n"
     "            [timeleft=B] [latency=B] [match_line=REGEX]...",
     "append the games to FILE as PGN (append=false: truncate first);\nthe keys add fastchess' move comments"},
    {"-epdout", ALL, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { apply_epdout(v, r.opts, o); },
     "-epdout FILE, -epdout file=FILE [append=true|false]", "each game's final position, one FEN line"},
    {"-jsonout", ALL, TAKEN, ONE, [](MatchRequest& r, Values v, Name) { r.opts.jsonout = v[0]; },
     "-jsonout FILE", "write a JSON summary to FILE"},
    {"-htmlout", ALL, TAKEN, ONE, [](MatchRequest& r, Values v, Name) { r.opts.htmlout = v[0]; },
     "-htmlout FILE",
     "write the match as one HTML page (charts, boards at claims), at the\nend and every -ratinginterval games"},
    {"-sprt", DP, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { r.opts.sprt = parse_sprt_words(v, o); },
     "-sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]\n      [model=normalized|logistic|bayesian|bayeselo]",
     "stop once the SPRT accepts H0 or H1 (two engines; the games\nrunning then finish); normalized: fishtest's "
     "LLR_normalized, nElo;\nbayesian: fastchess's, bayeselo: cutechess-cli's (both on games)"},
    {"-sprt", FC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) {
         r.opts.sprt = parse_sprt_words(v, o, SprtModel::normalized, ErrorRates::required);
     },
     "-sprt elo0=E0 elo1=E1 alpha=A beta=B\n      [model=normalized|logistic|bayesian|bayeselo]",
     "stop once the SPRT accepts H0 or H1 (two engines; the games\nrunning then finish); normalized: fishtest's "
     "LLR_normalized, nElo;\nbayesian: fastchess's, bayeselo: cutechess-cli's (both on games)"},
    {"-sprt", CC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) {
         r.opts.sprt = parse_sprt_words(v, o, SprtModel::bayeselo, ErrorRates::required);
     },
     "-sprt elo0=E0 elo1=E1 alpha=A beta=B",
     "stop once the SPRT accepts H0 or H1: cutechess-cli's test, in BayesElo\non single games (model=: another "
     "of drawproxy's)"},
    {"-report", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         if (v[0] != "penta=true" && v[0] != "penta=false")
             throw OptionError(fmt::format("bad -report value '{}' (penta=true, penta=false)", v[0]));
         r.opts.report_penta = v[0] == "penta=true";
     },
     "-report penta=true|false", "statistics on game pairs of -repeat (default) or on single games"},
    {"-ratinginterval", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.rating_interval = to_int<int>(v[0], o, 0); },
     "-ratinginterval N", "a status block every N games (game pairs with penta=true)"},
    {"-ratinginterval", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.rating_interval = to_int<int>(v[0], o, 0); },
     "-ratinginterval N",
     "a status block every N completed game pairs (default 10; 0: at\nthe end only)"},
    {"-outcomeinterval", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.outcome_interval = to_int<int>(v[0], o, 0); },
     "-outcomeinterval N",
     "with -output cutechess: each player's outcomes every N games\n(default 0: at the end only)"},
    {names::result_format, DP, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) {
         const std::string format = output::result_format_value(v[0]);
         const auto unknown = output::unknown_result_fields(format);
         if (!unknown.empty())
             throw OptionError(fmt::format("{}: unknown field '{}' ({} help lists the fields)", o, unknown[0], o));
         r.opts.result_format = format;
     },
     "-resultformat FORMAT|help",
     "with -output cutechess and 3+ engines: the columns of cutechess-cli's\nresults table, a named format "
     "(default, wide3, ...) or a comma list\nof fields; help: list them and exit"},
    {names::result_format, CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) { r.opts.result_format = output::result_format_value(v[0]); },
     "-resultformat FORMAT|help",
     "the columns of the results table (3+ engines): a named format\n(default, wide3, ...) or a comma list of "
     "fields (unknown ones print\nnothing); help: list them and exit"},
    {"-scoreinterval", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.score_interval = to_int<int>(v[0], o, 0); },
     "-scoreinterval N", "the score line after every N-th game and the last (default 1;\n0: the last only)"},
    {"-output", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         auto f = output::parse_output_format(v[0].rfind("format=", 0) == 0 ? v[0].substr(7) : v[0]);
         if (!f) throw OptionError(fmt::format("bad -output '{}' (drawproxy, cutechess, fastchess)", v[0]));
         r.opts.output = *f;
     },
     "-output drawproxy|cutechess|fastchess",
     "status lines as drawproxy (default), cutechess-cli or fastchess"},
    {"-output", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         auto f = output::parse_output_format(v[0].rfind("format=", 0) == 0 ? v[0].substr(7) : v[0]);
         if (!f) throw OptionError(fmt::format("bad -output '{}' (format=fastchess, format=cutechess)", v[0]));
         r.opts.output = *f;
     },
     "-output format=fastchess|cutechess",
     "status lines as fastchess (default) or cutechess-cli writes them"},
    {names::shard, ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         r.opts.shard = parse_shard(v[0]);
         if (!r.opts.shard) throw OptionError(fmt::format("bad -shard '{}' (K/N, 1 <= K <= N)", v[0]));
     },
     "-shard K/N",
     "play the K-th of N parts of the match (needs -seed); the parts'\n-jsonout summaries combine with `drawproxy "
     "merge`"},
    {names::autosave, ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.autosave_interval = to_int<int>(v[0], o, 0); },
     "-autosaveinterval N",
     "save the match state every N finished games and at the end (0:\nnever; default 20 when there is an output "
     "file, else 0), to\nOUTPUT.state.json beside the first of -pgnout, -epdout, -jsonout\n(else "
     "drawproxy-state.json)"},
    // Read before the others (the saved command line comes first): see parse_match_request.
    {names::resume, ALL, TAKEN, ANY, no_op,
     "-resume STATE.json, -config file=STATE.json [discard=true]\n  [outname=FILE] [stats=true|false]",
     "resume an interrupted match: the saved command line (and any options\ngiven here), without the games "
     "already played; discard=true or\nstats=false: anew; outname=: save the state to FILE"},
    {names::config, ALL, TAKEN, ANY, no_op, "", ""},
    {"-rules", ALL, TAKEN, ONE, [](MatchRequest& r, Values v, Name) { r.opts.rules = v[0]; }, "-rules NAME|FILE",
     "rule edition (default fide-2023)"},
    {"-claim", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         if (!game::ClaimPolicy::parse(v[0], true))
             throw OptionError(fmt::format("bad claim policy '{}' (always, never, score:CP, engine)", v[0]));
         r.claim_default = v[0];
     },
     "-claim POLICY", "claim policy for every engine (see claim=)"},
    {"-draw-offers", ALL, TAKEN, ANY,
     [](MatchRequest& r, Values values, Name opt) {
         r.opts.draw_offers.enabled = true;
         for (const auto& v : values) {
             auto [key, value] = key_value(v, opt);
             if (key == "score")
                 r.opts.draw_offers.score_cp = to_int<int>(value, "score", 0);
             else if (key == "moves")
                 r.opts.draw_offers.moves = to_int<int>(value, "moves", 1);
             else if (key == "after")
                 r.opts.draw_offers.after = to_int<int>(value, "after", 0);
             else
                 throw OptionError(fmt::format("-draw-offers: unknown key '{}'", key));
         }
     },
     "-draw-offers score=CP moves=N [after=MOVE]",
     "offer a draw when the own score stayed within +-CP for the last N\nmoves, accept one within +-CP; no "
     "agreement before move MOVE"},
    {"-draw", DP_CC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { apply_draw(v, r.opts.adjudication, true, o); },
     "-draw movenumber=N movecount=M score=CP",
     "event rule: a draw once both engines' scores stayed within +-CP for\nM moves each, from move N; a capture "
     "or pawn move restarts the count"},
    {"-draw", FC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { apply_draw(v, r.opts.adjudication, false, o); },
     "-draw [movenumber=0] [movecount=1] [score=0]",
     "event rule: a draw once both engines' scores stayed within +-CP for\nM moves each, from move N; a capture "
     "or pawn move restarts the count"},
    {"-resign", DP_CC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) { apply_resign(v, r.opts.adjudication, true, o); },
     "-resign movecount=M score=CP [twosided=true]",
     "event rule: a loss for an engine whose score was -CP or worse for M\nmoves in a row (twosided: and the "
     "opponent's +CP or better)"},
    {"-resign", FC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) { apply_resign(v, r.opts.adjudication, false, o); },
     "-resign [movecount=1] [score=0] [twosided=false]",
     "event rule: a loss for an engine whose score was -CP or worse for M\nmoves in a row (twosided: and the "
     "opponent's +CP or better)"},
    {"-maxmoves", DP, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.adjudication.max_moves = to_int<int>(v[0], o, 1); },
     "-maxmoves N",
     "event rule: a draw after N full moves\n(the Laws come first when they end the game at the same move)"},
    {"-maxmoves", CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.adjudication.max_moves = to_int<int>(v[0], o, 0); },
     "-maxmoves N",
     "event rule: a draw after N full moves (0: no limit)\n(the Laws come first when they end the game at the same "
     "move)"},
    {"-maxmoves", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) {
         if (v[0] == "0")
             throw OptionError("-maxmoves 0 would adjudicate every game a draw before its first move: give N >= 1");
         r.opts.adjudication.max_moves = to_int<int>(v[0], o, 1);
     },
     "-maxmoves N",
     "event rule: a draw after N full moves\n(the Laws come first when they end the game at the same move)"},
    {"-tb", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         r.opts.adjudication.tb_paths = v[0];  // directories, ';'- or ':'-separated
         if (v[0].empty()) throw OptionError("-tb needs the tables' directories");
     },
     "-tb DIRS [-tbpieces N] [-tbignore50] [-tbadjudicate WIN_LOSS|DRAW|BOTH]",
     "event rule: Syzygy tables (DIRS separated by ';' or ':') decide a\nposition of at most N pieces without "
     "castling rights; a cursed win\nis a draw when the defender's claim policy claims under 9.3\n(-tbignore50: a "
     "win)"},
    {"-tbpieces", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.adjudication.tb_pieces = to_int<int>(v[0], o, 3); }, "", ""},
    {"-tbignore50", ALL, TAKEN, NONE,
     [](MatchRequest& r, Values, Name) { r.opts.adjudication.tb_ignore50 = true; }, "", ""},
    {"-tbadjudicate", ALL, TAKEN, ONE,
     [](MatchRequest& r, Values values, Name) {
         using Results = game::AdjudicationOptions::TbResults;
         const std::string& v = values[0];
         auto& a = r.opts.adjudication;
         if (v == "BOTH")
             a.tb_results = Results::Both;
         else if (v == "WIN_LOSS")
             a.tb_results = Results::WinLoss;
         else if (v == "DRAW")
             a.tb_results = Results::Draw;
         else
             throw OptionError(fmt::format("bad value for -tbadjudicate: '{}' (WIN_LOSS, DRAW, BOTH)", v));
     },
     "", ""},
    {"-event", DP, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { r.opts.event = joined(v, o); },
     "-event NAME, -site NAME", "PGN Event and Site tags"},
    {"-site", DP, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { r.opts.site = joined(v, o); }, "", ""},
    {"-event", CC, TAKEN, ONE, [](MatchRequest& r, Values v, Name) { r.opts.event = v[0]; },
     "-event NAME, -site NAME", "PGN Event and Site tags (one word each: quote a name with spaces)"},
    {"-site", CC, TAKEN, ONE, [](MatchRequest& r, Values v, Name) { r.opts.site = v[0]; }, "", ""},
    {"-event", FC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { r.opts.event = concatenated(v, o); },
     "-event NAME, -site NAME",
     "PGN Event and Site tags (several words are joined without spaces,\nas fastchess does; quote one word)"},
    {"-site", FC, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { r.opts.site = concatenated(v, o); }, "", ""},
    {"-wait", ALL, TAKEN, ONE, [](MatchRequest& r, Values v, Name o) { r.opts.wait_ms = to_int<int>(v[0], o, 0); },
     "-wait MS", "pause between games"},
    {"-noswap", ALL, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.noswap = true; }, "-noswap",
     "the first engine of a pair plays White in every game"},
    {"-reverse", ALL, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.reverse = true; }, "-reverse",
     "the second engine of a pair starts with White"},
    {"-log", ALL, TAKEN, ANY, [](MatchRequest& r, Values v, Name o) { apply_log(v, r.opts, o); },
     "-log file=FILE [level=L] [engine=true]\n  -debug [all]",
     "every line to and from the engines, with the time in ms and the\nengine's name, to FILE (-log) or standard "
     "output (-debug;\n-debug all: the engines' debug mode too)"},
    // cutechess-cli: every engine line on standard output
    {"-debug", DP_CC, TAKEN, ANY,
     [](MatchRequest& r, Values v, Name o) {
         if (v.size() > 1 || (v.size() == 1 && v[0] != "all"))
             throw OptionError(fmt::format("{} takes no value or all", o));
         r.opts.debug_to_stdout = true;
         if (!v.empty()) r.each.emplace_back("debug");  // all: the engines' own debug mode too
     },
     "", ""},
    {"-debug", FC, REFUSED, ANY, nullptr, "", "fastchess has none: -log file=FILE engine=true logs every engine line"},
    {"-bookmode", ALL, TAKEN, ONE,
     [](MatchRequest&, Values v, Name) {
         // cutechess-cli: book= files read into memory or probed on disk; drawproxy reads them into memory.
         if (v[0] != "ram" && v[0] != "disk")
             throw OptionError(fmt::format("bad value for -bookmode: '{}' (ram, disk)", v[0]));
     },
     "-bookmode ram|disk", "accepted: books are read into memory either way"},
    {"-seed", DP_FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) {
         r.opts.seed = to_int<std::uint64_t>(v[0], o, 0);
         r.opts.seed_given = true;
     },
     "-seed N, -srand N", "seed for order=random"},
    {"-seed", CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) {
         r.opts.seed = to_int<std::uint32_t>(v[0], o, 0);  // cutechess-cli's -srand is 32 bits
         r.opts.seed_given = true;
     },
     "-seed N, -srand N", "seed for order=random (0 to 4294967295)"},
    {"-tournament", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         using T = MatchOptions::Tournament;
         const std::string& t = v[0];
         if (t == "round-robin" || t == "roundrobin")  // cutechess-cli's and fastchess' spellings
             r.opts.tournament = T::RoundRobin;
         else if (t == "gauntlet")
             r.opts.tournament = T::Gauntlet;
         else if (t == "pyramid")
             r.opts.tournament = T::Pyramid;
         else if (t == "knockout")
             r.opts.tournament = T::Knockout;
         else
             throw OptionError(fmt::format("bad tournament '{}' (round-robin, gauntlet, knockout, pyramid)", t));
     },
     "-tournament TYPE",
     "pairings, as cutechess-cli: round-robin (default), gauntlet (the first\n-seeds engines against the "
     "rest), pyramid (each engine against\nevery engine before it, one engine a round) or knockout (single\n"
     "elimination: a tied encounter goes on until one leads, by game\npairs when -games is even; no -rounds, "
     "-shard or -resume)"},
    {"-tournament", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         const std::string& t = v[0];
         if (t == "round-robin" || t == "roundrobin")
             r.opts.tournament = MatchOptions::Tournament::RoundRobin;
         else if (t == "gauntlet")
             r.opts.tournament = MatchOptions::Tournament::Gauntlet;
         else  // fastchess has no other
             throw OptionError(fmt::format("bad tournament '{}' (roundrobin, gauntlet)", t));
     },
     "-tournament roundrobin|gauntlet", "pairings with more than two engines (default roundrobin)"},
    {"-seeds", DP_CC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.seeds = to_int<int>(v[0], o, 0); }, "-seeds N",
     "a gauntlet's first N engines each play the rest (1 to engines-1;\ndefault 1); a knockout's first N "
     "engines are placed in its bracket\nin that order, the rest drawn by -srand (default 0: all drawn)"},
    {"-seeds", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.seeds = to_int<int>(v[0], o, 1); }, "-seeds N",
     "a gauntlet's first N engines each play every engine after them,\none another included (default 1)"},
    {"-force-concurrency", DP_CC, TAKEN, NONE, no_op, "-force-concurrency",
     "accepted: -concurrency is never capped"},
    {"-force-concurrency", FC, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.force_concurrency = true; },
     "-force-concurrency", "allow -concurrency above the machine's hardware threads"},
    {"-recover", ALL, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.recover = true; }, "-recover",
     "restart an engine that crashed and go on (default: the match stops\nafter the running games, exit status "
     "1)"},
    {"-quiet", ALL, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.quiet = true; }, "-quiet",
     "no per-game lines and no tables (the final score and Elo lines,\nwarnings and errors stay)"},
    {"-crc32", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name) {
         auto [key, value] = key_value(v[0], "-crc32");
         if (key != "pgn") throw OptionError(fmt::format("-crc32: unknown key '{}' (pgn)", key));
         r.opts.fastchess_output.crc32_pgn = to_bool(value, "-crc32 pgn");
     },
     "-crc32 pgn=true|false", "after each game written to -pgnout, the file's CRC-32"},
    {"-check-mate-pvs", FC, TAKEN, NONE,
     [](MatchRequest& r, Values, Name) { r.opts.fastchess_output.check_mate_pvs = true; }, "-check-mate-pvs",
     "warn of a mate score whose PV does not end in that mate"},
    {"-use-affinity", FC, TAKEN, ANY, use_affinity, "-use-affinity [CPUS]",
     "pin each game's engines to a CPU of its own (CPUS: \"3,5,7-11\";\ndefault the machine's, one per core "
     "first); not when an engine\nhas Threads other than 1"},
    {"-testEnv", FC, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.fastchess_output.test_env = true; },
     "-testEnv", "each warning on one line (its context joined by \" :: \")"},
    {"-engines", ALL, REFUSED, ANY, nullptr, "",
     "it lists cutechess-cli's configured engines; drawproxy has no engine list"},
    {names::result_format, FC, REFUSED, ANY, nullptr, "", "a cutechess-cli option: fastchess's table has one format"},
    {"-outcomeinterval", FC, REFUSED, ANY, nullptr, "", "a cutechess-cli option: fastchess lists no outcomes"},
    {"-quick", FC, TAKEN, ANY, quick, "-quick cmd=ENGINE1 cmd=ENGINE2 book=FILE",
     "two engines named after cmd at 10+0.1, -games 2 -rounds 25000,\n-concurrency: the hardware threads "
     "less 2, -recover, -draw\nmovenumber=30 movecount=8 score=8, -output format=cutechess,\nbook with "
     "order=random (.epd or .pgn)"},
    {"-quick", DP_CC, REFUSED, ANY, nullptr, "",
     "it is fastchess' shorthand (taken in the fastchess dialect): give -engine twice and -openings"},
    {"-crc32", DP_CC, REFUSED, ANY, nullptr, "", "PGN checksums are not computed"},
    {"-check-mate-pvs", DP_CC, REFUSED, ANY, nullptr, "", "mate PVs are not checked"},
    {"-show-latency", FC, TAKEN, NONE, no_op, "-show-latency",
     "accepted: fastchess writes each move's latency to its -log at\nlevel=info; drawproxy's -log holds the "
     "engines' lines only, so\nnothing is written (-pgnout ... latency=true puts it in the PGN)"},
    {"-show-latency", DP_CC, REFUSED, ANY, nullptr, "",
     "fastchess writes it to its -log only; -pgnout latency=true puts it in the PGN"},
    {"-testEnv", DP_CC, REFUSED, ANY, nullptr, "", "it only changes fastchess' own test output"},
    {"-strict", FC, TAKEN, NONE, [](MatchRequest& r, Values, Name) { r.opts.strict = true; }, "-strict",
     "the first Warning; line stops the match: the running games end\nunscored, exit status 1"},
    {"-strict", DP_CC, REFUSED, ANY, nullptr, "",
     "fastchess' option (taken in the fastchess dialect): here a warning does not stop the match"},
    {"-use-affinity", DP_CC, REFUSED, ANY, nullptr, "", "engines are not pinned to CPUs"},
    {"-startup-ms", FC, TAKEN, ONE, [](MatchRequest& r, Values v, Name o) { r.opts.startup_ms = milliseconds(v, o); },
     "-startup-ms N, -ucinewgame-ms N",
     "ms to wait for uciok (default 10000; a miss stops the match) and for\nthe readyok after ucinewgame "
     "(default 60000; a miss loses the game,\nand the match stops unless -recover)"},
    {"-ucinewgame-ms", FC, TAKEN, ONE,
     [](MatchRequest& r, Values v, Name o) { r.opts.ucinewgame_ms = milliseconds(v, o); }, "", ""},
    {"-ping-ms", FC, TAKEN, ONE, [](MatchRequest& r, Values v, Name o) { r.opts.ping_ms = milliseconds(v, o); },
     "-ping-ms N",
     "ms to wait for the readyok to the isready sent when a search runs\npast its time (default 60000): it "
     "comes, a loss on time; it does not,\na stall, and the match stops unless -recover"},
    {"-startup-ms", DP_CC, REFUSED, ANY, nullptr, "", "give the engine key startup=SECONDS instead"},
    {"-ucinewgame-ms", DP_CC, REFUSED, ANY, nullptr, "",
     "give the engine key startup=SECONDS: it times the readyok after ucinewgame too"},
    {"-ping-ms", DP_CC, REFUSED, ANY, nullptr, "",
     "fastchess' option (taken in the fastchess dialect): here a search past its time loses at once"},
    // Run before the table is read when it comes first (app/command_compliance.cpp); anywhere
    // else fastchess does not know it.
    {names::compliance, FC, TAKEN, ANY,
     [](MatchRequest&, Values, Name o) {
         throw OptionError(o + " ENGINE [ARGS] comes first and alone: it runs fastchess' compliance test");
     },
     "--compliance ENGINE [ARGS]",
     "fastchess' UCI compliance test of ENGINE: its 40 steps, exit 0\nwhen all pass, else 1. The first argument "
     "only; ARGS: one word,\nsplit as args= (a later word is not read, as in fastchess)"},
    {names::compliance, DP, REFUSED, ANY, nullptr, "",
     "it is fastchess' UCI test: run drawproxy as fastchess (drawproxy check -- ENGINE tests draw handling)"},
    // The command's own: the usage and the version, whatever else is given.
    {names::help_short, ALL, COMMAND, ANY, nullptr, "-h, --help", "print this text and exit"},
    {"--help", ALL, COMMAND, ANY, nullptr, "", ""},
    {"-help", ALL, COMMAND, ANY, nullptr, "", ""},
    {"-version", ALL, COMMAND, ANY, nullptr, "-version, -v", "print the version and exit"},
    {"--version", ALL, COMMAND, ANY, nullptr, "", ""},
    {"-v", ALL, COMMAND, ANY, nullptr, "", ""},
    {"--v", FC, COMMAND, ANY, nullptr, "", ""},
};

// Other spellings of an option: the entry of the second name.
constexpr std::pair<std::string_view, std::string_view> ALIASES[] = {{"-draw-offer", "-draw-offers"},
                                                                     {names::srand, "-seed"}};

}  // namespace

std::optional<Dialect> parse_dialect(std::string_view name) {
    if (name == "drawproxy") return Dialect::drawproxy;
    if (name == "fastchess") return Dialect::fastchess;
    if (name == "cutechess" || name == "cutechess-cli") return Dialect::cutechess;
    return std::nullopt;
}

std::optional<Dialect> dialect_of_program(std::string_view argv0) {
    const auto slash = argv0.find_last_of("/\\");
    std::string_view base = slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1);
    if (base.size() > 4 && base.substr(base.size() - 4) == ".exe") base.remove_suffix(4);
    if (base == "fastchess" || base == "fastchess-ob") return Dialect::fastchess;
    if (base == "cutechess-cli") return Dialect::cutechess;
    return std::nullopt;
}

bool MatchRequest::given_option(std::string_view name) const {
    return std::find(given.begin(), given.end(), name) != given.end();
}

std::span<const OptionSpec> option_table() { return OPTIONS; }
std::span<const std::pair<std::string_view, std::string_view>> option_aliases() { return ALIASES; }

const OptionSpec* find_option(std::string_view name, Dialect d) {
    for (const auto& [alias, option] : ALIASES)
        if (name == alias) name = option;
    for (const Spec& s : OPTIONS)
        if (s.name == name && (s.dialects & bit_of(d))) return &s;
    return nullptr;
}

}  // namespace drawproxy::app
