/// `import CoreGraphics`, as widget files write it for `CGFloat`, `CGPoint`, `CGSize` and `CGRect`.
/// On Linux those are Foundation's, so this module re-exports Foundation for them, and adds the
/// value types widget code passes around (`CGColor`, `CGImage`). Drawing into a `CGContext` has no
/// counterpart here: no context is ever handed out, and a file that calls a drawing function fails to
/// build naming it.
@_exported import Foundation
