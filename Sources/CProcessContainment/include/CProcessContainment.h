#ifndef CPROCESSCONTAINMENT_H
#define CPROCESSCONTAINMENT_H
#include <stddef.h>
#include <sys/types.h>

/// The process and user at the other end of a connected Unix socket (SO_PEERCRED, which the Glibc
/// module does not expose). Returns 0, or -1 with errno set.
int widgethost_peer_credentials(int fd, pid_t *pid, uid_t *uid);

/// A descriptor that becomes readable when process `pid` (a child of the caller) ends: pidfd_open,
/// which the Glibc module does not expose. Returns -1 with errno set where the kernel lacks it.
int widgethost_pidfd_open(pid_t pid);

/// Caps how many malloc arenas the process makes (mallopt M_ARENA_MAX, which the Glibc module does
/// not expose): a long-running multi-threaded process keeps what each arena freed. Returns 0, or -1.
int widgethost_limit_heap_arenas(int count);

/// Whether `needle` occurs in `bytes` (memmem, which the Glibc module does not expose).
int widgethost_contains(const void *bytes, size_t count, const void *needle, size_t needle_count);

/// How much of the sandbox a launch gets. Every level gives the extension a process group of its
/// own, its memory limit before its first instruction, an allow-listed environment (built by the
/// caller) and no descriptor but its channel.
enum widgethost_sandbox_level {
    /// Only the above.
    WIDGETHOST_SANDBOX_NONE = 0,
    /// The extension also becomes the subreaper of what it starts, so everything it starts stays
    /// in its process tree (where the host can find and stop it) even after a double fork.
    WIDGETHOST_SANDBOX_BASIC = 1,
    /// Also a user, PID, mount and network namespace: everything it starts dies with it (the kernel stops a
    /// PID namespace when its first process ends), it sees no other process, and its root is a file
    /// system of its own: what it was granted read-only at the same paths, its data folder writable,
    /// a small /tmp of its own, a few devices and its own /proc; nothing else of the host's.
    WIDGETHOST_SANDBOX_FULL = 2,
};

/// The steps of a launch, named when one fails.
enum widgethost_launch_step {
    WIDGETHOST_STEP_CLONE = 1,
    WIDGETHOST_STEP_PROCESS_GROUP,
    WIDGETHOST_STEP_USER_NAMESPACE,
    WIDGETHOST_STEP_PRIVATE_MOUNTS,
    WIDGETHOST_STEP_NEW_ROOT,
    WIDGETHOST_STEP_DATA_FOLDER,
    WIDGETHOST_STEP_READ_ONLY,
    WIDGETHOST_STEP_PROC,
    WIDGETHOST_STEP_INIT_FORK,
    WIDGETHOST_STEP_SUBREAPER,
    WIDGETHOST_STEP_MEMORY_LIMIT,
    WIDGETHOST_STEP_DESCRIPTORS,
    WIDGETHOST_STEP_EXEC,
    /// Binding one of `read_paths` (its index is reported).
    WIDGETHOST_STEP_GRANT,
    WIDGETHOST_STEP_PIVOT,
    /// Setting its file size, descriptor or process limit.
    WIDGETHOST_STEP_RESOURCE_LIMITS,
};

/// At most this many read paths are bound.
#define WIDGETHOST_MAX_GRANTS 1024

struct widgethost_launch {
    /// Opened before the sandbox is set up, so an executable in a covered folder still starts.
    const char *path;
    char *const *argv;
    char *const *envp;
    /// Becomes descriptor 3; `stderr_fd` becomes 2 (-1: the host's); standard input is /dev/null.
    int channel_fd;
    int stderr_fd;
    /// Becomes descriptor 4 (-1: none): the network route, the extension's only way to the network in
    /// FULL, where it has a network namespace of its own with nothing in it.
    int network_fd;
    /// RLIMIT_DATA in bytes, 0 for none; applied in the child before exec, so there is no window.
    unsigned long long data_limit;
    /// RLIMIT_FSIZE in bytes, 0 for none: the largest file it may write (its data folder's quota; its
    /// log counts). Writing past it raises SIGXFSZ, which ends it.
    unsigned long long file_size_limit;
    /// RLIMIT_NOFILE, 0 to leave it: the descriptors each of its processes may hold (at most the
    /// host's own hard limit).
    unsigned long descriptor_limit;
    /// FULL: RLIMIT_NPROC, 0 for none: the tasks (processes and threads) its user may have in its
    /// user namespace. The kernel does not apply it to a user that is root outside the namespace.
    unsigned long process_limit;
    int level;
    /// FULL: the one writable folder, bound at its own path in the new root.
    const char *data_dir;
    /// FULL: absolute paths of the files and folders bound read-only at their own paths in the new
    /// root (NULL-terminated; one that does not exist is skipped; none may lie inside another).
    const char *const *read_paths;
    /// FULL: symbolic links made in the new root as the host has them along the read paths
    /// (`/lib` → `usr/lib`): pairs of path and target, NULL-terminated.
    const char *const *symlinks;
    /// FULL: the write end of a pipe where the namespace's first process (a small init that stays
    /// in this library's code) writes the extension's raw wait status when it ends.
    int status_fd;
    /// FULL: the write end of a pipe (non-blocking) where the init writes, a line each and once, the
    /// absolute paths the extension tried to open that its root does not hold; -1 for none.
    int refusal_fd;
    uid_t uid;
    gid_t gid;
    /// Set up the sandbox, then exit 0 instead of starting anything: what `widgethost_sandbox_probe`
    /// uses to learn what this machine allows.
    int probe_only;
};

/// Starts a process as `spec` says. Returns 0 with `*pid` set (for FULL, the init's pid: killing it
/// stops the whole namespace), or -1 with the failing step, its errno and, for a read path, its index
/// (else -1).
int widgethost_launch(const struct widgethost_launch *spec, pid_t *pid, int *failed_step, int *failed_errno, int *failed_index);

#endif
