#include <fmt/format.h>  // stats/ is the standard library and rules/ only
