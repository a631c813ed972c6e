// The clock shim (CVirtualClock) where it cannot find the C library's functions: this program's own
// dlsym and dlvsym find nothing, as on a C library without them. The shim must then refuse to shift
// the clock (a shifted clock would break every wait it cannot translate), say why, and keep reading
// the real clock. Prints "ok refusal" and exits 0, or prints each failure and exits 1.
#define _GNU_SOURCE
#include <CVirtualClock.h>
#include <errno.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

// These take precedence over the C library's for the shim, linked into this executable.
void *dlsym(void *handle, const char *name) {
    (void)handle;
    (void)name;
    return NULL;
}

void *dlvsym(void *handle, const char *name, const char *version) {
    (void)handle;
    (void)name;
    (void)version;
    return NULL;
}

static int failures = 0;

static void expect(int condition, const char *message) {
    if (condition) return;
    printf("FAIL refusal: %s\n", message);
    failures += 1;
}

static double seconds(struct timespec ts) { return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9; }

static double real_seconds(clockid_t clock) {
    struct timespec ts;
    syscall(SYS_clock_gettime, clock, &ts);
    return seconds(ts);
}

static void expect_real_clock(const char *message) {
    struct timespec ts;
    expect(clock_gettime(CLOCK_REALTIME, &ts) == 0, "clock_gettime(CLOCK_REALTIME) failed");
    double difference = seconds(ts) - real_seconds(CLOCK_REALTIME);
    expect(difference > -1 && difference < 1, message);
}

int main(void) {
    errno = 0;
    expect(widgethost_set_realtime_offset(365LL * 86400 * 1000000000) == -1, "a non-zero offset was accepted");
    expect(errno == ENOTSUP, "the refusal's errno is not ENOTSUP");
    expect(widgethost_realtime_offset() == 0, "the refused offset was kept");
    expect_real_clock("clock_gettime(CLOCK_REALTIME) is not the real clock after a refusal");
    expect(widgethost_set_realtime_offset(0) == 0, "an offset of 0 was refused");

    // The clock is still read (by system call) and is real, whichever way it is asked for.
    struct timespec ts;
    expect(clock_gettime(CLOCK_MONOTONIC, &ts) == 0, "clock_gettime(CLOCK_MONOTONIC) failed");
    double monotonic = seconds(ts) - real_seconds(CLOCK_MONOTONIC);
    expect(monotonic > -1 && monotonic < 1, "clock_gettime(CLOCK_MONOTONIC) is not the kernel's");
    struct timeval tv;
    struct timezone tz = { 77, 77 };
    expect(gettimeofday(&tv, &tz) == 0, "gettimeofday failed");
    double difference = (double)tv.tv_sec + (double)tv.tv_usec / 1e6 - real_seconds(CLOCK_REALTIME);
    expect(difference > -1 && difference < 1, "gettimeofday is not the real clock");
    expect(tz.tz_minuteswest == 0 && tz.tz_dsttime == 0, "gettimeofday's time zone is not glibc's zeros");
    difference = (double)time(NULL) - real_seconds(CLOCK_REALTIME);
    expect(difference > -2 && difference < 1, "time is not the real clock");
    struct timespec interval = { 0, 10000000 };
    expect(clock_nanosleep(CLOCK_MONOTONIC, 0, &interval, NULL) == 0, "clock_nanosleep (by system call) failed");

    // The waits cannot reach the C library's either; they fail as on a C library without them.
    sem_t semaphore;
    sem_init(&semaphore, 0, 0);
    struct timespec deadline = { 0, 0 };
    errno = 0;
    expect(sem_timedwait(&semaphore, &deadline) == -1 && errno == ENOSYS, "sem_timedwait did not fail with ENOSYS");
    sem_destroy(&semaphore);

    if (failures > 0) return 1;
    printf("ok refusal\n");
    return 0;
}
