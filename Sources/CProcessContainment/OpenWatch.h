// What a full-sandbox extension tried to open that its root does not hold, for its author.
//
// The extension, just before exec, asks the kernel to pass its file-opening system calls to a
// supervisor (seccomp user notification) and hands the listening descriptor to its namespace's init.
// The init lets every such call go on unchanged and, for an absolute path its root does not have,
// writes the path to the host once. Nothing is refused or allowed here: the root decides that; this
// only tells. Like the rest of the launch it runs between clone and exec: system calls only.
#ifndef OPENWATCH_H
#define OPENWATCH_H

/// In the extension, last before exec: install the filter and send its listener over `socket` (a
/// byte without a descriptor where the kernel cannot watch). Closes `socket`.
void wh_watch_install(int socket);

/// In the init: the listener the extension sent, or -1.
int wh_watch_receive(int socket);

/// In the init: take one notification from `listener`, let the call go on, and report its path on
/// `report_fd` if the root does not hold it (each path once).
void wh_watch_serve(int listener, int report_fd);

#endif
