import Foundation

/// Target-action as apps write it for Apple's Objective-C runtime, respelled so that it builds without
/// one: `#selector(Type.method(_:))` becomes `Selector(Type.method(_:))`, a Swift method reference
/// (the `Selector` in `FoundationAdditions`, which `NotificationCenter.addObserver(_:selector:name:object:)`
/// and `Timer`'s target forms call), and `@objc`, `@objc(name)`, `@nonobjc` and `@objcMembers` are
/// removed (errors on Linux). Comments and strings are left alone; lines keep their places.
public enum ObjectiveCSelectors {
    /// The text respelled, or nil when its code has neither `#selector` nor an Objective-C attribute.
    public static func resolve(_ text: String) -> String? {
        guard text.contains("#selector") || text.contains("@objc") || text.contains("@nonobjc") else { return nil }
        var lexer = LineLexer()
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var segments = lexer.segments(of: String(line))
            for index in segments.indices where segments[index].isCode {
                let code = segments[index].text
                let respelled = ManagedSourceRewriter.removingObjectiveCAttributes(code)
                    .replacingOccurrences(of: #"#selector\(\s*"#, with: "Selector(", options: .regularExpression)
                if respelled != code {
                    segments[index].text = respelled
                    changed = true
                }
            }
            return segments.map(\.text).joined()
        }
        return changed ? lines.joined(separator: "\n") : nil
    }
}
