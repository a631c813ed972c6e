// The `WidgetKit` compat module: widget source written for Apple's WidgetKit imports this on Linux.
@_exported import WidgetArchive
@_exported import WidgetExtensionKit
