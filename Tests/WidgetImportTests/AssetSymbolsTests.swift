import Foundation
import XCTest
@testable import WidgetImport

/// The Swift names Xcode gives asset catalog entries, and the file made from a catalog.
final class AssetSymbolsTests: XCTestCase {
    func testNamesAsXcodeMakesThem() {
        let colors = [
            "AccentColor": "accent", "BackgroundColor": "background", "hint_text_color": "hintText", "Brand": "brand",
            "colorBackground": "colorBackground", "widget-background": "widgetBackground", "1979FF": "_1979_FF", "Color": "color",
            "Colors/Primary Text": "primaryText", "URLTint": "urlTint", "SKY": "SKY", "default": "`default`",
        ]
        for (asset, symbol) in colors {
            XCTAssertEqual(AssetSymbols.symbolName(for: asset, isColor: true), symbol, asset)
        }
        XCTAssertEqual(AssetSymbols.symbolName(for: "LevelUp_icon_transparent", isColor: false), "levelUpIconTransparent")
        XCTAssertEqual(AssetSymbols.symbolName(for: "HeaderImage", isColor: false), "header")
        XCTAssertEqual(AssetSymbols.symbolName(for: "BrandColor", isColor: false), "brandColor", "only colours lose Color")
        XCTAssertNil(AssetSymbols.symbolName(for: "---", isColor: true))
        // Names with no lower-case letter keep their case, as Xcode's generated files show.
        let kept = ["BMW": "BMW", "M": "M", "TLS2016": "TLS_2016", "4986FF": "_4986_FF", "DCAC00": "DCAC_00", "A-1-1-0": "A_1_1_0",
                    "B1AFC6": "B_1_AFC_6", "c50000": "c50000", "TLSold": "tlSold", "M-stadt": "mStadt", "ironMaiden2": "ironMaiden2"]
        for (asset, symbol) in kept {
            XCTAssertEqual(AssetSymbols.symbolName(for: asset, isColor: false), symbol, asset)
        }
        XCTAssertEqual(AssetSymbols.namespaceName(for: "iconPreviews"), "IconPreviews")
        XCTAssertEqual(AssetSymbols.namespaceName(for: "GameUI"), "GameUI")
    }

    func testTheGeneratedFileForTheFixtureCatalogs() throws {
        let source = try XCTUnwrap(AssetSymbols.source(catalogs: [
            ImportFixture.folder.appendingPathComponent("TripPlanner/Assets.xcassets"),
            ImportFixture.folder.appendingPathComponent("TripWidget/Assets.xcassets"),
        ]))
        XCTAssertTrue(source.contains(#"static let brand = ColorResource(name: "Brand", bundle: resourceBundle)"#))
        XCTAssertTrue(source.contains(#"static let widgetBackground = ColorResource(name: "WidgetBackgroundColor", bundle: resourceBundle)"#))
        XCTAssertTrue(source.contains(#"static let skyline = ImageResource(name: "Skyline", bundle: resourceBundle)"#))
        XCTAssertTrue(source.contains("extension ShapeStyle where Self == Color {\n    static var brand: Color { Color(ColorResource.brand) }"))
        XCTAssertTrue(source.contains("static var skyline: UIImage { UIImage(resource: ImageResource.skyline) }"))
    }

    func testExtentAndClashes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)/A.xcassets")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        for name in ["Red.colorset", "Sky.colorset", "SkyColor.colorset", "Icons/Star.imageset", "Palette/Red.colorset", "fountain.fill.symbolset"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data(#"{"properties":{"provides-namespace":true}}"#.utf8).write(to: folder.appendingPathComponent("Icons/Contents.json"))
        try Data(#"{"properties":{"provides-namespace":true}}"#.utf8).write(to: folder.appendingPathComponent("Palette/Contents.json"))
        let all = try XCTUnwrap(AssetSymbols.source(catalogs: [folder]))
        XCTAssertTrue(all.contains(#"static let red = ColorResource(name: "Red""#))
        XCTAssertFalse(all.contains("extension Color {\n    static var red: Color"), "Color.red exists: no member that would clash")
        XCTAssertFalse(all.contains("static let sky"), "Sky and SkyColor both name .sky: Xcode makes neither")
        XCTAssertTrue(all.contains("    enum Icons {\n        static let star = ImageResource(name: \"Icons/Star\""),
                      "a namespace folder prefixes the asset's name and becomes a type")
        XCTAssertTrue(all.contains("static var star: UIImage { UIImage(resource: ImageResource.Icons.star) }"))
        XCTAssertTrue(all.contains("extension Color {\n    enum Palette {\n        static var red: Color { Color(ColorResource.Palette.red) }"),
                      "a namespaced colour clashes with nothing: Color.Palette.red")
        XCTAssertTrue(all.contains("extension ShapeStyle where Self == Color {\n}"), "a protocol extension holds no type, and Red clashes")
        XCTAssertTrue(all.contains(#"static let fountainFill = ImageResource(name: "fountain.fill""#), "a custom symbol is an image resource")
        let resources = try XCTUnwrap(AssetSymbols.source(catalogs: [folder], extent: .resourcesOnly))
        XCTAssertFalse(resources.contains("extension Color {"))
        XCTAssertTrue(resources.contains("extension ColorResource {"))
        XCTAssertNil(AssetSymbols.source(catalogs: [folder], extent: .none))
    }

    func testLiteralsEscape() {
        XCTAssertEqual(AssetSymbols.literal("a\"b\\c\nd\u{1}"), #""a\"b\\c\nd\u{1}""#)
    }
}

/// The fixture Xcode project in `Tests/Fixtures/TripPlanner`.
enum ImportFixture {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/TripPlanner")
    }
    static var bundle: URL { folder.appendingPathComponent("TripPlanner.xcodeproj") }
    static var widgetHost: URL { folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
}
