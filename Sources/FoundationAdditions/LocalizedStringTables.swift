import Foundation

/// The app's translations, as `String(localized:)`, `LocalizedStringResource` and `Text` look them up:
/// `.strings` files in a bundle's `.lproj` folders, read by Foundation's `Bundle`, and string catalogs
/// (`.xcstrings`), which Xcode compiles into such files and SwiftPM on Linux copies as they are.
///
/// Xcode puts an extension's strings in its main bundle; a SwiftPM executable's resources are in the
/// resource bundles beside it (`<Package>_<Target>.resources`), so the main bundle's lookups search those
/// too. A bundle with no `.lproj` folder and no catalog is never searched again.
package enum LocalizedStringTables {
    /// The translation of `key` in `table` (`Localizable` when nil or empty) for `locale`, or nil when
    /// no table of the bundle has the key. `plural` is the number a plural entry's form is chosen for
    /// (the value's first number; nil: the `other` form).
    /// `locale` nil: the current one, asked only when a table is there to search.
    package static func translation(of key: String, table: String?, bundle: Bundle?, locale: Locale?, plural: Double? = nil) -> String? {
        let table = table.flatMap { $0.isEmpty ? nil : $0 } ?? "Localizable"
        let searched: [(bundle: Bundle, sources: StringSources)]
        if let bundle, bundle.bundleURL != Bundle.main.bundleURL {
            searched = [(bundle, StringSources.of(bundle))].filter(\.sources.hasTables)
        } else {
            searched = Self.mainBundles
        }
        // Most extensions ship no tables: the locale's languages (slow to compute) only when one does.
        var languagesOfLocale: [String]?
        for (bundle, sources) in searched {
            let languages = languagesOfLocale ?? Self.languages(of: locale ?? .current)
            languagesOfLocale = languages
            if let found = stringsFile(bundle, sources: sources, key: key, table: table, languages: languages, plural: plural) {
                return found
            }
            if let catalog = sources.catalog(named: table), let found = catalog.translation(of: key, languages: languages, plural: plural) {
                return found
            }
        }
        return nil
    }

    /// The main bundle and the resource bundles SwiftPM puts beside the executable, those with tables,
    /// found once.
    private static let mainBundles: [(bundle: Bundle, sources: StringSources)] = {
        var bundles = [Bundle.main]
        if let executable = Bundle.main.executableURL {
            // The folder can be a build folder of hundreds of entries: the names to look for are made
            // once, and only those found are sorted.
            let folder = executable.deletingLastPathComponent()
            let own = executable.lastPathComponent + ".resources", suffix = "_" + own
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0 == own || $0.hasSuffix(suffix) }.sorted()
            for name in names {
                if let bundle = Bundle(url: folder.appendingPathComponent(name, isDirectory: true)) { bundles.append(bundle) }
            }
        }
        return bundles.map { ($0, StringSources.of($0)) }.filter(\.sources.hasTables)
    }()

    /// `.lproj` names for a locale, most specific first: `pt-BR`, `zh-Hans`, `pt`; worked out once per
    /// locale identifier (Foundation's language and script lookups cost microseconds each, and every
    /// `Text` with a literal asks).
    static func languages(of locale: Locale) -> [String] {
        languagesLock.withLock {
            if let known = knownLanguages[locale.identifier] { return known }
            let names = workOutLanguages(of: locale)
            knownLanguages[locale.identifier] = names
            return names
        }
    }

    private static let languagesLock = NSLock()
    nonisolated(unsafe) private static var knownLanguages: [String: [String]] = [:]

    private static func workOutLanguages(of locale: Locale) -> [String] {
        var names: [String] = []
        func add(_ name: String?) { if let name, !name.isEmpty, !names.contains(name) { names.append(name) } }
        let language = locale.language.languageCode?.identifier
        if let language, let region = locale.region?.identifier { add(language + "-" + region) }
        if let language, let script = locale.language.script?.identifier { add(language + "-" + script) }
        add(language)
        return names
    }

    /// From the `.lproj` of the locale's language when the bundle has one, else as `Bundle` chooses.
    /// A folder with a `.stringsdict` is read here (`PluralStringsTable`): Linux's `Bundle` stops the
    /// process when its lookup meets a plural rule.
    private static func stringsFile(_ bundle: Bundle, sources: StringSources, key: String, table: String, languages: [String],
                                    plural: Double?) -> String? {
        let available = sources.localizations
        let missing = "\u{1}no translation\u{1}"
        for language in languages where available.contains(language) {
            guard let path = bundle.path(forResource: language, ofType: "lproj"), let localized = Bundle(path: path) else { continue }
            if let pluralTable = sources.pluralTable(table, language: language) {
                if let value = pluralTable.value(of: key, plural: plural, language: language) { return value }
                continue
            }
            let value = localized.localizedString(forKey: key, value: missing, table: table)
            if value != missing { return value }
        }
        guard !available.isEmpty else { return nil }
        if let pluralTable = sources.pluralTable(table, language: nil) {
            return pluralTable.value(of: key, plural: plural, language: languages.first ?? "en")
        }
        let value = bundle.localizedString(forKey: key, value: missing, table: table)
        return value == missing ? nil : value
    }
}

