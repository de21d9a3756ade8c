#include <cstdio>  // rules/ is pure
