// Starting an extension inside its sandbox.
//
// The child is made with the raw clone system call rather than fork(): the host is multithreaded,
// and between the clone and the exec the child may only make system calls (no allocation, no lock
// another thread might have held, no atfork handler). Everything below that runs in the child keeps
// to that. A failing step writes {step, errno} to a close-on-exec pipe and exits; a successful exec
// closes the pipe, so the parent learns the outcome from one read.
//
// A child that only goes on to exec shares its parent's memory until then (as posix_spawn's does),
// on a stack of its own, its parent waiting: a copy of the host's page tables, made for a process
// that replaces them at once, was most of a launch's own cost. The full sandbox's first process
// outlives the exec it starts, so it is a copy; the extension it starts is not.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "CProcessContainment.h"
#include "OpenWatch.h"

#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef SYS_execveat
#define SYS_execveat 322
#endif
#define WH_MOUNT_ATTR_RDONLY 0x1ULL
#define WH_MOUNT_ATTR_NOSUID 0x2ULL
#define WH_AT_RECURSIVE 0x8000
/// The stack a thread reserves when the host limits memory: what iOS gives a main thread.
#define WIDGETHOST_THREAD_STACK (1UL << 20)
#define WH_CLOSE_RANGE_CLOEXEC (1U << 2)

/// `struct mount_attr` (linux/mount.h, which cannot be included beside sys/mount.h on glibc 2.36).
struct wh_mount_attr {
    uint64_t attr_set, attr_clr, propagation, userns_fd;
};

static pid_t raw_fork(unsigned long flags) { return (pid_t)syscall(SYS_clone, flags | SIGCHLD, 0, 0, 0, 0); }

/// What a child sharing its parent's memory runs, and the signal mask it execs with.
struct shared_start {
    void (*body)(void *);
    void *argument;
    sigset_t mask;
};

static int shared_start_entry(void *pointer) {
    struct shared_start *start = pointer;
    // A handler of the parent's must not run here, on memory the parent is using: each goes back to
    // the default (this process's table of handlers is its own) before signals are let in.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    for (int number = 1; number < NSIG; number++) {
        struct sigaction current;
        if (sigaction(number, NULL, &current) != 0) continue;
        if (current.sa_handler != SIG_IGN && current.sa_handler != SIG_DFL) sigaction(number, &fallback, NULL);
    }
    sigprocmask(SIG_SETMASK, &start->mask, NULL);
    start->body(start->argument);
    _exit(127);
}

/// Starts `body` in a child that shares this process's memory until it execs or exits, this thread
/// waiting until then. `body` must end in an exec or `_exit`, and write nothing but its own stack.
/// The child execs with `mask` (this thread's mask when null).
static pid_t spawn_sharing_memory(unsigned long flags, void (*body)(void *), void *argument, const sigset_t *mask) {
    const size_t size = 256 * 1024;
    void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return -1;
    struct shared_start start = { .body = body, .argument = argument };
    sigset_t all, previous;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &previous);
    start.mask = mask ? *mask : previous;
    pid_t pid = clone(shared_start_entry, (char *)stack + size, (int)(flags | CLONE_VM | CLONE_VFORK | SIGCHLD), &start);
    int saved = errno;
    sigprocmask(SIG_SETMASK, &previous, NULL);
    munmap(stack, size);
    errno = saved;
    return pid;
}

static void fail_at(int report_fd, int step, int index) {
    int record[3] = { step, errno, index };
    ssize_t ignored = write(report_fd, record, sizeof(record));
    (void)ignored;
    _exit(127);
}

static void fail(int report_fd, int step) { fail_at(report_fd, step, -1); }

static size_t decimal(char *out, unsigned long long value) {
    char digits[24];
    size_t n = 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value != 0);
    for (size_t i = 0; i < n; i++) out[i] = digits[n - 1 - i];
    return n;
}

static int write_file(const char *path, const char *text, size_t length) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t written = write(fd, text, length);
    int saved = errno;
    close(fd);
    errno = saved;
    return written == (ssize_t)length ? 0 : -1;
}

/// "<inside> <id> 1": the one id this process had outside, which is all an unprivileged user may map.
/// Inside it keeps its number, but for root: a host running as root gives the extension an ordinary
/// id inside (nobody's), so that at exec it keeps no capability in its namespace.
#define WH_INSIDE_ID_FOR_ROOT 65534ULL
static int map_one_id(const char *path, unsigned long long id) {
    char line[64];
    size_t n = decimal(line, id == 0 ? WH_INSIDE_ID_FOR_ROOT : id);
    line[n++] = ' ';
    n += decimal(line + n, id);
    memcpy(line + n, " 1\n", 3);
    return write_file(path, line, n + 3);
}

