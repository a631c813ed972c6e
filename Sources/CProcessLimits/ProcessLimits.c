#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>
#include <spawn.h>
#include <sys/resource.h>
#include "CProcessLimits.h"

int widgethost_set_data_limit(pid_t pid, unsigned long long bytes) {
    struct rlimit limit = { .rlim_cur = (rlim_t)bytes, .rlim_max = (rlim_t)bytes };
    return prlimit(pid, RLIMIT_DATA, &limit, NULL);
}

int widgethost_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}
