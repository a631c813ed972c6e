/// `import CoreGraphics`, as widget files write it for `CGFloat`, `CGPoint`, `CGSize` and `CGRect`.
/// On Linux those are Foundation's, so this module is Foundation by Apple's name for them; drawing
/// into a `CGContext` has no counterpart here, and a file that does fails to build naming it.
@_exported import Foundation
