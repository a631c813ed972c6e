#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
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

int widgethost_peer_credentials(int fd, pid_t *pid, uid_t *uid) {
    struct ucred credentials;
    socklen_t length = sizeof(credentials);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    return 0;
}
