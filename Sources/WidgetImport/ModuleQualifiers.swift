import Foundation

/// Names an app qualifies with the module that holds them on Apple's platforms, respelled for the
/// module that holds them on Linux: `Darwin.round` is Glibc's (`Foundation.round`, which Linux's
/// Foundation re-exports), `Foundation.URLSession` is FoundationNetworking's, `Foundation.XMLParser`
/// FoundationXML's, and `import Darwin` is `import Foundation`; and members Linux's Foundation marks
/// unavailable become `FoundationNetworkingAdditions`' stand-ins (`configuration.waitsForConnectivity` is
/// `_waitsForConnectivity`). Only whole names change; lines keep their places, so a copy reports
/// errors at the original's lines.
public enum ModuleQualifiers {
    /// What Linux keeps in FoundationNetworking rather than Foundation.
    static let networkingNames: Set<String> = [
        "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask",
        "URLSessionUploadTask", "URLSessionStreamTask", "URLSessionWebSocketTask", "URLSessionDelegate", "URLSessionTaskDelegate",
        "URLSessionDataDelegate", "URLSessionDownloadDelegate", "URLSessionWebSocketDelegate", "URLSessionTaskMetrics",
        "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse", "HTTPURLResponse", "URLCache", "CachedURLResponse",
        "URLCredential", "URLCredentialStorage", "URLProtectionSpace", "URLAuthenticationChallenge", "URLAuthenticationChallengeSender",
        "HTTPCookie", "HTTPCookieStorage", "HTTPCookiePropertyKey", "URLProtocol", "URLProtocolClient",
    ]
    /// What Linux keeps in FoundationXML.
    static let xmlNames: Set<String> = [
        "XMLParser", "XMLParserDelegate", "XMLDocument", "XMLElement", "XMLNode", "XMLDTD", "XMLDTDNode",
    ]

    /// Members Linux's Foundation declares unavailable, and the stand-ins `FoundationNetworkingAdditions` has.
    static let unavailableMembers = ["waitsForConnectivity": "_waitsForConnectivity"]

    /// The text respelled, or nil when it names none of these.
    public static func resolve(_ text: String) -> String? {
        guard text.contains("Darwin") || text.contains("Foundation.") || unavailableMembers.keys.contains(where: text.contains) else { return nil }
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let respelled = respell(String(line))
            if respelled != line { changed = true }
            return respelled
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    private static let importDarwin = try? NSRegularExpression(pattern: #"^(\s*(?:@\w+\s+)*import\s+)Darwin(\.\w+)*\s*$"#)
    private static let qualified = try? NSRegularExpression(pattern: #"(?<![\w.])(Darwin|Foundation)\.(\w+)"#)

    private static func respell(_ line: String) -> String {
        var out = respellingMembers(line)
        guard out.contains("Darwin") || out.contains("Foundation.") else { return out }
        if let importDarwin, let match = importDarwin.firstMatch(in: out, range: NSRange(out.startIndex..., in: out)),
           let head = Range(match.range(at: 1), in: out) {
            return out[head] + "Foundation"
        }
        guard let qualified else { return out }
        for match in qualified.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
            guard let module = Range(match.range(at: 1), in: out), let name = Range(match.range(at: 2), in: out),
                  !isInsideStringOrComment(out, at: module.lowerBound) else { continue }
            let member = String(out[name])
            let replacement: String? = switch out[module] {
            case "Darwin": "Foundation"
            case _ where networkingNames.contains(member): "FoundationNetworking"
            case _ where xmlNames.contains(member): "FoundationXML"
            default: nil
            }
            if let replacement { out.replaceSubrange(module, with: replacement) }
        }
        return out
    }

    private static func respellingMembers(_ line: String) -> String {
        var out = line
        for (member, standIn) in unavailableMembers where out.contains(member) {
            guard let pattern = try? NSRegularExpression(pattern: #"\.\#(member)\b"#) else { continue }
            for match in pattern.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
                guard let range = Range(match.range, in: out), !isInsideStringOrComment(out, at: range.lowerBound) else { continue }
                out.replaceSubrange(range, with: "." + standIn)
            }
        }
        return out
    }

    /// Whether a position follows an unclosed `"` or a `//` on its line (enough for the one-line
    /// names this respells; a multi-line string is rare where they appear).
    private static func isInsideStringOrComment(_ line: String, at index: String.Index) -> Bool {
        var inString = false
        var previous: Character = " "
        for character in line[..<index] {
            if character == "\"", previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" { return true }
            previous = character
        }
        return inString
    }
}
