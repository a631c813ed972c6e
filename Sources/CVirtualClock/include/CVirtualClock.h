#ifndef CVIRTUALCLOCK_H
#define CVIRTUALCLOCK_H
#include <stdint.h>

/// Shifts this process's CLOCK_REALTIME (what Foundation's Date() reads) by `offset_ns`, so widget
/// code that calls Date() sees the host's clock, virtual or real. Monotonic clocks are untouched, and
/// waits with absolute realtime deadlines (semaphores, condition variables) still wait the real
/// interval the caller asked for.
void widgethost_set_realtime_offset(int64_t offset_ns);
int64_t widgethost_realtime_offset(void);

#endif
