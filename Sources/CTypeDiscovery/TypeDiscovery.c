// The linker defines __start_/__stop_ symbols for every section whose name is a C identifier; the
// Swift runtime finds conformances the same way (SwiftRT-ELF). Weak, so an image without Swift
// conformances links and sees null bounds.
#include "CTypeDiscovery.h"

extern const char __start_swift5_protocol_conformances __attribute__((weak, visibility("hidden")));
extern const char __stop_swift5_protocol_conformances __attribute__((weak, visibility("hidden")));

const void *widgethost_conformances_start(void) { return &__start_swift5_protocol_conformances; }
const void *widgethost_conformances_end(void) { return &__stop_swift5_protocol_conformances; }

// Defined by FoundationNetworkingAdditions when the executable links it; weak, so an extension that
// does not still links.
extern void widgethost_start_network_route(void) __attribute__((weak));

int widgethost_start_linked_network_route(void) {
    if (!widgethost_start_network_route) return 0;
    widgethost_start_network_route();
    return 1;
}

#include <dlfcn.h>

int widgethost_links_foundation_networking(void) {
    void *handle = dlopen("libFoundationNetworking.so", RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) return 0;
    dlclose(handle);
    return 1;
}
