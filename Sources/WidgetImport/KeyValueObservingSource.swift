import Foundation

/// Key-value observing as apps write it for Apple's Objective-C runtime, respelled so that it builds
/// without one, against `FoundationAdditions`' observation table:
/// - `#keyPath(AVPlayerItem.status)` becomes the string it stands for, `"status"` (a leading type
///   name is dropped, as the compiler does);
/// - in a class that inherits `NSObject` directly, `override func observeValue(forKeyPath:of:change:
///   context:)` loses its `override` (Linux's `NSObject` has no such method, and one added by an
///   extension cannot be overridden), its `super.observeValue(…)` becomes `unhandledObservation(…)`
///   (what `NSObject`'s would do), and the class is declared `KeyValueObserving` at the end of the
///   file, so that notifications reach it.
/// Classes that inherit it from UIKit (`UIViewController`) keep their `override`: UIKit's classes
/// have the method. Comments and strings are left alone; lines keep their places.
public enum KeyValueObservingSource {
    /// The text respelled, or nil when its code has neither `#keyPath` nor an observer method to respell.
    public static func resolve(_ text: String) -> String? {
        guard text.contains("#keyPath") || text.contains("observeValue") else { return nil }
        var lexer = LineLexer()
        var scopes = TypeScopes()
        var observers: [String] = []
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var segments = lexer.segments(of: String(line))
            for index in segments.indices where segments[index].isCode {
                let code = segments[index].text
                scopes.declare(in: code)
                var respelled = keyPathsRespelled(code)
                if let observer = scopes.innermostDirectNSObjectSubclass {
                    let withoutOverride = respelled
                        .replacingOccurrences(of: overrideOfObserveValue, with: "", options: .regularExpression)
                        .replacingOccurrences(of: #"\bsuper\s*\.\s*observeValue\s*\(\s*forKeyPath"#, with: "unhandledObservation(forKeyPath", options: .regularExpression)
                    if withoutOverride != respelled, !observers.contains(observer) { observers.append(observer) }
                    respelled = withoutOverride
                }
                scopes.countBraces(in: code)
                if respelled != code {
                    segments[index].text = respelled
                    changed = true
                }
            }
            return segments.map(\.text).joined()
        }
        guard changed else { return nil }
        let conformances = observers.map { "extension \($0): FoundationAdditions.KeyValueObserving {}" }
        return (lines + conformances).joined(separator: "\n")
    }

    /// `override` before `[modifiers] func observeValue(forKeyPath`, the word alone.
    static let overrideOfObserveValue =
        #"\boverride\s+(?=(?:(?:public|internal|open|fileprivate|private|final|dynamic)\s+)*func\s+observeValue\s*\(\s*forKeyPath)"#

    /// Each `#keyPath(A.b.c)` in a line of code as the string literal `"b.c"`.
    static func keyPathsRespelled(_ code: String) -> String {
        guard code.contains("#keyPath") else { return code }
        let pattern = #/#keyPath\(\s*([A-Za-z_][A-Za-z0-9_.\s]*?)\s*\)/#
        return code.replacing(pattern) { match in
            var components = match.output.1.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
            if components.count > 1, let first = components.first?.first, first.isUppercase {
                components.removeFirst()
            }
            return "\"" + components.joined(separator: ".") + "\""
        }
    }
}

/// The types a line of code is inside, found from their declarations and the braces that follow:
/// enough to name the class an observer method belongs to, nested types qualified.
struct TypeScopes {
    struct Scope {
        let name: String
        let superclass: String?
        let depth: Int
        var opened = false
    }

    private var depth = 0
    private var stack: [Scope] = []
    private var pending: Scope?

    /// The qualified name of the innermost enclosing type, when it is a class whose superclass is
    /// `NSObject` itself.
    var innermostDirectNSObjectSubclass: String? {
        guard let scope = stack.last(where: \.opened), scope.superclass == "NSObject" || scope.superclass == "Foundation.NSObject" else { return nil }
        return stack.filter(\.opened).map(\.name).joined(separator: ".")
    }

    /// Words after `class` that make it a modifier (`class func`), not a declaration.
    private static let keywords: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "public", "private", "fileprivate", "internal", "open", "static", "convenience", "required",
    ]

    /// Notes a type declared in `code` (its body opens at the next brace).
    mutating func declare(in code: String) {
        let pattern = #/(?:^|[^A-Za-z0-9_.])(class|struct|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:<[^>{]*>)?\s*(?::\s*([A-Za-z_][A-Za-z0-9_.]*))?/#
        guard let match = code.firstMatch(of: pattern) else { return }
        let name = String(match.output.2)
        guard !Self.keywords.contains(name) else { return }
        let superclass = match.output.1 == "class" ? match.output.3.map(String.init) : nil
        pending = Scope(name: name, superclass: superclass, depth: depth)
    }

    /// Follows the braces of `code`: a pending declaration opens at its first `{`, and scopes close
    /// when their depth is left.
    mutating func countBraces(in code: String) {
        for character in code {
            if character == "{" {
                depth += 1
                if var scope = pending {
                    scope.opened = true
                    stack.append(scope)
                    pending = nil
                } else {
                    stack.append(Scope(name: "", superclass: nil, depth: depth - 1, opened: false))
                }
            } else if character == "}" {
                depth = max(0, depth - 1)
                if let last = stack.last, last.depth >= depth { stack.removeLast() }
            }
        }
    }
}
