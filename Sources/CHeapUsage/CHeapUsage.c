#include "CHeapUsage.h"

#if defined(__linux__)
#include <malloc.h>
#endif
#if defined(__APPLE__)
#include <malloc/malloc.h>
#endif

size_t napkin_heap_in_use_bytes(void) {
#if defined(__GLIBC__)
  struct mallinfo2 info = mallinfo2();
  // Blocks in use in the heap arenas, plus blocks served by mmap.
  return info.uordblks + info.hblkhd;
#elif defined(__APPLE__)
  malloc_statistics_t statistics;
  malloc_zone_statistics(NULL, &statistics);
  return statistics.size_in_use;
#else
  return 0;
#endif
}
