// The `AppIntents` compat module: intent source written for Apple's AppIntents imports this on Linux.
@_exported import Foundation
@_exported import FoundationAdditions
@_exported import WidgetIntents
