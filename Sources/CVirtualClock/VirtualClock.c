// The extension's view of wall-clock time follows the host's clock. An extension executable links
// this file, and its definitions of clock_gettime, gettimeofday and time take precedence over the C
// library's for every caller in the process (Foundation and Dispatch included); they read the real
// clock through the C library (which reads most clocks without entering the kernel) and add the
// offset the host's request set. Only the realtime clocks are shifted.
//
// Shifting the clock alone would break every wait with an absolute realtime deadline: the caller
// computes the deadline from the shifted clock, but the kernel compares it with the real one. With
// the host's clock in the past, Dispatch's semaphores (and so `DispatchSemaphore.wait(timeout:)` and
// the idle wait of its worker threads) time out at once; in the future, they oversleep. So the waits
// that take such deadlines (semaphores, conditions, mutexes, read-write locks and absolute sleeps, in
// their "timed" and glibc's "clock" forms) are defined here too: they shift the deadline back to real
// time and call the C library's own function, looked up past this file with dlvsym.
//
// All of this is written against glibc: the names of the clock-taking waits, their symbol versions
// and the layout of a condition variable. Elsewhere the waits would silently keep shifted deadlines,
// so the file does not build there, and if the functions cannot be found at run time the clock is
// not shifted at all (`widgethost_set_realtime_offset` says so).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "CVirtualClock.h"

#if !defined(__GLIBC__) || __GLIBC__ < 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ < 30)
#error "CVirtualClock needs glibc 2.30 or later: its waits with absolute realtime deadlines are only shifted with glibc's clock-taking waits (sem_clockwait and friends); elsewhere a shifted clock would make them time out at once or oversleep."
#endif
#if __TIMESIZE != 64
#error "CVirtualClock needs a 64-bit time_t ABI: with 32-bit time_t, glibc routes 64-bit time callers to other symbols (__clock_gettime64 and friends) that this file does not define."
#endif

enum { NS_PER_S = 1000000000 };

static _Atomic int64_t realtime_offset_ns = 0;

// MARK: - Saturating time arithmetic

/// A signed number of nanoseconds as whole seconds and a part in [0, 1 s), so that it can be added
/// to a timespec without a 64-bit product that could overflow.
typedef struct {
    int64_t sec;
    long nsec;
} span;

static span span_of(int64_t ns) {
    span result = { ns / NS_PER_S, (long)(ns % NS_PER_S) };
    if (result.nsec < 0) {
        result.nsec += NS_PER_S;
        result.sec -= 1;
    }
    return result;
}

/// -s, which cannot overflow: `sec` of any span is at least INT64_MIN / 1e9 - 1.
static span negated(span s) {
    if (s.nsec == 0) return (span){ -s.sec, 0 };
    return (span){ -s.sec - 1, NS_PER_S - s.nsec };
}

static const struct timespec latest = { INT64_MAX, NS_PER_S - 1 };
static const struct timespec earliest = { INT64_MIN, 0 };

/// `ts` (with tv_nsec in [0, 1 s)) moved by `by`, held at the edge of time_t's range instead of
/// wrapping round to its other end: a clock or deadline pushed past the end of time stays there.
static struct timespec moved(struct timespec ts, span by) {
    long nsec = ts.tv_nsec + by.nsec;
    int carry = nsec >= NS_PER_S;
    if (carry) nsec -= NS_PER_S;
    time_t sec;
    if (__builtin_add_overflow(ts.tv_sec, by.sec, &sec)) return by.sec < 0 ? earliest : latest;
    if (__builtin_add_overflow(sec, carry, &sec)) return latest;
    return (struct timespec){ sec, nsec };
}

static bool valid_nanoseconds(long nsec) { return nsec >= 0 && nsec < NS_PER_S; }

// MARK: - The C library's functions

/// The C library's definition of `name`, which this file's own definition hides from a plain call.
/// The version is the one glibc gives the current interface on x86_64; where it is missing (other
/// architectures start their versions later) the default version is the current interface.
static void *next_symbol(const char *name, const char *version) {
    void *symbol = dlvsym(RTLD_NEXT, name, version);
    return symbol != NULL ? symbol : dlsym(RTLD_NEXT, name);
}

