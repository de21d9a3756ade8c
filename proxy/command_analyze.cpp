#include "proxy/commands.h"
namespace drawproxy {
int run_analyze(const Args&) { return usage_error("analyze is not implemented yet"); }
}  // namespace drawproxy
