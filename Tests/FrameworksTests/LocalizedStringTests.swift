import Foundation
@testable import FoundationAdditions
import SwiftUI
import WidgetArchive
import XCTest

/// `String(localized:)`, `String.LocalizationValue` and `LocalizedStringResource` looked up in an app's
/// tables: `.strings` files in `.lproj` folders and a string catalog, as SwiftPM copies them into a
/// resource bundle.
final class LocalizedStringTests: XCTestCase {
    private var folder: URL!
    private var bundle: Bundle!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("localized-\(UUID().uuidString).resources", isDirectory: true)
        func write(_ text: String, _ path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("""
        /* Bird 1 name */
        "Swallow" = "Barn swallow";
        "%lld birds" = "%lld birds seen";
        "%@ by %@" = "%2$@ by %1$@";
        "%lf km" = "%.1lf km away";
        """, "en.lproj/Birds.strings")
        try write(#""Swallow" = "Schwalbe";"#, "de.lproj/Birds.strings")
        // A plural rules file beside a strings file, as daysleft ships one
        // (bravelocation/daysleft, `daysleft/Localizable.stringsdict`).
        try write(#""Nest" = "Bird's nest";"#, "en.lproj/Nests.strings")
        try write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>%lld nests</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@nests@ found</string>
            <key>nests</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>lld</string>
              <key>one</key><string>%lld nest</string>
              <key>other</key><string>%lld nests</string>
            </dict>
          </dict>
        </dict></plist>
        """, "en.lproj/Nests.stringsdict")
        try write("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "common.error.authFailed" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Sign-in failed" } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Échec de la connexion" } }
              }
            },
            "%lld alerts" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld alert" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld alerts" } }
                } } }
              }
            },
            "Untranslated" : { }
          },
          "version" : "1.0"
        }
        """, "Localizable.xcstrings")
        bundle = try XCTUnwrap(Bundle(url: folder))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testStringsFilesByTableAndLocale() {
        XCTAssertEqual(String(localized: "Swallow", table: "Birds", bundle: bundle, comment: "Bird 1 name"), "Barn swallow")
        XCTAssertEqual(String(localized: "Swallow", table: "Birds", bundle: bundle, locale: Locale(identifier: "en_US")), "Barn swallow")
        XCTAssertEqual(String(localized: "Swallow", table: "Birds", bundle: bundle, locale: Locale(identifier: "de_DE")), "Schwalbe")
        XCTAssertEqual(String(localized: "Sparrow", table: "Birds", bundle: bundle, comment: "Bird 2 name"), "Sparrow", "missing: the value itself")
        XCTAssertEqual(String(localized: "Swallow", bundle: bundle), "Swallow", "another table")
    }

    func testInterpolationsAreFormatSpecifiersInTheKey() {
        let count = 3
        XCTAssertEqual(String(localized: "\(count) birds", table: "Birds", bundle: bundle), "3 birds seen")
        XCTAssertEqual(String(localized: "\("Ada") by \("Grace")", table: "Birds", bundle: bundle), "Grace by Ada", "positions reorder")
        XCTAssertEqual(String(localized: "\(2.26) km", table: "Birds", bundle: bundle), "2.3 km away", "the translation's precision")
        XCTAssertEqual(String(localized: "\(count) cats", table: "Birds", bundle: bundle), "3 cats", "untranslated: the default value")

        let name = "Disk"
        let value: String.LocalizationValue = "Alert: \(name) at \(95)% of \(1.5) TB"
        XCTAssertEqual(String(localized: value), "Alert: Disk at 95% of 1.500000 TB", "a double is written as its %lf writes it")
        XCTAssertEqual(value.key, "Alert: %@ at %lld%% of %lf TB")
        XCTAssertEqual(String.LocalizationValue("100%").key, "100%", "a key without values is taken as written")

        // Food Truck's order summary: a value with the specifier the key should carry.
        let total: String.LocalizationValue = "Total: \(12.5, specifier: "%.2f") for \(3, specifier: "%d") donuts"
        XCTAssertEqual(total.key, "Total: %.2f for %d donuts")
        XCTAssertEqual(String(localized: total), "Total: 12.50 for 3 donuts")
    }

    /// Linux's `Bundle` stops the process when its lookup meets a `.stringsdict` plural: such a table
    /// is read here, the plural giving its `other` form, as a string catalog's does.
    func testPluralRulesFilesAreReadWithoutFoundationsBundle() {
        XCTAssertEqual(String(localized: "\(5) nests", table: "Nests", bundle: bundle), "5 nests found")
        XCTAssertEqual(String(localized: "\(1) nests", table: "Nests", bundle: bundle), "1 nest found", "the one form for 1")
        XCTAssertEqual(String(localized: "Nest", table: "Nests", bundle: bundle), "Bird's nest", "the strings file beside it")
        XCTAssertEqual(String(localized: "Egg", table: "Nests", bundle: bundle), "Egg", "missing: the value itself")
    }

    /// CLDR's cardinal categories for the languages apps ship most.
    func testPluralCategoriesByLanguage() {
        let cases: [(Double, String, PluralCategory)] = [
            (1, "en", .one), (0, "en", .other), (1.5, "en", .other), (0, "fr", .one), (1, "pt-BR", .one),
            (21, "ru", .one), (22, "ru", .few), (25, "ru", .many), (11, "ru", .many), (12, "pl", .many), (3, "pl", .few),
            (2, "ar", .two), (105, "ar", .few), (3, "cs", .few), (1, "ja", .other), (1, "zh-Hans", .other),
        ]
        for (number, language, category) in cases {
            XCTAssertEqual(PluralCategory.of(number, language: language), category, "\(number) in \(language)")
        }
        XCTAssertEqual(PluralCategory.choose(["zero": "none", "other": "some"], for: 0, language: "en"), "none", "a zero form is used for 0")
        XCTAssertEqual(PluralCategory.choose(["one": "a", "other": "b"], for: nil, language: "ru"), "b", "no number: other")
    }

    func testStringCatalogs() {
        XCTAssertEqual(String(localized: "common.error.authFailed", bundle: bundle), "Sign-in failed")
        XCTAssertEqual(String(localized: "common.error.authFailed", bundle: bundle, locale: Locale(identifier: "fr_FR")), "Échec de la connexion")
        XCTAssertEqual(String(localized: "\(4) alerts", bundle: bundle), "4 alerts", "a plural's other form")
        XCTAssertEqual(String(localized: "\(1) alerts", bundle: bundle), "1 alert", "its one form, chosen by the number")
        XCTAssertEqual(String(localized: "Untranslated", bundle: bundle), "Untranslated")
        XCTAssertEqual(String(localized: "common.error.authFailed", defaultValue: "Could not sign in", bundle: bundle), "Sign-in failed")
        XCTAssertEqual(String(localized: "common.error.missing", defaultValue: "Could not sign in", bundle: bundle), "Could not sign in")
    }

    func testResourcesKeepTheirTableAndBundleUntilShown() throws {
        let resource = LocalizedStringResource("Swallow", table: "Birds", bundle: .atURL(folder), comment: "Bird 1 name")
        XCTAssertEqual(resource.key, "Swallow")
        XCTAssertEqual(String(localized: resource), "Barn swallow")
        XCTAssertEqual("\(resource)", "Barn swallow")
        let german = LocalizedStringResource("Swallow", table: "Birds", locale: Locale(identifier: "de"), bundle: bundle)
        XCTAssertEqual(String(localized: german), "Schwalbe")
        let plain: LocalizedStringResource = "Delivered \(2) parcels"
        XCTAssertEqual(plain.key, "Delivered %lld parcels")
        XCTAssertEqual(String(localized: plain), "Delivered 2 parcels")

        func literal(_ view: some View) -> String? {
            let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues())
            guard case .text(let text) = node, case .literal(let s)? = text.runs.first?.content else { return nil }
            return s
        }
        XCTAssertEqual(literal(Text(resource)), "Barn swallow")
        XCTAssertEqual(literal(Text("Swallow", tableName: "Birds", bundle: bundle, comment: "Bird 1 name")), "Barn swallow")
        XCTAssertEqual(literal(Text("Swallow")), "Swallow", "the main bundle has no table")
        XCTAssertEqual(literal(Text(String(localized: "g", comment: "gram of carbs"))), "g")
    }

    /// A resource keeps "the current locale" unresolved until it is read, and still compares and hashes
    /// as one made with `.current` spelled out.
    func testTheCurrentLocaleIsReadWhenNeededAndComparesAsGiven() {
        let unresolved = LocalizedStringResource("Swallow", table: "Birds")
        XCTAssertNil(unresolved.chosenLocale)
        XCTAssertEqual(unresolved.locale, Locale.current)
        let spelled = LocalizedStringResource("Swallow", table: "Birds", locale: .current)
        XCTAssertEqual(unresolved, spelled)
        XCTAssertEqual(unresolved.hashValue, spelled.hashValue)
        let other = Locale(identifier: Locale.current.identifier == "de" ? "fr" : "de")
        XCTAssertNotEqual(unresolved, LocalizedStringResource("Swallow", table: "Birds", locale: other))
        var changed = unresolved
        changed.locale = other
        XCTAssertEqual(changed.chosenLocale, other)
    }
}