/// Defines `next_NAME()`: the C library's NAME, looked up once and kept; NULL if it cannot be found.
/// Two threads may both look it up the first time; they find the same function.
#define NEXT_FUNCTION(name, version, type)                                                     \
    static type next_##name(void) {                                                            \
        static _Atomic(type) cached = NULL;                                                    \
        type function = atomic_load_explicit(&cached, memory_order_acquire);                   \
        if (function == NULL) {                                                                \
            function = (type)next_symbol(#name, version);                                      \
            atomic_store_explicit(&cached, function, memory_order_release);                    \
        }                                                                                      \
        return function;                                                                       \
    }

typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef int (*clock_nanosleep_fn)(clockid_t, int, const struct timespec *, struct timespec *);
typedef int (*sem_clockwait_fn)(sem_t *, clockid_t, const struct timespec *);
typedef int (*cond_clockwait_fn)(pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *);
typedef int (*cond_timedwait_fn)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
typedef int (*mutex_clocklock_fn)(pthread_mutex_t *, clockid_t, const struct timespec *);
typedef int (*rwlock_clocklock_fn)(pthread_rwlock_t *, clockid_t, const struct timespec *);

NEXT_FUNCTION(gettimeofday, "GLIBC_2.2.5", gettimeofday_fn)
NEXT_FUNCTION(clock_nanosleep, "GLIBC_2.17", clock_nanosleep_fn)
NEXT_FUNCTION(sem_clockwait, "GLIBC_2.30", sem_clockwait_fn)
NEXT_FUNCTION(pthread_cond_clockwait, "GLIBC_2.30", cond_clockwait_fn)
NEXT_FUNCTION(pthread_cond_timedwait, "GLIBC_2.3.2", cond_timedwait_fn)
NEXT_FUNCTION(pthread_mutex_clocklock, "GLIBC_2.30", mutex_clocklock_fn)
NEXT_FUNCTION(pthread_rwlock_clockrdlock, "GLIBC_2.30", rwlock_clocklock_fn)
NEXT_FUNCTION(pthread_rwlock_clockwrlock, "GLIBC_2.30", rwlock_clocklock_fn)

// MARK: - Reading the clock

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/// The kernel's clock, for when the C library's cannot be used (yet). Sets errno as clock_gettime does.
static int syscall_clock_gettime(clockid_t id, struct timespec *ts) { return (int)syscall(SYS_clock_gettime, id, ts); }

static _Atomic(clock_gettime_fn) next_clock_gettime_cached = NULL;
static atomic_int clock_gettime_lookup_started = 0;

/// The C library's clock_gettime, which reads the clock in user space (the vDSO) where the kernel
/// allows it: an order of magnitude cheaper than the system call (`virtual-clock-probe bench`).
/// Looking it up may itself read the clock, or run code that does, so one thread looks it up and every
/// read until it is found (that thread's own included) uses the system call: nothing here can recurse
/// or wait.
static clock_gettime_fn next_clock_gettime(void) {
    clock_gettime_fn function = atomic_load_explicit(&next_clock_gettime_cached, memory_order_acquire);
    if (function != NULL) return function;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&clock_gettime_lookup_started, &expected, 1)) return syscall_clock_gettime;
    function = (clock_gettime_fn)next_symbol("clock_gettime", "GLIBC_2.17");
    if (function == NULL || function == clock_gettime) function = syscall_clock_gettime;
    atomic_store_explicit(&next_clock_gettime_cached, function, memory_order_release);
    return function;
}

static bool is_shifted_clock(clockid_t id) { return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE; }

static struct timespec shifted_reading(struct timespec real) {
    int64_t offset = atomic_load_explicit(&realtime_offset_ns, memory_order_relaxed);
    return offset == 0 ? real : moved(real, span_of(offset));
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    int result = next_clock_gettime()(id, ts);
    if (result == 0 && is_shifted_clock(id)) *ts = shifted_reading(*ts);
    return result;
}

/// The real (unshifted) realtime clock as a timeval; `tz` as the C library fills it.
static int real_time_of_day(struct timeval *real, void *tz) {
    gettimeofday_fn next = next_gettimeofday();
    if (next != NULL) return next(real, tz);
    // What glibc itself does where the kernel has no time of day to offer: no time zone.
    if (tz != NULL) memset(tz, 0, sizeof(struct timezone));
    struct timespec ts;
    if (next_clock_gettime()(CLOCK_REALTIME, &ts) != 0) return -1;
    *real = (struct timeval){ ts.tv_sec, ts.tv_nsec / 1000 };
    return 0;
}

