// The `CoreData` compat module: widget code written for Apple's Core Data imports this on Linux.
// As Apple's does, it re-exports Foundation (with what Linux's lacks: `FoundationAdditions`, such as
// `containerURL(forSecurityApplicationGroupIdentifier:)`, which a Core Data stack's store URL uses).
//
// What it is: the model read from the project's `.xcdatamodeld` (shipped as a resource by `import`),
// managed objects whose `@NSManaged` properties `import` rewrites into accessors of this module
// (there is no Objective-C runtime to supply them), contexts that fetch, sort and save, and a store
// kept as JSON at the URL the app gives (Apple's is SQLite). `NSPredicate(format:)`, which Linux's
// Foundation marks unavailable, is parsed and evaluated here.
@_exported import Foundation
@_exported import FoundationAdditions
