#include "CallgrindClient.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAS_CALLGRIND 1
#endif
#endif

// CALLGRIND_TOGGLE_COLLECT flips collection; the profiles call start and stop in pairs, and
// valgrind starts with collection off (--collect-atstart=no).
void callgrind_collect_start(void) {
#ifdef HAS_CALLGRIND
  CALLGRIND_TOGGLE_COLLECT;
#endif
}

void callgrind_collect_stop(void) {
#ifdef HAS_CALLGRIND
  CALLGRIND_TOGGLE_COLLECT;
#endif
}
