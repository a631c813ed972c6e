#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "OpenWatch.h"

#if defined(__x86_64__)
#define WH_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define WH_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif
#ifndef SECCOMP_USER_NOTIF_FLAG_CONTINUE
#define SECCOMP_USER_NOTIF_FLAG_CONTINUE (1UL << 0)
#endif
#ifndef __NR_openat2
#define __NR_openat2 437
#endif

/// Calls that open: whose first argument is the path. (Looking, by stat or access, is not watched:
/// the loader and Foundation look in many places they do not need.)
static const int path_first[] = {
#if defined(__x86_64__)
    __NR_open,
#endif
    __NR_execve, -1,
};
/// Calls that open: whose second argument is the path.
static const int path_second[] = { __NR_openat, __NR_openat2, -1 };

static int path_argument(int nr) {
    for (int i = 0; path_first[i] >= 0; i++) if (path_first[i] == nr) return 0;
    for (int i = 0; path_second[i] >= 0; i++) if (path_second[i] == nr) return 1;
    return -1;
}

void wh_watch_install(int sock) {
#ifdef WH_AUDIT_ARCH
    struct sock_filter code[48];
    int n = 0;
    code[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, WH_AUDIT_ARCH, 1, 0);
    code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    code[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
    // Each plain call: equal, the next instruction (notify); else skip it.
    for (int pass = 0; pass < 2; pass++) {
        const int *list = pass == 0 ? path_first : path_second;
        for (int i = 0; list[i] >= 0; i++) {
            code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)list[i], 0, 1);
            code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
        }
    }
    code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog program = { .len = (unsigned short)n, .filter = code };
    int listener = -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0)
        listener = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program);
#else
    int listener = -1;
#endif
    char byte = 0;
    struct iovec io = { .iov_base = &byte, .iov_len = 1 };
    union { char buffer[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    memset(&control, 0, sizeof(control));
    struct msghdr message = { .msg_iov = &io, .msg_iovlen = 1 };
    if (listener >= 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = sizeof(control.buffer);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &listener, sizeof(int));
    }
    ssize_t ignored = sendmsg(sock, &message, MSG_NOSIGNAL);
    (void)ignored;
    if (listener >= 0) close(listener);
    close(sock);
}

int wh_watch_receive(int sock) {
    char byte;
    struct iovec io = { .iov_base = &byte, .iov_len = 1 };
    union { char buffer[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    struct msghdr message = { .msg_iov = &io, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof(control.buffer) };
    ssize_t n;
    do { n = recvmsg(sock, &message, MSG_CMSG_CLOEXEC); } while (n < 0 && errno == EINTR);
    close(sock);
    struct cmsghdr *header = n > 0 ? CMSG_FIRSTHDR(&message) : NULL;
    if (!header || header->cmsg_type != SCM_RIGHTS) return -1;
    int listener;
    memcpy(&listener, CMSG_DATA(header), sizeof(int));
    return listener;
}

/// Paths already reported (FNV-1a hashes; a full table reports no more).
static uint64_t reported[1024];
static int reported_count;

static int first_time(const char *path) {
    uint64_t hash = 1469598103934665603ULL;
    for (const char *c = path; *c; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ULL;
    for (int i = 0; i < reported_count; i++) if (reported[i] == hash) return 0;
    if (reported_count == (int)(sizeof(reported) / sizeof(reported[0]))) return 0;
    reported[reported_count++] = hash;
    return 1;
}

/// Reads the NUL-terminated string at `address` in process `pid`, a page at a time (a string near
/// the end of its mapping must not fail for the bytes beyond it). Returns its length, or -1.
static int read_string(pid_t pid, uint64_t address, char *out, size_t capacity) {
    size_t done = 0;
    while (done < capacity - 1) {
        size_t to_page_end = 4096 - (size_t)((address + done) % 4096);
        size_t want = to_page_end < capacity - 1 - done ? to_page_end : capacity - 1 - done;
        struct iovec local = { .iov_base = out + done, .iov_len = want };
        struct iovec remote = { .iov_base = (void *)(uintptr_t)(address + done), .iov_len = want };
        ssize_t got = syscall(SYS_process_vm_readv, pid, &local, 1UL, &remote, 1UL, 0UL);
        if (got <= 0) return -1;
        for (ssize_t i = 0; i < got; i++) if (out[done + (size_t)i] == '\0') return (int)(done + (size_t)i);
        done += (size_t)got;
    }
    out[capacity - 1] = '\0';
    return -1;
}

void wh_watch_serve(int listener, int report_fd) {
    struct seccomp_notif request;
    memset(&request, 0, sizeof(request));
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &request) != 0) return;
    int which = path_argument(request.data.nr);
    char path[4000];
    int length = which >= 0 ? read_string(request.pid, request.data.args[which], path, sizeof(path)) : -1;
    // The call goes on as it was asked, whatever follows.
    struct seccomp_notif_resp response = { .id = request.id, .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
    ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &response);
    if (length <= 0 || path[0] != '/') return;
    struct stat info;
    if (stat(path, &info) == 0 || errno != ENOENT) return;
    if (!first_time(path)) return;
    path[length] = '\n';
    ssize_t ignored = write(report_fd, path, (size_t)length + 1);
    (void)ignored;
}
