import Foundation

/// `#if os(iOS)` evaluated as for the platform the widget target is built for, not for Linux, where
/// the compiler would take every `os(iOS)` for false and leave out what an app keeps for iOS (a
/// bundle's widgets included). Only conditional-compilation lines change: each `os(…)` becomes
/// `true` or `false`, and `targetEnvironment(…)` `false` (neither a simulator nor Mac Catalyst);
/// `canImport(…)` stays for the compiler, which answers it from the modules it has.
public enum PlatformConditions {
    /// The platform `os(…)` names for an `SDKROOT` (`iphoneos` for an iOS widget target).
    public static func platform(sdkRoot: String?) -> String {
        switch sdkRoot?.lowercased() {
        case let root? where root.hasPrefix("watch"): "watchOS"
        case let root? where root.hasPrefix("macosx"): "macOS"
        case let root? where root.hasPrefix("appletv"): "tvOS"
        case let root? where root.hasPrefix("xr"): "visionOS"
        default: "iOS"
        }
    }

    /// The text with its `#if` and `#elseif` lines' platform conditions resolved, or nil when it has
    /// none. Lines keep their places, so a copy that begins with `#sourceLocation` reports errors
    /// at the original's lines.
    public static func resolve(_ text: String, platform: String) -> String? {
        guard text.contains("os(") || text.contains("targetEnvironment(") else { return nil }
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif") else { return String(line) }
            let resolved = resolveConditions(String(line), platform: platform)
            if resolved != String(line) { changed = true }
            return resolved
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    private static func resolveConditions(_ line: String, platform: String) -> String {
        var out = line
        if let os = try? NSRegularExpression(pattern: #"\bos\(\s*(\w+)\s*\)"#) {
            for match in os.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
                guard let whole = Range(match.range, in: out), let name = Range(match.range(at: 1), in: out) else { continue }
                out.replaceSubrange(whole, with: out[name] == platform ? "true" : "false")
            }
        }
        return out.replacingOccurrences(of: #"\btargetEnvironment\(\s*\w+\s*\)"#, with: "false", options: .regularExpression)
    }
}
