// The `CloudKit` compat module: Apple's CloudKit as a device offline sees it. Widgets run here in a
// sandbox with no network and no iCloud account, so every call that would reach Apple's servers
// fails, asynchronously as CloudKit's do: with `CKError.networkUnavailable`, or
// `CKError.notAuthenticated` where the call asks about the user's account, whose status is
// `.noAccount`. What lives on the device works as on Apple's platforms: records and their fields,
// record and zone IDs, references, assets, queries, subscriptions and operations as values. The first
// server call says once on standard error that CloudKit is offline here.
//
// As on Apple's platforms, `import CloudKit` brings Foundation (with what Apple's Foundation has and
// Linux's lacks, including `NSPredicate(format:)` and `NSSortDescriptor(key:ascending:)`, which
// queries are built with).
@_exported import Foundation
@_exported import FoundationAdditions
