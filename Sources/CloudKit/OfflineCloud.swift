import Foundation
import FoundationAdditions

/// What every server call of this module shares: there is no network, and no iCloud account. One
/// place makes the errors, delivers completion handlers and says it once on stderr.
enum OfflineCloud {
    /// Completion handlers run here: asynchronously, as CloudKit's do, off the caller's thread, and
    /// in the order the calls were made (a serial queue), so a test can reason about them.
    static let callbacks = DispatchQueue(label: "CloudKit.offline")

    /// The error of every call that would reach the servers.
    static var networkUnavailable: CKError {
        CKError(.networkUnavailable, userInfo: [NSLocalizedDescriptionKey: "The Internet connection appears to be offline. (CloudKit has no network under the widget host.)"])
    }

    /// The error of a call that needs the user's iCloud account, which this host has none of.
    static var notAuthenticated: CKError {
        CKError(.notAuthenticated, userInfo: [NSLocalizedDescriptionKey: "No iCloud account is signed in. (CloudKit has no account under the widget host.)"])
    }

    /// Runs `body` later on `callbacks`, after saying once that CloudKit is offline.
    static func later(_ body: @escaping @Sendable () -> Void) {
        sayOnce()
        callbacks.async(execute: body)
    }

    private static let notice = OneTimeNotice(
        "CloudKit: widgets have no network or iCloud account here; every server call fails with CKError.networkUnavailable (account calls with .notAuthenticated)")

    /// Tells the author once per process why nothing syncs: a widget that fetches on every timeline
    /// reload does not flood its log.
    static func sayOnce() { notice.sayOnce() }
}
