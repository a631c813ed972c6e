// The `SwiftUI` compat module: widget source written for Apple's SwiftUI imports this on Linux and
// gets the archiving view DSL. As on Apple's platforms, it re-exports Foundation, with what Apple's
// Foundation has and Linux's lacks (`FoundationAdditions`: `String(localized:)`,
// `LocalizedStringResource`, the formatters), whose declarations shadow the unavailable ones.
//
// Widget authors see Apple's names only: the archive model stays out of their namespace. The few
// Apple-named types that the archive itself defines are re-exported one by one.
@_exported import Foundation
@_exported import FoundationAdditions
@_exported import WidgetUI
@_exported import enum WidgetArchive.ColorScheme
@_exported import struct WidgetArchive.RedactionReasons
@_exported import enum WidgetArchive.WidgetFamily
@_exported import enum WidgetArchive.WidgetRenderingMode
@_exported import UIKit
@_exported import CoreGraphics
// `@Observable` and `@ObservationIgnored`: Apple's SwiftUI re-exports Observation, which ships with
// the Linux toolchain (the macros included).
@_exported import Observation
// `Transferable` and its representations: Apple's SwiftUI re-exports CoreTransferable.
@_exported import CoreTransferable
// On Apple's platforms the widget protocols are declared in SwiftUI (code writes `SwiftUI.Widget`).
@_exported import protocol WidgetExtensionKit.Widget
@_exported import protocol WidgetExtensionKit.WidgetBundle
@_exported import protocol WidgetExtensionKit.WidgetConfiguration
@_exported import protocol WidgetExtensionKit.ControlWidget
@_exported import protocol WidgetExtensionKit.ControlWidgetConfiguration
@_exported import protocol WidgetExtensionKit.ControlWidgetTemplate
@_exported import enum WidgetExtensionKit.ControlWidgetConfigurationBuilder
@_exported import enum WidgetExtensionKit.ControlWidgetTemplateBuilder
