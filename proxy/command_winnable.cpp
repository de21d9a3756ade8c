#include "proxy/commands.h"
namespace drawproxy {
int run_winnable(const Args&) { return usage_error("winnable is not implemented yet"); }
}  // namespace drawproxy
