#include <malloc.h>
#include "CProcessContainment.h"

int widgethost_limit_heap_arenas(int count) {
    return mallopt(M_ARENA_MAX, count) == 1 ? 0 : -1;
}