/// `pointer`, with whatever the compiler was told about it forgotten.
static void *opaque(void *pointer) {
    __asm__("" : "+r"(pointer));
    return pointer;
}

// glibc declares `tv` nonnull, but old callers pass NULL to ask for the time zone alone, and the C
// library's own (vDSO) version accepts it; `opaque` keeps the compiler from dropping the check.
int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    struct timeval real;
    if (real_time_of_day(&real, tz) != 0) return -1;
    struct timeval *out = opaque(tv);
    if (out == NULL) return 0;
    struct timespec shifted = shifted_reading((struct timespec){ real.tv_sec, real.tv_usec * 1000 });
    *out = (struct timeval){ shifted.tv_sec, shifted.tv_nsec / 1000 };
    return 0;
}

time_t time(time_t *result) {
    struct timespec now;
    if (clock_gettime(CLOCK_REALTIME, &now) != 0) return (time_t)-1;
    if (result != NULL) *result = now.tv_sec;
    return now.tv_sec;
}

// MARK: - Deadlines

/// A deadline read from the shifted clock, as the kernel's real clock. A deadline that is invalid
/// (nanoseconds out of range, or before 1970) is left alone so that the C library still answers for
/// it as it would (EINVAL or ETIMEDOUT). One that falls before 1970 once shifted back is in the past
/// all the same: it becomes 1970, since the kernel rejects negative times outright.
static const struct timespec *real_deadline(const struct timespec *deadline, struct timespec *storage) {
    int64_t offset = atomic_load_explicit(&realtime_offset_ns, memory_order_relaxed);
    if (offset == 0 || deadline == NULL || !valid_nanoseconds(deadline->tv_nsec) || deadline->tv_sec < 0) return deadline;
    *storage = moved(*deadline, negated(span_of(offset)));
    if (storage->tv_sec < 0) *storage = (struct timespec){ 0, 0 };
    return storage;
}

/// The deadline to give the C library for a wait on `clock`: only realtime deadlines move.
static const struct timespec *deadline_for(clockid_t clock, const struct timespec *deadline, struct timespec *storage) {
    return clock == CLOCK_REALTIME ? real_deadline(deadline, storage) : deadline;
}

// MARK: - Sleeps

/// clock_nanosleep by system call, for when the C library's cannot be found; returns an error number.
static int syscall_clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    return syscall(SYS_clock_nanosleep, clock, flags, request, remaining) == 0 ? 0 : errno;
}

// A relative sleep, or one on another clock, needs nothing.
int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    struct timespec storage;
    if (flags & TIMER_ABSTIME) request = deadline_for(clock, request, &storage);
    clock_nanosleep_fn next = next_clock_nanosleep();
    if (next == NULL) return syscall_clock_nanosleep(clock, flags, request, remaining);
    return next(clock, flags, request, remaining);
}

// MARK: - Waits
// Each "timed" wait is the "clock" one on CLOCK_REALTIME, and both call the C library's "clock"
// function directly, so that a deadline is shifted exactly once. Without it (which the offset's
// setter refuses to shift the clock for) they fail as a C library lacking the function would.

static int sem_wait_until(sem_t *sem, clockid_t clock, const struct timespec *deadline) {
    sem_clockwait_fn next = next_sem_clockwait();
    if (next == NULL) {
        errno = ENOSYS;
        return -1;
    }
    struct timespec storage;
    return next(sem, clock, deadline_for(clock, deadline, &storage));
}

int sem_clockwait(sem_t *restrict sem, clockid_t clock, const struct timespec *restrict deadline) {
    return sem_wait_until(sem, clock, deadline);
}

int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict deadline) {
    return sem_wait_until(sem, CLOCK_REALTIME, deadline);
}

static int mutex_lock_until(pthread_mutex_t *mutex, clockid_t clock, const struct timespec *deadline) {
    mutex_clocklock_fn next = next_pthread_mutex_clocklock();
    if (next == NULL) return ENOSYS;
    struct timespec storage;
    return next(mutex, clock, deadline_for(clock, deadline, &storage));
}

