import Foundation
import FoundationAdditions

/// `IntentWidgetFamily`: the widget sizes a parameter's collection size can depend on.
public enum IntentWidgetFamily: Hashable, Sendable, CaseIterable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge, systemExtraLargePortrait
    case accessoryCircular, accessoryRectangular, accessoryInline, accessoryCorner
}

/// `IntentCollectionSize`: how many values an array parameter holds (`size: 2`, `.init(min:max:)`).
/// The configuration UI enforces it on Apple's platforms; here it documents the parameter, and the
/// persisted array is whatever was set.
public struct IntentCollectionSize: Hashable, Sendable, ExpressibleByIntegerLiteral {
    public let min: Int?
    public let max: Int?
    public init(exactly count: Int) { (min, max) = (count, count) }
    public init(min: Int? = nil, max: Int? = nil) { (self.min, self.max) = (min, max) }
    public init(integerLiteral value: Int) { self.init(exactly: value) }
}

/// `InputConnectionBehavior`: whether Shortcuts feeds the previous action's result into a parameter.
/// Shortcuts never runs a widget's intents, so it changes nothing here.
public enum InputConnectionBehavior: Hashable, Sendable {
    case `default`, never, connectToPreviousIntentResult
}

extension Parameter {
    /// `@Parameter(title:description:default:size:inputConnectionBehavior:)`: an array parameter with
    /// a size; persisted as any other.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value? = nil,
                size: IntentCollectionSize, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    /// The same, with a size per widget family.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value? = nil,
                size: [IntentWidgetFamily: IntentCollectionSize], inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    /// `@Parameter(title:description:default:inputConnectionBehavior:)`.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value? = nil,
                inputConnectionBehavior: InputConnectionBehavior) {
        self.title = title
        self.storage = ParameterStorage(value)
    }
}
