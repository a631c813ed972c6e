// What the virtual clock probe cannot write in Swift: system calls (variadic), the C library's own
// functions past the shim's definitions (dlvsym), NULL arguments Swift's imports do not allow, and a
// signal handler.
#define _GNU_SOURCE
#include "VirtualClockProbeSupport.h"
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

int probe_gettimeofday(struct timeval *tv, void *tz) { return gettimeofday(tv, tz); }

typedef int (*gettimeofday_fn)(struct timeval *, void *);

int probe_libc_gettimeofday(struct timeval *tv, void *tz) {
    gettimeofday_fn next = (gettimeofday_fn)dlsym(RTLD_NEXT, "gettimeofday");
    if (next == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return next(tv, tz);
}

int probe_syscall_clock_gettime(clockid_t clock, struct timespec *ts) { return (int)syscall(SYS_clock_gettime, clock, ts); }

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

int probe_libc_clock_gettime(clockid_t clock, struct timespec *ts) {
    static clock_gettime_fn next = NULL;  // the probe's main thread alone benchmarks
    if (next == NULL) next = (clock_gettime_fn)dlvsym(RTLD_NEXT, "clock_gettime", "GLIBC_2.17");
    if (next == NULL) next = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
    if (next == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return next(clock, ts);
}

static void ignore(int signal) { (void)signal; }

int probe_install_wakeup_signal(void) {
    struct sigaction action = { 0 };
    action.sa_handler = ignore;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGUSR1, &action, NULL);
}