/// The folder `make_mount_point` made last: the paths come sorted, so most of the next one's folders
/// are there already and are not made again.
static char made[4096];
static size_t made_length;

/// Makes the folders of `path` (relative to the working folder) and, when `is_file`, an empty file
/// at its end to mount a file on.
static int make_mount_point(const char *path, int is_file) {
    char buffer[4096];
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof(buffer)) { errno = ENAMETOOLONG; return -1; }
    memcpy(buffer, path, length + 1);
    // Folders of `made` that `path` shares are there: start after the last one shared.
    size_t start = 1;
    for (size_t i = 1; i <= length && i <= made_length; i++) {
        if (buffer[i] != made[i] && !(buffer[i] == '/' && made[i] == '\0')) break;
        if ((buffer[i] == '/' || buffer[i] == '\0') && (made[i] == '/' || made[i] == '\0')) start = i + 1;
        if (made[i] == '\0') break;
    }
    for (size_t i = start; i <= length; i++) {
        if (buffer[i] != '/' && buffer[i] != '\0') continue;
        if (i == length && is_file) break;
        char saved = buffer[i];
        buffer[i] = '\0';
        if (mkdir(buffer, 0755) != 0 && errno != EEXIST) return -1;
        memcpy(made, buffer, i + 1);
        made_length = i;
        buffer[i] = saved;
    }
    if (!is_file) return 0;
    int fd = open(buffer, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return errno == EEXIST ? 0 : -1;
    close(fd);
    return 0;
}

/// Binds what `source` (a descriptor opened before the new root hid it) is at `path` in the new root
/// (the working folder), read-only or not as the tree later says.
static int bind_at(int source, const char *path) {
    struct stat st;
    if (fstat(source, &st) != 0) return -1;
    while (*path == '/') path++;
    if (make_mount_point(path, !S_ISDIR(st.st_mode)) != 0) return -1;
    char from[32] = "/proc/self/fd/";
    from[14 + decimal(from + 14, (unsigned long long)source)] = '\0';
    return mount(from, path, NULL, MS_BIND | MS_REC, NULL);
}

static const char *const devices[] = { "/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", NULL };

/// Opens what will be bound in the new root while the host's file system is still in view: an
/// executable or data folder in a place the new root is built over stays reachable.
static void open_sources(const struct widgethost_launch *s, int *grants, int *data, int report_fd) {
    int n = 0;
    for (const char *const *path = s->read_paths; path && *path; path++, n++) {
        if (n >= WIDGETHOST_MAX_GRANTS) { errno = E2BIG; fail_at(report_fd, WIDGETHOST_STEP_GRANT, n); }
        grants[n] = open(*path, O_PATH | O_CLOEXEC);
        if (grants[n] < 0 && errno != ENOENT && errno != ENOTDIR) fail_at(report_fd, WIDGETHOST_STEP_GRANT, n);
    }
    grants[n] = -2;
    *data = s->data_dir ? open(s->data_dir, O_PATH | O_DIRECTORY | O_CLOEXEC) : -1;
    if (s->data_dir && *data < 0) fail(report_fd, WIDGETHOST_STEP_DATA_FOLDER);
}

/// The host's symbolic links along the read paths, made again in the new root (the working folder).
static void make_symlinks(const struct widgethost_launch *s, int report_fd) {
    for (const char *const *pair = s->symlinks; pair && pair[0] && pair[1]; pair += 2) {
        const char *path = pair[0];
        while (*path == '/') path++;
        char parent[4096];
        size_t length = strlen(path);
        if (length >= sizeof(parent)) { errno = ENAMETOOLONG; fail(report_fd, WIDGETHOST_STEP_NEW_ROOT); }
        memcpy(parent, path, length + 1);
        char *slash = strrchr(parent, '/');
        if (slash) {
            *slash = '\0';
            if (make_mount_point(parent, 0) != 0) fail(report_fd, WIDGETHOST_STEP_NEW_ROOT);
        }
        if (symlink(pair[1], path) != 0 && errno != EEXIST) fail(report_fd, WIDGETHOST_STEP_NEW_ROOT);
    }
}

