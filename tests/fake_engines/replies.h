#pragma once
// The fake engines' scripting core: ';'-separated lists, and replies that are lines to print
// or directives that act (sleep, exit, crash, hang, flood, ...). See fake_engine.cpp for the list.
#include <cstdio>
#include <string>
#include <vector>

namespace drawproxy::test {

std::vector<std::string> split(const std::string& text, char sep);
// "a_b" -> "a b": a spec is one command-line word, so it spells spaces as '_'.
std::string spaces_from_underscores(std::string text);

// One line on stdout, flushed: the GUI reads it at once.
void say(const std::string& line);
// Appends a received line to `log` (if any), flushed: a test reads it while the engine runs.
void record_line(std::FILE* log, const std::string& line);

// Prints or performs each reply in turn (`received`: the line that triggered them, for @echo
// and @random). May not return (@exit, @crash, @hang).
void run_replies(const std::vector<std::string>& replies, const std::string& received);

}  // namespace drawproxy::test
