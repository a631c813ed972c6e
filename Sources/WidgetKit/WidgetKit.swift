// The `WidgetKit` compat module: widget source written for Apple's WidgetKit imports this on Linux.
// Like Apple's, it brings SwiftUI and the SiriKit intent types (`INIntent`, the template's
// `ConfigurationIntent`) with it; and like the `SwiftUI` module, it shows widget authors Apple's names
// only.
@_exported import SwiftUI
@_exported import Intents
@_exported import WidgetExtensionKit
@_exported import enum WidgetArchive.WidgetFamily
@_exported import enum WidgetArchive.WidgetRenderingMode
