#define _GNU_SOURCE
#include <stddef.h>
#include <sys/resource.h>
#include "CProcessLimits.h"

int widgethost_set_data_limit(pid_t pid, unsigned long long bytes) {
    struct rlimit limit = { .rlim_cur = (rlim_t)bytes, .rlim_max = (rlim_t)bytes };
    return prlimit(pid, RLIMIT_DATA, &limit, NULL);
}
