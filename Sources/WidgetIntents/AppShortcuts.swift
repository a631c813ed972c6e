import Foundation
import FoundationAdditions

/// `AppShortcutsProvider`: the App Shortcuts an app offers Siri and Spotlight, with the phrases that run
/// them. There is neither here: the shortcuts compile, and nothing reads them.
public protocol AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
    static var shortcutTileColor: ShortcutTileColor { get }
    static func updateAppShortcutParameters()
}

extension AppShortcutsProvider {
    public static var shortcutTileColor: ShortcutTileColor { .navy }
    /// Tells the system the parameters' options changed; there is no system to tell.
    public static func updateAppShortcutParameters() {}
}

/// `AppShortcut`: an intent and the phrases that run it.
public struct AppShortcut: Sendable {
    public let intent: any AppIntent
    public let phrases: [String]
    public let shortTitle: LocalizedStringResource?
    public let systemImageName: String?

    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource,
                                   systemImageName: String) {
        self.intent = intent
        self.phrases = phrases.map(\.text)
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
    }

    /// The iOS 16 form, without a title or image.
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>]) {
        self.intent = intent
        self.phrases = phrases.map(\.text)
        shortTitle = nil
        systemImageName = nil
    }
}

/// `AppShortcutPhrase`: what a person says to run a shortcut, with `${applicationName}` or
/// `\(.applicationName)` for the app's name and `\(\.$parameter)` for a parameter's value.
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    /// The phrase as written, each interpolation as `${name}`.
    public let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { text += "${\(token.name)}" }
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, Value>) { text += "${parameter}" }
    }
}

/// `AppShortcutPhraseToken`: a placeholder in a phrase.
public struct AppShortcutPhraseToken: Hashable, Sendable {
    let name: String
    public static let applicationName = AppShortcutPhraseToken(name: "applicationName")
}

/// `@AppShortcutsBuilder`: the shortcuts listed in `appShortcuts`, with `if` and `#available` branches.
@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildBlock(_ shortcuts: [AppShortcut]...) -> [AppShortcut] { shortcuts.flatMap { $0 } }
    public static func buildOptional(_ shortcuts: [AppShortcut]?) -> [AppShortcut] { shortcuts ?? [] }
    public static func buildEither(first: [AppShortcut]) -> [AppShortcut] { first }
    public static func buildEither(second: [AppShortcut]) -> [AppShortcut] { second }
    public static func buildArray(_ shortcuts: [[AppShortcut]]) -> [AppShortcut] { shortcuts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
}

/// `ShortcutTileColor`: the colour of an app's shortcut tiles in the Shortcuts app.
public enum ShortcutTileColor: Hashable, Sendable, CaseIterable {
    case red, tangerine, orange, yellow, lime, lightBlue, teal, blue, navy, purple, lightPurple, pink, grayBlue, grayGreen, grayBrown
}
