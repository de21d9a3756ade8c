// The runner prints its own line: only output/ writes lines.
#include <cstdio>

void game_over(int number) { std::fprintf(stdout, "Finished game %d\n", number); }
// Neither formatting into a buffer nor an Asio write is output of the match's own.
void quiet(char* buf, int n) { std::snprintf(buf, 8, "%d", n); }
