import Foundation
import FoundationAdditions

/// `ConfirmationActionName`: the verb on a confirmation prompt's button.
public struct ConfirmationActionName: Hashable, Sendable {
    let name: String
    public static let add = ConfirmationActionName(name: "add")
    public static let buy = ConfirmationActionName(name: "buy")
    public static let call = ConfirmationActionName(name: "call")
    public static let `continue` = ConfirmationActionName(name: "continue")
    public static let go = ConfirmationActionName(name: "go")
    public static let order = ConfirmationActionName(name: "order")
    public static let pay = ConfirmationActionName(name: "pay")
    public static let post = ConfirmationActionName(name: "post")
    public static let run = ConfirmationActionName(name: "run")
    public static let search = ConfirmationActionName(name: "search")
    public static let send = ConfirmationActionName(name: "send")
    public static let set = ConfirmationActionName(name: "set")
    public static let start = ConfirmationActionName(name: "start")
    public static let toggle = ConfirmationActionName(name: "toggle")
    public static let turnOff = ConfirmationActionName(name: "turnOff")
    public static let turnOn = ConfirmationActionName(name: "turnOn")
    public static func custom(acceptLabel: LocalizedStringResource, acceptAlternatives: [LocalizedStringResource] = [],
                              denyLabel: LocalizedStringResource, denyAlternatives: [LocalizedStringResource] = [],
                              destructive: Bool) -> ConfirmationActionName {
        ConfirmationActionName(name: acceptLabel.key)
    }
}

extension AppIntent {
    /// `requestConfirmation(result:confirmationActionName:showPrompt:)`: on Apple's platforms the
    /// system asks before continuing. A widget's host has no one to ask: the intent continues, as
    /// when the person confirms.
    public func requestConfirmation<Result: IntentResult>(
        result: Result, confirmationActionName: ConfirmationActionName = .continue, showPrompt: Bool = true
    ) async throws {}

    /// `requestConfirmation()`: continues, as above.
    public func requestConfirmation() async throws {}
}
