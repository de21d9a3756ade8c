#include "output/pgn.h"  // game/ comes before output/
