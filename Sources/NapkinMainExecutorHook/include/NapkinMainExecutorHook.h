// The main actor's executor hook of the Swift concurrency runtime, set from a library.
//
// Private runtime ABI: `napkin_main_executor_install` looks the hooks up by name and reports
// whether it could set them, so the caller can self-test and fall back where it could not.
#ifndef NAPKIN_MAIN_EXECUTOR_HOOK_H
#define NAPKIN_MAIN_EXECUTOR_HOOK_H

#include <stdbool.h>
#include <stdint.h>

/// Makes the executor whose two words are `identity` and `implementation` (an
/// `UnownedSerialExecutor`, bit for bit) the main actor's for the rest of the process.
///
/// Returns `false`, and changes nothing, where the runtime has no such hooks, where another
/// library set them first, or on a platform where hooks are signed pointers. Installs once: a
/// second call returns whether the first installed. `identity` must live for the whole process.
bool napkin_main_executor_install(const void *identity, uintptr_t implementation);

#endif
