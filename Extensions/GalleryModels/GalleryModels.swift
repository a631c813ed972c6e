// App-side models that a widget extension shares with its app. Their names are the ones the archive
// model would put into a widget author's namespace if the compat modules leaked it (`ViewNode`,
// `Paint`, `TextStyle`, `CRC32`, `ByteReader`): the gallery uses them unqualified, so it compiles only
// while `import SwiftUI` and `import WidgetKit` show Apple's names alone.
import Foundation

/// A node of the app's own outline of tasks.
public struct ViewNode: Hashable, Sendable {
    public var title: String
    public var children: [ViewNode]
    public init(title: String, children: [ViewNode] = []) {
        self.title = title
        self.children = children
    }
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}

/// A paint colour in the app's palette.
public enum Paint: String, CaseIterable, Sendable {
    case ochre, teal, plum
    public var rgb: (red: Double, green: Double, blue: Double) {
        switch self {
        case .ochre: (0.80, 0.47, 0.13)
        case .teal: (0.0, 0.50, 0.50)
        case .plum: (0.56, 0.27, 0.52)
        }
    }
}

/// The app's names for its text roles.
public enum TextStyle: String, Sendable { case heading, detail }

/// The app's checksum of a note, shown as its short id.
public enum CRC32 {
    public static func shortID(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(hash % 10_000)
    }
}

/// Reads the app's shared note file.
public struct ByteReader: Sendable {
    public let text: String
    public init(_ text: String) { self.text = text }
    public var firstLine: String { text.split(separator: "\n").first.map(String.init) ?? "" }
}

/// The sample outline the widgets show.
public let sampleOutline = ViewNode(title: "Garden", children: [
    ViewNode(title: "Water the basil"), ViewNode(title: "Repot the fern", children: [ViewNode(title: "Buy soil")]),
])
