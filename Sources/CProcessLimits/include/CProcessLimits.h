#ifndef CPROCESSLIMITS_H
#define CPROCESSLIMITS_H
#include <sys/types.h>

/// Sets another process's data-segment limit (RLIMIT_DATA), soft and hard, in bytes.
/// Returns 0, or -1 with errno set. (prlimit is a GNU extension Swift's Glibc module does not expose.)
int widgethost_set_data_limit(pid_t pid, unsigned long long bytes);

/// Adds "close every descriptor from `lowest` up" to a spawn's file actions (glibc 2.34+); returns
/// ENOSYS where the C library lacks it. (Swift's Glibc module does not expose the GNU extension.)
#include <spawn.h>
int widgethost_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// The process and user at the other end of a connected Unix socket (SO_PEERCRED, which the Glibc
/// module does not expose). Returns 0, or -1 with errno set.
int widgethost_peer_credentials(int fd, pid_t *pid, uid_t *uid);

#endif
