// The `UIKit` compat module: the parts of UIKit that widget views reach for — images made from data
// or names, colours (system, semantic, dynamic), fonts, the screen — and their SwiftUI bridges
// (`Image(uiImage:)`, `Color(uiColor:)`). As on iOS, `import SwiftUI` brings it too.
@_exported import Foundation
@_exported import FoundationAdditions
// UIKit's API speaks Core Graphics types (`UIColor.cgColor`, `UIImage.cgImage`), and Apple's UIKit
// re-exports Core Graphics.
@_exported import CoreGraphics
// A view's `layer` is Core Animation's, and Apple's UIKit re-exports QuartzCore.
@_exported import QuartzCore
