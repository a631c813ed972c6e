#ifndef CVIRTUALCLOCK_H
#define CVIRTUALCLOCK_H
#include <stdint.h>

/// Shifts this process's CLOCK_REALTIME (what Foundation's Date(), gettimeofday and time read) by
/// `offset_ns`, so widget code sees the host's clock, virtual or real. Monotonic clocks are untouched,
/// and waits with absolute realtime deadlines (semaphores, condition variables, locks, absolute
/// sleeps) still wait the real interval the caller asked for.
///
/// Returns 0, or -1 with errno ENOTSUP when a non-zero offset is refused: the shim could not find the
/// C library's waits it needs to translate deadlines, and a shifted clock would make them time out at
/// once or oversleep. The clock then stays real. An offset of 0 is always accepted.
int widgethost_set_realtime_offset(int64_t offset_ns);
int64_t widgethost_realtime_offset(void);

#endif
