import Foundation

/// How the Keychain reads an attribute's value, by the attribute: Apple's schema keeps some as
/// numbers and some as flags, whatever type the app passed.
enum AttributeKind {
    case number, flag, date, accessibility, other

    init(_ name: String) {
        switch name {
        case Self.name(kSecAttrPort), Self.name(kSecAttrCreator), Self.name(kSecAttrType), Self.name(kSecAttrProtocol),
             Self.name(kSecAttrKeySizeInBits), Self.name(kSecAttrEffectiveKeySize), Self.name(kSecAttrKeyClass):
            self = .number
        case Self.name(kSecAttrSynchronizable), Self.name(kSecAttrIsInvisible), Self.name(kSecAttrIsNegative),
             Self.name(kSecAttrIsPermanent), Self.name(kSecAttrIsSensitive), Self.name(kSecAttrIsExtractable):
            self = .flag
        case Key.creationDate, Key.modificationDate:
            self = .date
        case Key.accessible:
            self = .accessibility
        default:
            self = .other
        }
    }

    private static func name(_ key: CFString) -> String { key as String }

    /// The value as the Keychain keeps it under this attribute, or nil when it cannot be one.
    /// A number attribute given a string keeps it as a number when the string is one (`"8080"`), as
    /// Apple's Keychain does, and as the string otherwise (an app that stores a name under
    /// `kSecAttrCreator` reads the name back).
    func coerce(_ value: KeychainValue) -> KeychainValue? {
        switch self {
        case .number:
            switch value {
            case .bool(let flag): return .integer(flag ? 1 : 0)
            case .string(let text):
                if let number = Int32(text), String(number) == text { return .integer(Int(number)) }
                return value
            default: return value
            }
        case .flag:
            return value.truthValue.map(KeychainValue.bool)
        case .date:
            if case .date = value { return value }
            return nil
        case .accessibility:
            if case .string(let text) = value, Accessibility.all.contains(text) { return value }
            return nil
        case .other:
            return value
        }
    }
}

/// The accessibility values (`kSecAttrAccessible…`).
enum Accessibility {
    static let whenUnlocked = kSecAttrAccessibleWhenUnlocked as String
    static let whenPasscodeSet = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly as String
    static let all: Set<String> = [
        kSecAttrAccessibleWhenUnlocked, kSecAttrAccessibleAfterFirstUnlock, kSecAttrAccessibleAlways,
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecAttrAccessibleAlwaysThisDeviceOnly,
    ].reduce(into: []) { $0.insert($1 as String) }
}
