#include "proxy/commands.h"
namespace drawproxy {
int run_proxy(const Args&) { return usage_error("the UCI proxy is not implemented yet"); }
}  // namespace drawproxy
