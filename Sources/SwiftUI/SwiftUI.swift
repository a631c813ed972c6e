// The `SwiftUI` compat module: widget source written for Apple's SwiftUI imports this on Linux and
// gets the archiving view DSL. As on Apple's platforms, it re-exports Foundation.
@_exported import Foundation
@_exported import WidgetArchive
@_exported import WidgetUI
