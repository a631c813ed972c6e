// The `SwiftData` compat module: `@Model` classes persisted as JSON in the extension's data folder. As
// on Apple's platforms, `import SwiftData` brings Foundation (with what Apple's Foundation has and
// Linux's lacks): a model file that imports nothing else names `Date`, `UUID` and `TimeInterval`.
@_exported import Foundation
@_exported import FoundationAdditions
