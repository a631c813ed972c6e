// The extension's view of wall-clock time follows the host's clock. An extension executable links
// this file, and its definition of clock_gettime takes precedence over the C library's for every
// caller in the process (Foundation and Dispatch included); it reads the real clock with the system
// call and adds the offset the host's request set. Only the realtime clocks are shifted.
//
// Shifting the clock alone would break every wait with an absolute realtime deadline: the caller
// computes the deadline from the shifted clock, but the kernel compares it with the real one. With
// the host's clock in the past, Dispatch's semaphores (and so `DispatchSemaphore.wait(timeout:)` and
// the idle wait of its worker threads) time out at once; in the future, they oversleep. So the waits
// that take such deadlines (semaphores, conditions, mutexes and read-write locks) are defined here
// too: they shift the deadline back to real time before waiting.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "CVirtualClock.h"

static _Atomic int64_t realtime_offset_ns = 0;

void widgethost_set_realtime_offset(int64_t offset_ns) { atomic_store(&realtime_offset_ns, offset_ns); }

int64_t widgethost_realtime_offset(void) { return atomic_load(&realtime_offset_ns); }

static struct timespec shifted(const struct timespec *ts, int64_t offset) {
    int64_t ns = (int64_t)ts->tv_sec * 1000000000LL + ts->tv_nsec + offset;
    int64_t sec = ns / 1000000000LL;
    int64_t rem = ns % 1000000000LL;
    if (rem < 0) { rem += 1000000000LL; sec -= 1; }
    struct timespec result = { .tv_sec = (time_t)sec, .tv_nsec = (long)rem };
    return result;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    long result = syscall(SYS_clock_gettime, id, ts);
    if (result != 0) return (int)result;
    int64_t offset = atomic_load(&realtime_offset_ns);
    if (offset != 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)) *ts = shifted(ts, offset);
    return 0;
}

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 30))
// The waits below use glibc's clock-taking variants (2.30+) and, for conditions, glibc's layout; with
// another C library the waits are left as they are.

/// A deadline read from the shifted clock, as the kernel's real clock. An invalid deadline is left
/// alone so that the C library still reports EINVAL for it.
static const struct timespec *real_deadline(const struct timespec *deadline, struct timespec *storage) {
    int64_t offset = atomic_load(&realtime_offset_ns);
    if (offset == 0 || deadline == NULL || deadline->tv_nsec < 0 || deadline->tv_nsec >= 1000000000L) return deadline;
    *storage = shifted(deadline, -offset);
    return storage;
}

int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict deadline) {
    struct timespec storage;
    return sem_clockwait(sem, CLOCK_REALTIME, real_deadline(deadline, &storage));
}

// Foundation's `NSLock.lock(before:)` and its relatives wait through these.
int pthread_mutex_timedlock(pthread_mutex_t *restrict mutex, const struct timespec *restrict deadline) {
    struct timespec storage;
    return pthread_mutex_clocklock(mutex, CLOCK_REALTIME, real_deadline(deadline, &storage));
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *restrict lock, const struct timespec *restrict deadline) {
    struct timespec storage;
    return pthread_rwlock_clockrdlock(lock, CLOCK_REALTIME, real_deadline(deadline, &storage));
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *restrict lock, const struct timespec *restrict deadline) {
    struct timespec storage;
    return pthread_rwlock_clockwrlock(lock, CLOCK_REALTIME, real_deadline(deadline, &storage));
}

// A condition variable waits on the clock it was created with; only a realtime one needs the shift.
// glibc keeps that clock in bit 1 of __wrefs; `cond_layout_known` checks this once against conditions
// made both ways, and if the layout differs the C library's own wait is used unchanged.
static int cond_layout_known(void) {
    static _Atomic int known = -1;
    int value = atomic_load(&known);
    if (value >= 0) return value;
    pthread_condattr_t attr;
    pthread_cond_t realtime, monotonic;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&monotonic, &attr);
    pthread_cond_init(&realtime, NULL);
    value = (monotonic.__data.__wrefs & 2) != 0 && (realtime.__data.__wrefs & 2) == 0;
    pthread_cond_destroy(&monotonic);
    pthread_cond_destroy(&realtime);
    pthread_condattr_destroy(&attr);
    atomic_store(&known, value);
    return value;
}

typedef int (*cond_timedwait_fn)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);

int pthread_cond_timedwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex,
                           const struct timespec *restrict deadline) {
    if (cond_layout_known()) {
        clockid_t clock = (cond->__data.__wrefs & 2) ? CLOCK_MONOTONIC : CLOCK_REALTIME;
        struct timespec storage;
        return pthread_cond_clockwait(cond, mutex, clock,
                                      clock == CLOCK_REALTIME ? real_deadline(deadline, &storage) : deadline);
    }
    static _Atomic(cond_timedwait_fn) next = NULL;
    cond_timedwait_fn wait = atomic_load(&next);
    if (wait == NULL) {
        wait = (cond_timedwait_fn)dlvsym(RTLD_NEXT, "pthread_cond_timedwait", "GLIBC_2.3.2");
        if (wait == NULL) return EINVAL;
        atomic_store(&next, wait);
    }
    return wait(cond, mutex, deadline);
}
#endif