int pthread_mutex_clocklock(pthread_mutex_t *restrict mutex, clockid_t clock, const struct timespec *restrict deadline) {
    return mutex_lock_until(mutex, clock, deadline);
}

// Foundation's `NSLock.lock(before:)` and its relatives wait through this.
int pthread_mutex_timedlock(pthread_mutex_t *restrict mutex, const struct timespec *restrict deadline) {
    return mutex_lock_until(mutex, CLOCK_REALTIME, deadline);
}

static int rwlock_lock_until(rwlock_clocklock_fn next, pthread_rwlock_t *lock, clockid_t clock,
                             const struct timespec *deadline) {
    if (next == NULL) return ENOSYS;
    struct timespec storage;
    return next(lock, clock, deadline_for(clock, deadline, &storage));
}

int pthread_rwlock_clockrdlock(pthread_rwlock_t *restrict lock, clockid_t clock, const struct timespec *restrict deadline) {
    return rwlock_lock_until(next_pthread_rwlock_clockrdlock(), lock, clock, deadline);
}

int pthread_rwlock_clockwrlock(pthread_rwlock_t *restrict lock, clockid_t clock, const struct timespec *restrict deadline) {
    return rwlock_lock_until(next_pthread_rwlock_clockwrlock(), lock, clock, deadline);
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *restrict lock, const struct timespec *restrict deadline) {
    return rwlock_lock_until(next_pthread_rwlock_clockrdlock(), lock, CLOCK_REALTIME, deadline);
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *restrict lock, const struct timespec *restrict deadline) {
    return rwlock_lock_until(next_pthread_rwlock_clockwrlock(), lock, CLOCK_REALTIME, deadline);
}

static int cond_wait_until(pthread_cond_t *cond, pthread_mutex_t *mutex, clockid_t clock, const struct timespec *deadline) {
    cond_clockwait_fn next = next_pthread_cond_clockwait();
    if (next == NULL) return ENOSYS;
    struct timespec storage;
    return next(cond, mutex, clock, deadline_for(clock, deadline, &storage));
}

int pthread_cond_clockwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex, clockid_t clock,
                           const struct timespec *restrict deadline) {
    return cond_wait_until(cond, mutex, clock, deadline);
}

// A condition variable's timed wait uses the clock it was created with; only a realtime one needs the
// shift. glibc keeps that clock in bit 1 of __wrefs; `cond_layout_known` checks this once against
// conditions made both ways. If the layout differs, the C library's own timed wait is used unchanged,
// and the offset's setter refuses to shift the clock.
static int cond_layout_known(void) {
    static atomic_int known = -1;
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

int pthread_cond_timedwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex,
                           const struct timespec *restrict deadline) {
    if (cond_layout_known()) {
        clockid_t clock = (cond->__data.__wrefs & 2) ? CLOCK_MONOTONIC : CLOCK_REALTIME;
        return cond_wait_until(cond, mutex, clock, deadline);
    }
    cond_timedwait_fn next = next_pthread_cond_timedwait();
    return next != NULL ? next(cond, mutex, deadline) : ENOSYS;
}

// MARK: - The offset

/// Whether every wait above can reach the C library's function and so shift its deadline.
static bool waits_follow_the_offset(void) {
    return next_clock_nanosleep() != NULL && next_sem_clockwait() != NULL && next_pthread_cond_clockwait() != NULL &&
           next_pthread_mutex_clocklock() != NULL && next_pthread_rwlock_clockrdlock() != NULL &&
           next_pthread_rwlock_clockwrlock() != NULL && cond_layout_known();
}

int widgethost_set_realtime_offset(int64_t offset_ns) {
    if (offset_ns != 0 && !waits_follow_the_offset()) {
        errno = ENOTSUP;
        return -1;
    }
    atomic_store(&realtime_offset_ns, offset_ns);
    return 0;
}

int64_t widgethost_realtime_offset(void) { return atomic_load(&realtime_offset_ns); }

// Looks everything up before main, so that the first read of the clock or wait, which could be in a
// signal handler or under a lock, does not have to.
__attribute__((constructor)) static void look_up_the_c_library(void) {
    (void)next_clock_gettime();
    (void)next_gettimeofday();
    (void)waits_follow_the_offset();
    (void)next_pthread_cond_timedwait();
}
