#ifndef VIRTUALCLOCKPROBESUPPORT_H
#define VIRTUALCLOCKPROBESUPPORT_H
#include <pthread.h>
#include <semaphore.h>
#include <sys/time.h>
#include <time.h>

// glibc's clock-taking waits, which it declares only for _GNU_SOURCE, so Swift's Glibc module does not
// import them. The probe calls them as widget code would: the shim's definitions answer.
int sem_clockwait(sem_t *sem, clockid_t clock, const struct timespec *deadline);
int pthread_cond_clockwait(pthread_cond_t *cond, pthread_mutex_t *mutex, clockid_t clock, const struct timespec *deadline);
int pthread_mutex_clocklock(pthread_mutex_t *mutex, clockid_t clock, const struct timespec *deadline);
int pthread_rwlock_clockrdlock(pthread_rwlock_t *lock, clockid_t clock, const struct timespec *deadline);
int pthread_rwlock_clockwrlock(pthread_rwlock_t *lock, clockid_t clock, const struct timespec *deadline);

/// gettimeofday as C callers may call it, `tv` or `tz` NULL (Swift's import of it insists on a `tv`).
int probe_gettimeofday(struct timeval *tv, void *tz);

/// The C library's gettimeofday, past the shim: what its time-zone argument should look like.
int probe_libc_gettimeofday(struct timeval *tv, void *tz);

/// Reads a clock with the system call, past both the shim and the C library: the real clock, and the
/// slow baseline of the benchmark.
int probe_syscall_clock_gettime(clockid_t clock, struct timespec *ts);

/// The C library's clock_gettime, past the shim: the benchmark's measure of what the shim adds.
int probe_libc_clock_gettime(clockid_t clock, struct timespec *ts);

/// Makes SIGUSR1 a signal that interrupts a sleep (a handler that does nothing, no SA_RESTART), so that
/// a rescuer thread can end a sleep that would oversleep. Returns 0 or -1 with errno.
int probe_install_wakeup_signal(void);

#endif
