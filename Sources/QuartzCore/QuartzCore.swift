// The `QuartzCore` compat module: Core Animation's layer as app code shared with a widget touches it
// (a view's `layer`, its corner radius, rendering it into a context). Widgets draw with SwiftUI, and
// nothing here composites layers: the values are kept, and `render(in:)` has no context to draw into,
// since none is ever handed out. UIKit re-exports this module, as Apple's does.
@_exported import CoreGraphics
@_exported import Foundation
