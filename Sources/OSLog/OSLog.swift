// The `OSLog` compat module: `Logger` and `os_log`, writing to the extension's standard error. As on
// Apple's platforms, `import OSLog` brings Foundation (with what Apple's Foundation has and Linux's
// lacks), so a logging file that imports nothing else still names `Bundle` and `Date`.
@_exported import Foundation
@_exported import FoundationAdditions
