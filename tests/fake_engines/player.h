#pragma once
// The chess player of fake_player SPEC: legal moves from the position the GUI sets up, with
// faults and claims at chosen plies, for tests of the match runner.
//
// SPEC is ';'-separated (plies are counted from the position command's start):
//   moves=e2e4,e7e5  play these at plies 0, 1, ..., else the first legal move
//   score=CP         report this score;  cp=P:CP  CP at ply P instead;  mate=P:N  "score mate N"
//                    at ply P;  noscore=P  no score at ply P
//   crash=P          exit (status 3) at ply P;  illegal=P  answer an illegal move;  hang=P  never
//                    answer;  bytes=P  answer "bestmove \xff\xfe" (not UTF-8);  sleep=P:MS  think MS
//   claim=P:TEXT     print "info string drawproxy claim TEXT" before the bestmove ('_' for spaces)
//   err=TEXT         print TEXT ('_' for spaces) on stderr at "uci"
//   idname=TEXT      say "id name TEXT" ('_' for spaces; default matchfake)
//   log=PATH         append every line received to PATH
//   closein=1        after its readyok, close its input (every descriptor but stdout and stderr),
//                    live 1 s more and exit 0, so the runner's next write meets no reader
//   gate=G:PATH      in its G-th game (counted by ucinewgame) answer no go until PATH exists
//                    (polled; gives up after 120 s), so a test can look at the match's files
//   noquit=1         ignore `quit` and SIGTERM: only the runner's SIGKILL ends it
// With proto=xboard it speaks CECP v2 instead (xboard_player.cpp): features ping, setboard,
// usermove, done=1; san=1  it sends and wants SAN;  ping=0  no ping (an Error for one);
// nodone=1  no done at all;  setboard=0  edit mode instead;  late=1  features only after its
// first pong, between done=0 and done=1 (as GNU Chess's come);  stall=N  say nothing until its N-th
// line, then answer them all (GNU Chess 6 stalled at its start, woken by each line with a chance). On `go` it
// plays the side to move, and at chosen plies:  xclaim=P:TEXT  "1/2-1/2 {TEXT}" instead of its move (once:
// asked again, it moves);  offer=P  "offer draw" before its move;  resign=P  "resign";  announce=P:R  "R
// {..}" (1-0 or 0-1) before its move;  refuse=P  "Illegal move: X" for the move it is sent at ply P.
// Start-up, before the first command is read (see Player::start_up):
//   banner=TEXT      print TEXT ('_' for spaces) at once, as Stockfish prints its name
//   hangfirst=PATH   if PATH does not exist, create it and never answer (the first process of
//                    several is stuck, the next ones are not)
//   burn=MS          use MS of CPU time (an engine loading its network);  startsleep=MS  then
//                    sleep MS;  readysleep=MS  sleep MS before every readyok
#include <map>
#include <string>
#include <vector>

#include "gui_game.h"
#include "uci/gui_command.h"

namespace drawproxy::test {

struct PlaySpec {
    std::vector<std::string> moves;
    int score = 0;
    int crash = -1, illegal = -1, hang = -1, bytes = -1;
    std::map<int, int> sleep_ms;
    std::map<int, std::string> claims;
    std::map<int, std::string> scores;  // ply -> "cp N", "mate N" or "" (no score)
    std::string log;
    std::string err;
    bool close_input = false;
    bool report_cpus = false;  // cpus=1: "info string cpus LIST" (its Cpus_allowed_list) at each go
    bool no_quit = false;
    int gate_game = -1;
    std::string gate_path;
    int burn_ms = 0, start_sleep_ms = 0, ready_sleep_ms = 0;
    std::string banner;
    std::string id_name = "matchfake";
    std::string hang_first;
    bool xboard = false, san = false, ping = true, done = true, setboard = true, late = false;
    int stall_lines = 0;
    std::map<int, std::string> xclaims, announces;
    std::vector<int> offers, resigns, refusals;
};

// Unknown keys and items without '=' are ignored.
PlaySpec parse_play_spec(const std::string& text);

class Player {
  public:
    explicit Player(PlaySpec spec) : spec_(std::move(spec)) {}
    // What the engine does between its start and reading its first command (may not return).
    void start_up() const;
    // Answers one line from the GUI. False for `quit` (the caller decides whether to obey).
    bool answer(const std::string& line);

  private:
    void go();
    bool answer_xboard(const std::string& line);
    bool answer_xboard_command(const std::string& line);
    void go_xboard();
    void edit(const std::string& line);
    void send_features();
    std::string choose_move() const;

    PlaySpec spec_;
    GuiGame gui_;
    uci::GuiCommand cmd_;
    rules::Game xgame_;                 // proto=xboard: the game as its commands set it up
    std::vector<int> claimed_;          // plies whose xclaim was made
    bool editing_ = false;              // between `edit` and `.`
    bool features_sent_ = false;        // late=1: after its first pong
    std::vector<std::string> stalled_;  // stall=N: the lines read while stalled
    bool edit_black_ = false;           // edit mode's current colour
    std::string edit_board_;            // 64 squares, a1 first, ' ' empty
};

}  // namespace drawproxy::test
