// Counts heap allocations made by this process while counting is on, for
// haptic-policy-bench's "allocations per decision" figure.
//
// The bench links this file, which defines malloc, calloc, realloc, posix_memalign,
// aligned_alloc and memalign: the dynamic linker binds every library's calls (the Swift
// runtime's, Foundation's) to these definitions, which count and pass the call on to
// glibc's own (__libc_malloc and its siblings). Only the bench links it; the library
// and the CLI never do.
#ifndef HAPTIC_POLICY_ALLOCATION_COUNTER_H
#define HAPTIC_POLICY_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting from zero.
void allocation_counter_start(void);

/// Stops counting and returns the allocations made since `allocation_counter_start`, on
/// every thread.
uint64_t allocation_counter_stop(void);

/// The allocations the calling thread has made since it started, whether counting is on
/// or not: the difference of two readings is what that thread allocated between them.
uint64_t allocation_counter_this_thread(void);

#endif
