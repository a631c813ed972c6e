// The `Network` compat module: Apple's Network framework as a device with no network sees it. Widgets
// run here in a sandbox without network access, so nothing in this module opens a socket: a path
// monitor reports an unsatisfied path, a connection waits for a network that never comes
// (`.waiting(.posix(.ENETDOWN))`, which is what Apple's connection reports offline), a listener waits
// likewise. Endpoints, ports, IP addresses and parameters are plain values and work as on Apple's
// platforms. The first use says once on standard error that the network is offline here.
//
// As on Apple's platforms, `import Network` brings Foundation (with what Apple's Foundation has and
// Linux's lacks) and Dispatch, whose `DispatchQueue` every handler here is delivered on.
@_exported import Dispatch
@_exported import Foundation
@_exported import FoundationAdditions
