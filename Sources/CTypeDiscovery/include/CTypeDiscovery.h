#ifndef CTYPEDISCOVERY_H
#define CTYPEDISCOVERY_H

/// The bounds of this image's Swift protocol conformance records (the `swift5_protocol_conformances`
/// section the compiler emits and the linker gathers): each record is a 32-bit relative offset to a
/// conformance descriptor. Both are null when the image has no such section.
const void *widgethost_conformances_start(void);
const void *widgethost_conformances_end(void);

#endif