/// What one bundle has to translate with: its `.lproj` folders and its string catalogs, listed once.
// `@unchecked Sendable`: `catalogs` and `pluralTables` are only touched with `lock` held; the rest is set in `init`.
final class StringSources: @unchecked Sendable {
    let localizations: Set<String>
    private let catalogFiles: [String: URL]
    private let folder: URL?
    private let lock = NSLock()
    private var catalogs: [String: StringCatalog?] = [:]
    private var pluralTables: [String: PluralStringsTable?] = [:]

    var hasTables: Bool { !localizations.isEmpty || !catalogFiles.isEmpty }

    private init(folder: URL?) {
        let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        localizations = Set(names.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) })
        var files: [String: URL] = [:]
        for name in names where name.hasSuffix(".xcstrings") {
            if let folder { files[String(name.dropLast(".xcstrings".count))] = folder.appendingPathComponent(name) }
        }
        catalogFiles = files
        self.folder = folder
    }

    /// The table of a `.lproj` folder (or of the bundle's own folder, `language` nil) when it has a
    /// `.stringsdict` (`PluralStringsTable`), read once.
    func pluralTable(_ table: String, language: String?) -> PluralStringsTable? {
        guard let folder else { return nil }
        let place = language.map { folder.appendingPathComponent($0 + ".lproj", isDirectory: true) } ?? folder
        let name = (language ?? "") + "/" + table
        return lock.withLock {
            if let known = pluralTables[name] { return known }
            let read = PluralStringsTable.of(folder: place, table: table)
            pluralTables[name] = read
            return read
        }
    }

    func catalog(named table: String) -> StringCatalog? {
        guard let url = catalogFiles[table] else { return nil }
        return lock.withLock {
            if let known = catalogs[table] { return known }
            let read = StringCatalog(contentsOf: url)
            catalogs[table] = read
            return read
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: StringSources] = [:]

    static func of(_ bundle: Bundle) -> StringSources {
        let folder = bundle.resourceURL ?? bundle.bundleURL
        return lock.withLock {
            if let sources = known[folder.path] { return sources }
            let sources = StringSources(folder: folder)
            known[folder.path] = sources
            return sources
        }
    }
}

/// A string catalog (`Localizable.xcstrings`): per key, a value per language, or plural variations.
struct StringCatalog {
    private let sourceLanguage: String
    private let strings: [String: [String: Any]]

    init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url), data.count < 64 << 20,
              let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let strings = root["strings"] as? [String: [String: Any]] else { return nil }
        sourceLanguage = root["sourceLanguage"] as? String ?? "en"
        self.strings = strings
    }

    /// The value for the first of `languages` the key has, else the source language's; a plural's
    /// form for `plural` in that language (`PluralCategory`), its `other` form without a number.
    func translation(of key: String, languages: [String], plural: Double? = nil) -> String? {
        guard let localizations = strings[key]?["localizations"] as? [String: Any] else { return nil }
        for language in languages + [sourceLanguage] {
            guard let entry = localizations[language] as? [String: Any] else { continue }
            if let value = Self.value(of: entry, plural: plural, language: language) { return value }
        }
        return nil
    }

    private static func value(of entry: [String: Any], plural: Double?, language: String) -> String? {
        if let unit = entry["stringUnit"] as? [String: Any], let value = unit["value"] as? String { return value }
        guard let variations = entry["variations"] as? [String: Any] else { return nil }
        if let forms = variations["plural"] as? [String: Any],
           let variant = PluralCategory.choose(forms, for: plural, language: language) as? [String: Any],
           let value = value(of: variant, plural: plural, language: language) {
            return value
        }
        guard let forms = variations["device"] as? [String: Any] else { return nil }
        for form in ["other", "iphone"] {
            if let variant = forms[form] as? [String: Any], let value = value(of: variant, plural: plural, language: language) { return value }
        }
        return nil
    }
}

/// A table whose folder has a `.stringsdict` beside (or instead of) its `.strings`: both read as
/// property lists. A plural entry gives its format with each variable's form for the number put in
/// (`PluralCategory`), as a string catalog's plural does here: `%#@trips@` with `one` `%d trip` and
/// `other` `%d trips` is `%d trip` for 1.
struct PluralStringsTable {
    private let strings: [String: String]
    private let plurals: [String: [String: Any]]

    /// The folder's table, or nil when it has no `<table>.stringsdict` (then Foundation's `Bundle` reads it).
    static func of(folder: URL, table: String) -> PluralStringsTable? {
        let dictionary = folder.appendingPathComponent(table + ".stringsdict")
        guard let plurals = read(dictionary) as? [String: [String: Any]] else { return nil }
        let strings = read(folder.appendingPathComponent(table + ".strings")) as? [String: String] ?? [:]
        return PluralStringsTable(strings: strings, plurals: plurals)
    }

    private static func read(_ file: URL) -> Any? {
        guard let data = FileManager.default.contents(atPath: file.path), data.count < 16 << 20 else { return nil }
        return try? PropertyListSerialization.propertyList(from: data, format: nil)
    }

    func value(of key: String, plural: Double? = nil, language: String = "en") -> String? {
        if let entry = plurals[key], var format = entry["NSStringLocalizedFormatKey"] as? String {
            for (name, rule) in entry where name != "NSStringLocalizedFormatKey" {
                guard let rule = rule as? [String: Any], let form = PluralCategory.choose(rule, for: plural, language: language) as? String else { continue }
                format = format.replacingOccurrences(of: "%#@\(name)@", with: form)
            }
            return format
        }
        return strings[key]
    }
}
