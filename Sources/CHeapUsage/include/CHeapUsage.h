#ifndef C_HEAP_USAGE_H
#define C_HEAP_USAGE_H

#include <stddef.h>

/// The bytes the process's heap allocator has handed out and not taken back, or 0 where the
/// platform cannot tell. The benchmarks use it for memory per recorded call.
size_t napkin_heap_in_use_bytes(void);

#endif
