// The linker defines __start_/__stop_ symbols for every section whose name is a C identifier; the
// Swift runtime finds conformances the same way (SwiftRT-ELF). Weak, so an image without Swift
// conformances links and sees null bounds.
#include "CTypeDiscovery.h"

extern const char __start_swift5_protocol_conformances __attribute__((weak, visibility("hidden")));
extern const char __stop_swift5_protocol_conformances __attribute__((weak, visibility("hidden")));

const void *widgethost_conformances_start(void) { return &__start_swift5_protocol_conformances; }
const void *widgethost_conformances_end(void) { return &__stop_swift5_protocol_conformances; }
