/// The settings of the device a widget is seen on that change how it looks, beyond its placement:
/// the text size the person chose, the reading direction and the language and region. The extension
/// archives a view in them (a body may read `dynamicTypeSize`, `layoutDirection`, `locale`), and the
/// host lays it out in them (text styles at that size, stacks mirrored, dates in those words), so an
/// author sees the widget as each person will.
public struct DeviceSettings: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Dynamic Type: the size text styles are set at.
    public var textSize: TextSizeValue
    public var layoutDirection: LayoutDirectionValue
    /// A locale identifier (`de_DE`); empty: `en_US`, the host's own.
    public var locale: String
    /// A time zone identifier (`Europe/Berlin`); empty: UTC, the host's own.
    public var timeZone: String

    public init(textSize: TextSizeValue = .large, layoutDirection: LayoutDirectionValue = .leftToRight, locale: String = "", timeZone: String = "") {
        self.textSize = textSize
        self.layoutDirection = layoutDirection
        self.locale = locale
        self.timeZone = timeZone
    }

    /// A phone as it comes: Large text, left to right, US English, UTC.
    public static let standard = DeviceSettings()

    public var isStandard: Bool { self == .standard }

    /// `AX3-rtl-de_DE`: what differs from the standard settings, for file and row names; empty when
    /// nothing does.
    public var description: String {
        var parts: [String] = []
        if textSize != .large { parts.append(textSize.shortName) }
        if layoutDirection == .rightToLeft { parts.append("rtl") }
        if !locale.isEmpty { parts.append(locale) }
        if !timeZone.isEmpty { parts.append(timeZone.replacingOccurrences(of: "/", with: "+")) }
        return parts.joined(separator: "-")
    }

    /// The most a locale or time zone identifier may hold (the longest real ones are about 30).
    public static let maxIdentifierLength = 64

    /// `identifier`, read at `offset` for `field` ("locale", "time zone"), when it can name one; else
    /// the error naming the field and the identifier's length.
    package static func checked(_ identifier: String, field: String, offset: Int) throws(ArchiveDecodingError) -> String {
        guard isPlausibleIdentifier(identifier) else {
            throw .invalidValue(offset: offset, field: field + " identifier", value: UInt64(identifier.utf8.count))
        }
        return identifier
    }

    /// Whether `identifier` can name a locale or time zone: short, and letters, digits and `_-/+@=.`
    /// only, so it is safe in a file name once `/` is replaced.
    public static func isPlausibleIdentifier(_ identifier: String) -> Bool {
        identifier.utf8.count <= maxIdentifierLength && identifier.unicodeScalars.allSatisfy { s in
            ("0"..."9").contains(s) || ("a"..."z").contains(s) || ("A"..."Z").contains(s) || "_-/+@=.".unicodeScalars.contains(s)
        }
    }
}

/// `DynamicTypeSize`, from extra small to the fifth accessibility size (Large is the default).
public enum TextSizeValue: UInt8, Hashable, Sendable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    case xSmall = 0, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// SwiftUI's case name (`accessibility3`): what the command line takes.
    public var description: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .accessibility1: "accessibility1"
        case .accessibility2: "accessibility2"
        case .accessibility3: "accessibility3"
        case .accessibility4: "accessibility4"
        case .accessibility5: "accessibility5"
        }
    }

    /// The abbreviation Apple's tables use (`xS` … `xxxL`, `AX1` … `AX5`).
    public var shortName: String {
        switch self {
        case .xSmall: "xS"
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .xLarge: "xL"
        case .xxLarge: "xxL"
        case .xxxLarge: "xxxL"
        case .accessibility1: "AX1"
        case .accessibility2: "AX2"
        case .accessibility3: "AX3"
        case .accessibility4: "AX4"
        case .accessibility5: "AX5"
        }
    }

    /// A size by its case name or abbreviation, in any letter case (`AX3`, `accessibility3`, `xxxl`).
    public init?(name: String) {
        let lower = name.lowercased()
        guard let found = Self.allCases.first(where: { $0.description.lowercased() == lower || $0.shortName.lowercased() == lower }) else {
            return nil
        }
        self = found
    }
}

/// `LayoutDirection`.
public enum LayoutDirectionValue: UInt8, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case leftToRight = 0, rightToLeft
    public var description: String { self == .leftToRight ? "ltr" : "rtl" }
}
