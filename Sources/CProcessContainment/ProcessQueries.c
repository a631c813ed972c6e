#define _GNU_SOURCE
#include <sys/socket.h>
#include <sys/syscall.h>
#include <string.h>
#include <unistd.h>
#include "CProcessContainment.h"

int widgethost_peer_credentials(int fd, pid_t *pid, uid_t *uid) {
    struct ucred credentials;
    socklen_t length = sizeof(credentials);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    return 0;
}

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int widgethost_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

int widgethost_contains(const void *bytes, size_t count, const void *needle, size_t needle_count) {
    return memmem(bytes, count, needle, needle_count) != NULL;
}
