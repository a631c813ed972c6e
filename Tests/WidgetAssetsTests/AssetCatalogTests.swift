import Foundation
import WidgetAssets
import XCTest

/// Asset catalogs as Xcode writes them: colour sets in every component notation, appearances, image
/// sets by scale and appearance, group folders, and what is refused.
final class AssetCatalogTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ json: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: url)
    }

    private func colorSet(_ entries: String) -> String { #"{ "colors": [ \#(entries) ], "info": { "version": 1 } }"# }

    func testColourComponentsInEveryNotationXcodeWrites() throws {
        try write("Assets.xcassets/Floats.colorset/Contents.json", colorSet(#"""
            { "color": { "color-space": "srgb", "components": { "red": "0.500", "green": "1.000", "blue": "0.000", "alpha": "0.250" } }, "idiom": "universal" }
        """#))
        try write("Assets.xcassets/Hex.colorset/Contents.json", colorSet(#"""
            { "color": { "color-space": "display-p3", "components": { "red": "0xFF", "green": "0x80", "blue": "0x00", "alpha": "1.000" } }, "idiom": "universal" }
        """#))
        try write("Assets.xcassets/Integers.colorset/Contents.json", colorSet(#"""
            { "color": { "color-space": "srgb", "components": { "red": "255", "green": "0", "blue": "51" } }, "idiom": "universal" }
        """#))
        try write("Assets.xcassets/Gray.colorset/Contents.json", colorSet(#"""
            { "color": { "color-space": "gray-gamma-22", "components": { "white": "0.200", "alpha": "1.000" } }, "idiom": "universal" }
        """#))
        try write("Assets.xcassets/System.colorset/Contents.json", colorSet(#"""
            { "color": { "platform": "ios", "reference": "systemBlueColor" }, "idiom": "universal" }
        """#))
        let catalog = AssetCatalog(resourceRoots: [root])
        let light = AssetAppearance(isDark: false)
        XCTAssertEqual(catalog.colors["Floats"]?.components(for: light), .init(red: 0.5, green: 1, blue: 0, alpha: 0.25))
        XCTAssertEqual(catalog.colors["Hex"]?.components(for: light)?.green ?? 0, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(catalog.colors["Integers"]?.components(for: light), .init(red: 1, green: 0, blue: 0.2, alpha: 1))
        XCTAssertEqual(catalog.colors["Gray"]?.components(for: light), .init(red: 0.2, green: 0.2, blue: 0.2, alpha: 1))
        XCTAssertEqual(catalog.colors["System"]?.components(for: light)?.blue, 1)
        XCTAssertTrue(catalog.problems.isEmpty, "\(catalog.problems)")
    }

    func testAppearancesFallBackAsApplesLookupDoes() throws {
        try write("Assets.xcassets/Brand.colorset/Contents.json", colorSet(#"""
            { "color": { "components": { "red": "1", "green": "0", "blue": "0" } }, "idiom": "universal" },
            { "appearances": [ { "appearance": "luminosity", "value": "dark" } ], "color": { "components": { "red": "0", "green": "1", "blue": "0" } }, "idiom": "universal" },
            { "appearances": [ { "appearance": "contrast", "value": "high" } ], "color": { "components": { "red": "0", "green": "0", "blue": "1" } }, "idiom": "universal" },
            { "color": { "components": { "red": "0.5", "green": "0.5", "blue": "0.5" } }, "idiom": "tv" }
        """#))
        let brand = try XCTUnwrap(AssetCatalog(resourceRoots: [root]).colors["Brand"])
        XCTAssertEqual(brand.variants.count, 3, "the tv idiom is not read")
        XCTAssertEqual(brand.components(for: AssetAppearance(isDark: false))?.red, 1)
        XCTAssertEqual(brand.components(for: AssetAppearance(isDark: true))?.green, 1)
        XCTAssertEqual(brand.components(for: AssetAppearance(isDark: false, isHighContrast: true))?.blue, 1)
        XCTAssertEqual(brand.components(for: AssetAppearance(isDark: true, isHighContrast: true))?.green, 1,
                       "no dark high-contrast variant: the dark one")
    }

    func testImageSetsPickByScaleAndAppearanceAndNamespacesPrefixNames() throws {
        try write("Assets.xcassets/Logo.imageset/Contents.json", #"""
            { "images": [
                { "filename": "a.png", "idiom": "universal", "scale": "1x" },
                { "filename": "a@3x.png", "idiom": "universal", "scale": "3x" },
                { "appearances": [ { "appearance": "luminosity", "value": "dark" } ], "filename": "d.png", "idiom": "universal", "scale": "1x" },
                { "idiom": "universal", "scale": "2x" },
                { "filename": "../../escape.png", "idiom": "universal", "scale": "2x" }
            ], "properties": { "template-rendering-intent": "template" } }
        """#)
        try write("Assets.xcassets/Icons/Contents.json", #"{ "properties": { "provides-namespace": true } }"#)
        try write("Assets.xcassets/Icons/Star.imageset/Contents.json", #"{ "images": [ { "filename": "s.png", "idiom": "universal" } ] }"#)
        try write("Assets.xcassets/Plain/Dot.imageset/Contents.json", #"{ "images": [ { "filename": "dot.png", "idiom": "universal" } ] }"#)
        let catalog = AssetCatalog(resourceRoots: [root])
        let logo = try XCTUnwrap(catalog.images["Logo"])
        XCTAssertTrue(logo.isTemplate)
        XCTAssertEqual(logo.variants.count, 3, "entries without a file or with a path in the name are skipped")
        XCTAssertEqual(logo.file(for: AssetAppearance(isDark: false), scale: 2)?.lastPathComponent, "a.png", "largest below")
        XCTAssertEqual(logo.file(for: AssetAppearance(isDark: false), scale: 3)?.lastPathComponent, "a@3x.png")
        XCTAssertEqual(logo.file(for: AssetAppearance(isDark: true), scale: 2)?.lastPathComponent, "d.png")
        XCTAssertNotNil(catalog.images["Icons/Star"], "a namespace folder prefixes its names")
        XCTAssertNotNil(catalog.images["Dot"], "a plain group folder does not")
        XCTAssertNil(catalog.images["Star"])
    }

    func testBrokenEntriesAreProblemsNotCrashes() throws {
        try write("Assets.xcassets/Broken.colorset/Contents.json", "{ not json")
        try write("Assets.xcassets/Empty.colorset/Contents.json", colorSet(""))
        try write("Assets.xcassets/Bad.colorset/Contents.json", colorSet(#"{ "color": { "components": { "red": "lots" } } }"#))
        try write("Assets.xcassets/Huge.colorset/Contents.json", String(repeating: " ", count: (1 << 20) + 1))
        let catalog = AssetCatalog(resourceRoots: [root])
        XCTAssertTrue(catalog.colors.isEmpty)
        XCTAssertEqual(catalog.problems.count, 4, "\(catalog.problems)")
        XCTAssertTrue(catalog.problems.contains { $0.contains("component red is not a number: lots") })
        XCTAssertTrue(catalog.problems.contains { $0.contains("larger than") })
    }

    func testResourceRootsIncludeSwiftPMBundlesBesideTheExecutable() throws {
        let exe = root.appendingPathComponent("MyWidgets").path
        try FileManager.default.createDirectory(at: root.appendingPathComponent("MyApp_MyWidgets.resources"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Other_Thing.resources"), withIntermediateDirectories: true)
        // A module of the same package built into the executable (a local package's target compiled here).
        try FileManager.default.createDirectory(at: root.appendingPathComponent("MyApp_DesignKit.resources"), withIntermediateDirectories: true)
        let roots = AssetCatalog.resourceRoots(forExecutable: exe).map(\.lastPathComponent)
        XCTAssertEqual(roots, ["MyWidgets.resources", "MyApp_MyWidgets.resources", "MyApp_DesignKit.resources"])
    }
}
