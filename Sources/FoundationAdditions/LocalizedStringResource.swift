import Foundation

/// `LocalizedStringResource`: a string a user sees, kept as its key, default value, table, bundle and
/// locale until it is shown (`String(localized:)`, `Text`), when the app's tables translate it.
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var key: String
    public var defaultValue: String.LocalizationValue
    public var table: String?
    /// The locale given, or the current one. Kept as given (nil: the current one, asked when read):
    /// the first `Locale.current` of a process sets up ICU's locale, half a millisecond of every
    /// extension's launch, and most extensions ship no table to look the key up in.
    public var locale: Locale {
        get { chosenLocale ?? .current }
        set { chosenLocale = newValue }
    }
    var chosenLocale: Locale?
    public var bundle: BundleDescription

    /// `LocalizedStringResource.BundleDescription`: where the table is.
    public enum BundleDescription: Hashable, @unchecked Sendable {
        case main
        case forClass(AnyClass)
        case atURL(URL)

        /// The bundle to search; `nil` for the main one (and the resource bundles beside the executable).
        var bundle: Bundle? {
            switch self {
            case .main: nil
            case .forClass(let type): Bundle(for: type)
            case .atURL(let url): Bundle(url: url)
            }
        }

        public static func == (a: Self, b: Self) -> Bool {
            switch (a, b) {
            case (.main, .main): true
            case (.forClass(let x), .forClass(let y)): x == y
            case (.atURL(let x), .atURL(let y)): x == y
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .main: hasher.combine(0)
            case .forClass(let type): hasher.combine(ObjectIdentifier(type))
            case .atURL(let url): hasher.combine(url)
            }
        }
    }

    /// `LocalizedStringResource(_:table:locale:bundle:comment:)`: the text is also the key.
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale? = nil, bundle: BundleDescription = .main,
                comment: StaticString? = nil) {
        key = keyAndValue.key
        defaultValue = keyAndValue
        self.table = table
        chosenLocale = locale
        self.bundle = bundle
    }

    /// The same, with the table in a `Bundle` (`bundle: .module`).
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale? = nil, bundle: Bundle,
                comment: StaticString? = nil) {
        self.init(keyAndValue, table: table, locale: locale, bundle: .atURL(bundle.bundleURL), comment: comment)
    }

    /// `LocalizedStringResource(_:defaultValue:table:locale:bundle:comment:)`: a key that is not the text.
    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale? = nil,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.init(defaultValue, table: table, locale: locale, bundle: bundle, comment: comment)
        self.key = key.description
    }

    /// A string value as the key and text (not Apple's; for code that holds the text in a `String`).
    @_disfavoredOverload
    public init(_ key: String) { self.init(String.LocalizationValue(key)) }

    public init(stringLiteral value: String) { self.init(String.LocalizationValue(value)) }

    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    /// The text as shown: translated when a table has the key.
    public var description: String { String(localized: self) }

    /// Equal where every part is, the locale as read (a resource made for the current locale equals
    /// one given `.current`).
    public static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.defaultValue == b.defaultValue && a.table == b.table && a.bundle == b.bundle
            && (a.chosenLocale == nil && b.chosenLocale == nil || a.locale == b.locale)
    }

    /// The locale is left out, so that `==`'s reading of it cannot make equal values hash apart.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(defaultValue)
        hasher.combine(table)
        hasher.combine(bundle)
    }
}
