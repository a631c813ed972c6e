#ifndef CTYPEDISCOVERY_H
#define CTYPEDISCOVERY_H

/// The bounds of this image's Swift protocol conformance records (the `swift5_protocol_conformances`
/// section the compiler emits and the linker gathers): each record is a 32-bit relative offset to a
/// conformance descriptor. Both are null when the image has no such section.
const void *widgethost_conformances_start(void);
const void *widgethost_conformances_end(void);

/// Starts the network route (`HostNetworkRoute`) if the executable links the module that has it.
/// Returns whether it does. A weak reference: what an extension does not import costs it nothing.
int widgethost_start_linked_network_route(void);

/// Whether Foundation's networking library is loaded (dynamically linked into this process): an
/// extension that can make requests.
int widgethost_links_foundation_networking(void);

#endif
