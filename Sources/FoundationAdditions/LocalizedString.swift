import Foundation

extension String {
    /// `String(localized:table:bundle:locale:comment:)`: the translation of the key in the bundle's
    /// table for the locale, with the interpolated values in place; the value itself when there is none.
    /// `bundle: nil` searches the main bundle (and the resource bundles beside the executable).
    /// (`locale` nil: the current one, asked only where a table has to be searched.)
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale? = nil,
                comment: StaticString? = nil) {
        self = Self.localized(keyAndValue.key, default: keyAndValue, table: table, bundle: bundle, locale: locale)
    }

    /// `String(localized:defaultValue:table:bundle:locale:comment:)`: a key that is not the text.
    public init(localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale? = nil, comment: StaticString? = nil) {
        self = Self.localized(key.description, default: defaultValue, table: table, bundle: bundle, locale: locale)
    }

    /// `String(localized:)` with a `LocalizedStringResource`: its key, table, bundle and locale.
    public init(localized resource: LocalizedStringResource) {
        self = Self.localized(resource.key, default: resource.defaultValue, table: resource.table, bundle: resource.bundle.bundle,
                              locale: resource.chosenLocale)
    }

    /// The translation found, filled with the default value's arguments, or the default value.
    private static func localized(_ key: String, default value: LocalizationValue, table: String?, bundle: Bundle?, locale: Locale?) -> String {
        guard let translation = LocalizedStringTables.translation(of: key, table: table, bundle: bundle, locale: locale,
                                                                  plural: value.arguments.lazy.compactMap(\.number).first) else {
            return value.description
        }
        return value.arguments.isEmpty ? translation : FormatArgument.format(translation, value.arguments)
    }
}
