#include "proxy/commands.h"
namespace drawproxy {
int run_audit(const Args&) { return usage_error("audit is not implemented yet"); }
}  // namespace drawproxy