/// The new root: a small tmpfs (over the host's /tmp, whose contents were opened beforehand where
/// needed) with the grants bound in, all read-only and without set-user-ID, but for the data folder
/// and a /tmp of its own.
static void build_root(const struct widgethost_launch *s, int report_fd) {
    int grants[WIDGETHOST_MAX_GRANTS + 1];
    int data;
    open_sources(s, grants, &data, report_fd);
    int device_fds[8];
    for (int i = 0; devices[i]; i++) device_fds[i] = open(devices[i], O_PATH | O_CLOEXEC);

    if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m") != 0) fail(report_fd, WIDGETHOST_STEP_NEW_ROOT);
    if (chdir("/tmp") != 0) fail(report_fd, WIDGETHOST_STEP_NEW_ROOT);
    // /tmp first, so that what is granted inside the host's /tmp is mounted inside this one.
    if (make_mount_point("tmp", 0) != 0 || mount("tmpfs", "tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0700,size=16m") != 0)
        fail(report_fd, WIDGETHOST_STEP_NEW_ROOT);
    make_symlinks(s, report_fd);
    for (int i = 0; grants[i] != -2; i++) {
        if (grants[i] >= 0 && bind_at(grants[i], s->read_paths[i]) != 0) fail_at(report_fd, WIDGETHOST_STEP_GRANT, i);
    }
    for (int i = 0; devices[i]; i++) {
        if (device_fds[i] >= 0 && bind_at(device_fds[i], devices[i]) != 0) fail(report_fd, WIDGETHOST_STEP_NEW_ROOT);
    }
    if (data >= 0 && bind_at(data, s->data_dir) != 0) fail(report_fd, WIDGETHOST_STEP_DATA_FOLDER);
    if (make_mount_point("proc", 0) != 0) fail(report_fd, WIDGETHOST_STEP_PROC);
    // This process is the first of the new PID namespace: a /proc of its own shows only its
    // processes. Mounted while the host's /proc is still in view, as the kernel requires.
    if (mount("proc", "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) fail(report_fd, WIDGETHOST_STEP_PROC);

    struct wh_mount_attr read_only = { .attr_set = WH_MOUNT_ATTR_RDONLY | WH_MOUNT_ATTR_NOSUID };
    if (syscall(SYS_mount_setattr, AT_FDCWD, ".", WH_AT_RECURSIVE, &read_only, sizeof(read_only)) != 0)
        fail(report_fd, WIDGETHOST_STEP_READ_ONLY);
    struct wh_mount_attr writable = { .attr_clr = WH_MOUNT_ATTR_RDONLY };
    if (data >= 0 && syscall(SYS_mount_setattr, AT_FDCWD, s->data_dir + 1, WH_AT_RECURSIVE, &writable, sizeof(writable)) != 0)
        fail(report_fd, WIDGETHOST_STEP_READ_ONLY);
    if (syscall(SYS_mount_setattr, AT_FDCWD, "tmp", 0, &writable, sizeof(writable)) != 0) fail(report_fd, WIDGETHOST_STEP_READ_ONLY);

    // The host's root goes: stacked under the new one by pivot_root, then detached.
    if (syscall(SYS_pivot_root, ".", ".") != 0) fail(report_fd, WIDGETHOST_STEP_PIVOT);
    if (umount2(".", MNT_DETACH) != 0) fail(report_fd, WIDGETHOST_STEP_PIVOT);
    if (chdir("/") != 0) fail(report_fd, WIDGETHOST_STEP_PIVOT);
    for (int i = 0; grants[i] != -2; i++) if (grants[i] >= 0) close(grants[i]);
    for (int i = 0; devices[i]; i++) if (device_fds[i] >= 0) close(device_fds[i]);
    if (data >= 0) close(data);
}

/// The file-system half of the FULL sandbox, in the new user and mount namespaces.
static void enter_namespaces(const struct widgethost_launch *s, int report_fd) {
    if (write_file("/proc/self/setgroups", "deny", 4) != 0 && errno != ENOENT) fail(report_fd, WIDGETHOST_STEP_USER_NAMESPACE);
    if (map_one_id("/proc/self/uid_map", s->uid) != 0) fail(report_fd, WIDGETHOST_STEP_USER_NAMESPACE);
    if (map_one_id("/proc/self/gid_map", s->gid) != 0) fail(report_fd, WIDGETHOST_STEP_USER_NAMESPACE);
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) fail(report_fd, WIDGETHOST_STEP_PRIVATE_MOUNTS);
    build_root(s, report_fd);
}

/// Descriptors as the extension gets them: /dev/null, the log (or the host's), the log again, the
/// channel, and the network route when there is one; everything else closed at exec. `exec_fd` is
/// kept to exec from, close-on-exec.
static void arrange_descriptors(const struct widgethost_launch *s, int report_fd) {
    int channel = fcntl(s->channel_fd, F_DUPFD_CLOEXEC, 64);
    int network = s->network_fd >= 0 ? fcntl(s->network_fd, F_DUPFD_CLOEXEC, 64) : -1;
    int log = s->stderr_fd >= 0 ? fcntl(s->stderr_fd, F_DUPFD_CLOEXEC, 64) : -1;
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (channel < 0 || null < 0 || (s->stderr_fd >= 0 && log < 0) || (s->network_fd >= 0 && network < 0)) {
        fail(report_fd, WIDGETHOST_STEP_DESCRIPTORS);
    }
    if (dup2(null, 0) < 0) fail(report_fd, WIDGETHOST_STEP_DESCRIPTORS);
    if (log >= 0 && (dup2(log, 1) < 0 || dup2(log, 2) < 0)) fail(report_fd, WIDGETHOST_STEP_DESCRIPTORS);
    if (dup2(channel, 3) < 0) fail(report_fd, WIDGETHOST_STEP_DESCRIPTORS);
    if (network >= 0 && dup2(network, 4) < 0) fail(report_fd, WIDGETHOST_STEP_DESCRIPTORS);
    unsigned first_closed = network >= 0 ? 5U : 4U;
    if (syscall(SYS_close_range, first_closed, ~0U, WH_CLOSE_RANGE_CLOEXEC) != 0) {
        for (int fd = (int)first_closed; fd < 65536; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
}

/// The file size, descriptor and (FULL) process limits, before the extension's first instruction.
static void set_resource_limits(const struct widgethost_launch *s, int report_fd) {
    if (s->file_size_limit != 0) {
        struct rlimit limit = { .rlim_cur = (rlim_t)s->file_size_limit, .rlim_max = (rlim_t)s->file_size_limit };
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) fail(report_fd, WIDGETHOST_STEP_RESOURCE_LIMITS);
    }
    if (s->descriptor_limit != 0) {
        struct rlimit current = { 0, 0 };
        rlim_t wanted = (rlim_t)s->descriptor_limit;
        if (getrlimit(RLIMIT_NOFILE, &current) == 0 && current.rlim_max != RLIM_INFINITY && wanted > current.rlim_max) wanted = current.rlim_max;
        struct rlimit limit = { .rlim_cur = wanted, .rlim_max = wanted };
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0) fail(report_fd, WIDGETHOST_STEP_RESOURCE_LIMITS);
    }
    // Outside a user namespace of its own the count would be of all the host user's processes.
    if (s->process_limit != 0 && s->level == WIDGETHOST_SANDBOX_FULL) {
        struct rlimit limit = { .rlim_cur = (rlim_t)s->process_limit, .rlim_max = (rlim_t)s->process_limit };
        if (setrlimit(RLIMIT_NPROC, &limit) != 0) fail(report_fd, WIDGETHOST_STEP_RESOURCE_LIMITS);
    }
}

static void start_extension(const struct widgethost_launch *s, int exec_fd, int report_fd, int watch_fd) {
    if (s->data_limit != 0) {
        struct rlimit limit = { .rlim_cur = (rlim_t)s->data_limit, .rlim_max = (rlim_t)s->data_limit };
        if (setrlimit(RLIMIT_DATA, &limit) != 0) fail(report_fd, WIDGETHOST_STEP_MEMORY_LIMIT);
        // A thread's stack is reserved from the data limit, and glibc sizes it by RLIMIT_STACK
        // (8 MiB here by default): five threads would spend a widget's whole budget on reservations
        // and Dispatch could start no more. iOS gives a process's main thread 1 MiB of stack.
        struct rlimit stack;
        if (getrlimit(RLIMIT_STACK, &stack) == 0 && (stack.rlim_cur == RLIM_INFINITY || stack.rlim_cur > WIDGETHOST_THREAD_STACK)) {
            stack.rlim_cur = WIDGETHOST_THREAD_STACK;
            if (setrlimit(RLIMIT_STACK, &stack) != 0) fail(report_fd, WIDGETHOST_STEP_MEMORY_LIMIT);
        }
    }
    arrange_descriptors(s, report_fd);
    if (watch_fd >= 0) wh_watch_install(watch_fd);
    // Last: descriptors were moved above 64 on the way, which a lower descriptor limit would refuse.
    set_resource_limits(s, report_fd);
    // By path where it can be seen (a script's interpreter needs one); from the descriptor opened
    // before the sandbox where it cannot (an executable inside a covered folder).
    execve(s->path, s->argv, s->envp);
    if (errno == ENOENT || errno == ENOTDIR) syscall(SYS_execveat, exec_fd, "", s->argv, s->envp, AT_EMPTY_PATH);
    fail(report_fd, WIDGETHOST_STEP_EXEC);
}

/// What a child sharing memory is given to start the extension with (`child` or `start_extension`).
struct launch_arguments {
    const struct widgethost_launch *s;
    int exec_fd, report_fd;
};

static void start_extension_body(void *argument) {
    const struct launch_arguments *start = argument;
    start_extension(start->s, start->exec_fd, start->report_fd, -1);
}

/// Waits for the extension's end, reaping whatever is orphaned on the way.
static void reap_until(pid_t extension, int status_fd) {
    for (;;) {
        int status = 0;
        pid_t ended = waitpid(-1, &status, 0);
        if (ended == extension) {
            ssize_t ignored = write(status_fd, &status, sizeof(status));
            (void)ignored;
            _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
        }
        if (ended < 0 && errno != EINTR) _exit(127);
    }
}

/// The namespace's first process: it starts the extension, reaps whatever is orphaned to it, tells
/// the host what the extension tried to open that its root lacks (OpenWatch.h), and when the
/// extension ends reports how and exits, which ends every process left in the namespace.
static void run_init(const struct widgethost_launch *s, int exec_fd, int report_fd) {
    int watch[2] = { -1, -1 };
    if (s->refusal_fd >= 0 && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, watch) != 0) watch[0] = watch[1] = -1;
    // Above every number either process rearranges descriptors to (0 to 4 in the extension, 64 to
    // 66 here), so no dup2 below lands on one of them.
    for (int i = 0; i < 2; i++) {
        if (watch[i] < 0) continue;
        int high = fcntl(watch[i], F_DUPFD_CLOEXEC, 67);
        close(watch[i]);
        watch[i] = high;
    }
    sigset_t child_ended, previous;
    sigemptyset(&child_ended);
    sigaddset(&child_ended, SIGCHLD);
    sigprocmask(SIG_BLOCK, &child_ended, &previous);
    pid_t extension;
    if (watch[1] >= 0) {
        // Watched, the extension's exec waits for this process's answer: it cannot wait for the exec.
        extension = raw_fork(0);
        if (extension == 0) {
            sigprocmask(SIG_SETMASK, &previous, NULL);
            close(watch[0]);
            start_extension(s, exec_fd, report_fd, watch[1]);
        }
    } else {
        struct launch_arguments start = { .s = s, .exec_fd = exec_fd, .report_fd = report_fd };
        extension = spawn_sharing_memory(0, start_extension_body, &start, &previous);
    }
    if (extension < 0) fail(report_fd, WIDGETHOST_STEP_INIT_FORK);
    if (watch[1] >= 0) close(watch[1]);
    // Nothing of the extension's (its channel above all) stays open here but these.
    const int status_fd = 64, refusal_fd = 65, watch_fd = 66;
    // The host's descriptors may already be any of 64 to 66: each is first copied above them.
    int status_high = fcntl(s->status_fd, F_DUPFD_CLOEXEC, 67);
    int refusal_high = s->refusal_fd >= 0 ? fcntl(s->refusal_fd, F_DUPFD_CLOEXEC, 67) : -1;
    if (status_high < 0 || dup2(status_high, status_fd) < 0) _exit(127);
    int watching = refusal_high >= 0 && watch[0] >= 0 && dup2(refusal_high, refusal_fd) >= 0 && dup2(watch[0], watch_fd) >= 0;
    syscall(SYS_close_range, 0U, (unsigned)status_fd - 1, 0U);
    syscall(SYS_close_range, (unsigned)(watching ? watch_fd : status_fd) + 1, ~0U, 0U);
    int listener = watching ? wh_watch_receive(watch_fd) : -1;
    int signals = signalfd(-1, &child_ended, SFD_CLOEXEC);
    if (signals < 0) {
        if (listener >= 0) close(listener);
        sigprocmask(SIG_SETMASK, &previous, NULL);
        reap_until(extension, status_fd);
    }
    for (;;) {
        // The status pipe's other end is the host's alone: when the host is gone (killed with SIGKILL,
        // say), it reports an error, and the init ends, and with it every process of the namespace,
        // one that no longer reads its channel among them.
        struct pollfd ready[3] = { { .fd = signals, .events = POLLIN }, { .fd = status_fd, .events = 0 },
                                   { .fd = listener, .events = POLLIN } };
        if (poll(ready, listener >= 0 ? 3 : 2, -1) < 0) {
            if (errno == EINTR) continue;
            _exit(127);
        }
        if (ready[1].revents & (POLLERR | POLLHUP)) _exit(128 + SIGKILL);
        if (ready[0].revents) {
            struct signalfd_siginfo info;
            ssize_t ignored = read(signals, &info, sizeof(info));
            (void)ignored;
            for (;;) {
                int status = 0;
                pid_t ended = waitpid(-1, &status, WNOHANG);
                if (ended <= 0) break;
                if (ended == extension) {
                    ignored = write(status_fd, &status, sizeof(status));
                    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
                }
            }
        }
        if (listener >= 0 && (ready[2].revents & POLLIN)) {
            wh_watch_serve(listener, refusal_fd);
        } else if (listener >= 0 && ready[2].revents) {
            close(listener);  // the extension and all it started have gone
            listener = -1;
        }
    }
}

