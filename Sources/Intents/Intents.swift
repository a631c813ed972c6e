// The `Intents` compat module: the SiriKit-era configuration that shipping widgets still carry
// (`IntentConfiguration` with an `.intentdefinition` file, often behind `#available`). The classes
// Xcode generates from an intent definition are not in the widget's source; declare the intent class
// (a subclass of `INIntent`, with its parameters as properties) beside the widget. The template's
// `ConfigurationIntent` is declared here. At run time a widget gets its intent with default values.
// As on Apple's platforms, `import Intents` brings Foundation (with what Apple's Foundation has and
// Linux's lacks): an intent handler that imports nothing else names `UserDefaults` and `JSONDecoder`.
@_exported import Foundation
@_exported import FoundationAdditions

/// `INIntent`: a configuration intent. Made with `init()`: every parameter at its default.
open class INIntent: NSObject {
    public required override init() { super.init() }
    /// A unique identifier, as the system gives each intent.
    open var identifier: String? { nil }
    open var suggestedInvocationPhrase: String?
}

/// The configuration intent of Xcode's widget template, with no parameters.
open class ConfigurationIntent: INIntent {}

/// `INObject`: a value of a custom parameter type, identified and displayed.
open class INObject: NSObject {
    public let identifier: String?
    public let displayString: String
    public let pronunciationHint: String?
    open var subtitleString: String?
    open var displayImage: INImage?

    public init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        self.identifier = identifier
        self.displayString = displayString
        self.pronunciationHint = pronunciationHint
    }

    public convenience init(identifier: String?, display displayString: String, subtitle: String?, image: INImage?) {
        self.init(identifier: identifier, display: displayString)
        subtitleString = subtitle
        displayImage = image
    }
}

/// `INImage`.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class INImage: NSObject, @unchecked Sendable {
    public let name: String?
    public let data: Data?
    public init(named name: String) {
        self.name = name
        data = nil
    }
    public init(imageData: Data) {
        name = nil
        data = imageData
    }
}

/// `INObjectCollection`: the options a dynamic parameter offers.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class INObjectCollection<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
    public let allItems: [ObjectType]
    public init(items: [ObjectType]) { allItems = items }
    public init(sections: [INObjectSection<ObjectType>]) { allItems = sections.flatMap(\.items) }
}

// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class INObjectSection<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
    public let title: String?
    public let items: [ObjectType]
    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
    }
}

/// `INIntentResponse`.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): `userActivity` is set by the code that makes the response, before it is handed on.
open class INIntentResponse: NSObject, @unchecked Sendable {
    public override init() { super.init() }
    open var userActivity: NSObject?
}

/// `INInteraction`: donating an interaction does nothing outside the system.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class INInteraction: NSObject, @unchecked Sendable {
    public let intent: INIntent
    public let response: INIntentResponse?
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.response = response
    }
    open func donate(completion: ((Error?) -> Void)? = nil) { completion?(nil) }
}

/// `INExtension`: an Intents extension's principal class, which hands out the object that handles each
/// intent (the configuration options of a SiriKit widget). The default handler is the extension itself,
/// as Xcode's template writes it.
open class INExtension: NSObject {
    public override init() { super.init() }
    open func handler(for intent: INIntent) -> Any? { self }
}
