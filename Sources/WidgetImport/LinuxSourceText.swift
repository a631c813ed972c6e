/// A Swift file's text as it compiles here, each step of its respelling kept apart so that `import`
/// can say which applied: platform conditions resolved for the target's platform
/// (`PlatformConditions`), names Linux keeps elsewhere respelled (`ModuleQualifiers`), then
/// target-action respelled (`ObjectiveCSelectors`), then key-value observing respelled
/// (`KeyValueObservingSource`). A step that changes nothing is nil.
struct LinuxSourceText {
    let original: String
    let platformResolved: String?
    let qualified: String?
    let selectors: String?
    let keyValueObserving: String?

    init(_ original: String, platform: String) {
        self.original = original
        platformResolved = PlatformConditions.resolve(original, platform: platform)
        qualified = ModuleQualifiers.resolve(platformResolved ?? original)
        selectors = ObjectiveCSelectors.resolve(qualified ?? platformResolved ?? original)
        keyValueObserving = KeyValueObservingSource.resolve(selectors ?? qualified ?? platformResolved ?? original)
    }

    /// The text with its imports as the compiler sees them (target-action and observing change none).
    var beforeSelectors: String { qualified ?? platformResolved ?? original }

    /// The text to compile, or nil when no step changed the original.
    var resolved: String? { keyValueObserving ?? selectors ?? qualified ?? platformResolved }
}
