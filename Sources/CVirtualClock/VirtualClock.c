// The extension's view of wall-clock time follows the host's clock. An extension executable links
// this file, and its definition of clock_gettime takes precedence over the C library's for every
// caller in the process (Foundation included); it reads the real clock with the system call and adds
// the offset the host's request set. Only the realtime clocks are shifted.
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "CVirtualClock.h"

static _Atomic int64_t realtime_offset_ns = 0;

void widgethost_set_realtime_offset(int64_t offset_ns) { atomic_store(&realtime_offset_ns, offset_ns); }

int64_t widgethost_realtime_offset(void) { return atomic_load(&realtime_offset_ns); }

int clock_gettime(clockid_t id, struct timespec *ts) {
    long result = syscall(SYS_clock_gettime, id, ts);
    if (result != 0) return (int)result;
    int64_t offset = atomic_load(&realtime_offset_ns);
    if (offset != 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)) {
        int64_t ns = (int64_t)ts->tv_sec * 1000000000LL + ts->tv_nsec + offset;
        int64_t sec = ns / 1000000000LL;
        int64_t rem = ns % 1000000000LL;
        if (rem < 0) { rem += 1000000000LL; sec -= 1; }
        ts->tv_sec = (time_t)sec;
        ts->tv_nsec = (long)rem;
    }
    return 0;
}
