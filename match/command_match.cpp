#include "proxy/commands.h"
namespace drawproxy {
int run_match(const Args&) { return usage_error("match is not implemented yet"); }
}  // namespace drawproxy
