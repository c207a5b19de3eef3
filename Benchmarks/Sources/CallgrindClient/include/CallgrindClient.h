// Turns callgrind's instruction counting on and off around the code a profile measures, with
// callgrind's client requests. Run the profile under
//   valgrind --tool=callgrind --collect-atstart=no <profile> <scenario> <count>
// so that only the code between `callgrind_collect_start()` and `callgrind_collect_stop()` is
// counted. Matching by function name (`--toggle-collect='*measured*'`) also matched names such
// as `unmeasured` and over-counted. Outside valgrind, and where valgrind's header is missing,
// both calls do nothing.
#pragma once

void callgrind_collect_start(void);
void callgrind_collect_stop(void);
