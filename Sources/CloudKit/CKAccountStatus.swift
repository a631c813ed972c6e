import Foundation

/// `CKAccountStatus`, with Apple's raw values. Here always `.noAccount`: no iCloud account is signed
/// in under the widget host, so apps take the path they already have for a user without iCloud.
public enum CKAccountStatus: Int, Hashable, Sendable {
    case couldNotDetermine = 0
    case available = 1
    case restricted = 2
    case noAccount = 3
    case temporarilyUnavailable = 4
}

extension Notification.Name {
    /// Posted when the iCloud account changes: never, here.
    public static let CKAccountChanged = Notification.Name("CKAccountChangedNotification")
}
