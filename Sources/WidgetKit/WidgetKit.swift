// The `WidgetKit` compat module: widget source written for Apple's WidgetKit imports this on Linux.
// Like the `SwiftUI` module, it shows widget authors Apple's names only.
@_exported import WidgetExtensionKit
@_exported import enum WidgetArchive.WidgetFamily
@_exported import enum WidgetArchive.WidgetRenderingMode
