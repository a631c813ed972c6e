import Foundation
import WidgetProtocol

/// A folder of recorded answers, one JSON file per request (method, URL and request body), so that
/// a preview or snapshot test of a widget that fetches runs the same offline as it did online. Files
/// are plain and stable (sorted keys, a text body kept as text), to review in a diff or edit by hand.
public struct NetworkRecording: Sendable {
    public let folder: URL

    public init(folder: String) {
        self.folder = URL(fileURLWithPath: folder, isDirectory: true)
    }

    /// One recorded answer, as the file holds it.
    public struct Entry: Codable, Hashable, Sendable {
        public var method: String
        public var url: String
        /// FNV-1a of the request body, in hex; empty for none.
        public var requestBody: String
        public var status: Int
        public var headers: [NetworkHeader]
        /// The body as text when it is UTF-8 (`bodyEncoding` "utf8"), else base64 ("base64").
        public var body: String
        public var bodyEncoding: String

        public init(request: NetworkRequest, status: Int, headers: [NetworkHeader], body: [UInt8]) {
            method = request.method
            url = request.url
            requestBody = request.body.isEmpty ? "" : NetworkRecording.hex(NetworkRecording.fnv1a(request.body))
            self.status = status
            self.headers = headers
            if let text = String(validating: body, as: UTF8.self) {
                self.body = text
                bodyEncoding = "utf8"
            } else {
                self.body = Data(body).base64EncodedString()
                bodyEncoding = "base64"
            }
        }

        public var bodyBytes: [UInt8]? {
            switch bodyEncoding {
            case "utf8": Array(body.utf8)
            case "base64": Data(base64Encoded: body).map(Array.init)
            default: nil
            }
        }
    }

    /// The file that holds `request`'s answer.
    public func file(for request: NetworkRequest) -> URL {
        var key = Array("\(request.method) \(request.url)\n".utf8)
        key += request.body
        return folder.appendingPathComponent(Self.hex(Self.fnv1a(key)) + ".json")
    }

    /// The answer recorded for `request`; nil when there is none.
    public func answer(for request: NetworkRequest) throws(NetworkRecordingError) -> Entry? {
        let file = file(for: request)
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let entry: Entry
        do {
            entry = try JSONDecoder().decode(Entry.self, from: data)
        } catch {
            throw .unreadable(path: file.path, reason: "not a recording: \(error)")
        }
        guard entry.method == request.method, entry.url == request.url, entry.bodyBytes != nil, (100...999).contains(entry.status) else {
            throw .unreadable(path: file.path, reason: "it records \(entry.method) \(entry.url), or a body or status that is not valid")
        }
        return entry
    }

    /// Saves `entry` for `request`, whole or not at all (written beside, then renamed).
    public func save(_ entry: Entry, for request: NetworkRequest) throws(NetworkRecordingError) {
        let file = file(for: request)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(entry).write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: "\(error)")
        }
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

public enum NetworkRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "recording \(path) cannot be read: \(reason)"
        case .unwritable(let path, let reason): "recording \(path) cannot be written: \(reason)"
        }
    }
}