static void child(const struct widgethost_launch *s, int exec_fd, int report_fd) {
    if (setpgid(0, 0) != 0) fail(report_fd, WIDGETHOST_STEP_PROCESS_GROUP);
    if (s->level == WIDGETHOST_SANDBOX_FULL) enter_namespaces(s, report_fd);
    if (s->level == WIDGETHOST_SANDBOX_BASIC && prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) fail(report_fd, WIDGETHOST_STEP_SUBREAPER);
    if (s->probe_only) _exit(0);
    if (s->level == WIDGETHOST_SANDBOX_FULL) run_init(s, exec_fd, report_fd);
    start_extension(s, exec_fd, report_fd, -1);
}

static void child_body(void *argument) {
    const struct launch_arguments *start = argument;
    child(start->s, start->exec_fd, start->report_fd);
}

/// `fd` copied to the lowest free number above 66 (close-on-exec), the original closed; `fd` itself
/// if there is no room.
static int move_above_rearranged(int fd) {
    int high = fcntl(fd, F_DUPFD_CLOEXEC, 67);
    if (high < 0) return fd;
    close(fd);
    return high;
}

int widgethost_launch(const struct widgethost_launch *spec, pid_t *pid, int *failed_step, int *failed_errno, int *failed_index) {
    *failed_index = -1;
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *failed_step = WIDGETHOST_STEP_CLONE;
        *failed_errno = errno;
        return -1;
    }
    int exec_fd = spec->probe_only ? -1 : open(spec->path, O_PATH | O_CLOEXEC);
    if (!spec->probe_only && exec_fd < 0) {
        *failed_step = WIDGETHOST_STEP_EXEC;
        *failed_errno = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    // The child rearranges descriptors onto 0 to 4 (and its init onto 64 to 66): what it still needs
    // after that is first moved above them.
    report[1] = move_above_rearranged(report[1]);
    if (exec_fd >= 0) exec_fd = move_above_rearranged(exec_fd);
    pid_t child_pid;
    if (spec->level == WIDGETHOST_SANDBOX_FULL) {
        // The namespace's first process lives on after the extension's exec: a copy of this one.
        child_pid = raw_fork(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWNET);
        if (child_pid == 0) child(spec, exec_fd, report[1]);
    } else {
        struct launch_arguments start = { .s = spec, .exec_fd = exec_fd, .report_fd = report[1] };
        child_pid = spawn_sharing_memory(0, child_body, &start, NULL);
    }
    int clone_errno = errno;
    close(report[1]);
    if (exec_fd >= 0) close(exec_fd);
    if (child_pid < 0) {
        close(report[0]);
        *failed_step = WIDGETHOST_STEP_CLONE;
        *failed_errno = clone_errno;
        return -1;
    }
    int record[3] = { 0, 0, -1 };
    ssize_t n;
    do { n = read(report[0], record, sizeof(record)); } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == (ssize_t)sizeof(record) || spec->probe_only) {
        int status = 0;
        while (waitpid(child_pid, &status, 0) < 0 && errno == EINTR) {}
        if (n == (ssize_t)sizeof(record)) {
            *failed_step = record[0];
            *failed_errno = record[1];
            *failed_index = record[2];
            return -1;
        }
    }
    *pid = child_pid;
    return 0;
}
