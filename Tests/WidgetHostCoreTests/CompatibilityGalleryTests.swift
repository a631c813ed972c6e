import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore
import XCTest

/// The widget gallery (`Extensions/WidgetGallery`), code written as shipping widgets are, run as a
/// real extension: each widget's entries are archived there and drawn here, and what they show is
/// what the source says.
final class CompatibilityGalleryTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_763_712_000)  // 2025-11-21T08:00:00Z

    private func makeHost() throws -> (WidgetHost, String) {
        let exe = try BuiltProducts.executable("WidgetGallery")
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0))
        addTeardownBlock { host.shutdown() }
        return (host, exe)
    }

    /// The first entry of `kind` in `family`, archived for `variant` and drawn in the family's natural
    /// placement (or `placement`).
    private func render(
        _ host: WidgetHost, _ exe: String, _ kind: String, _ family: WidgetFamily, variant: EnvironmentVariant = .standard,
        placement: Placement? = nil, increasedContrast: Bool = false
    ) throws -> RenderTree {
        let place = placement ?? Placement.natural(for: family)
        let timeline = try host.reload(executable: exe, kind: kind, family: family, variants: [variant], placement: place.id)
        var context = RenderContext(placement: place, family: family, date: t0, colorScheme: variant.colorScheme)
        context.increasedContrast = increasedContrast
        return try host.render(timeline, at: t0, context: context).0
    }

    func testEveryWidgetAndFamilyRendersWithoutAFailure() throws {
        let (host, exe) = try makeHost()
        let widgets = try host.connection(to: exe).hello.widgets
        XCTAssertEqual(Set(widgets.map(\.kind)), ["Typography", "Styles", "Layout", "Assets", "Trip", "City", "Outline", "Unsupported",
                                                  "Lamp", "Poster", "Window", "Reading", "Commute", "Agenda"],
                       "the Live Activity is not a widget; the lamp is a control")
        XCTAssertEqual(try host.connection(to: exe).hello.activities.map(\.attributesType), ["DeliveryAttributes"])
        for widget in widgets {
            for family in widget.families {
                let tree = try render(host, exe, widget.kind, family)
                XCTAssertFalse(tree.root.allNodes().isEmpty, "\(widget.kind) \(family)")
            }
        }
    }

    /// `relevance()` and a `RelevanceConfiguration` as a Smart Stack reads them.
    func testRelevanceCluesAndEntryScoresReachTheHost() throws {
        let (host, exe) = try makeHost()
        let commute = try host.relevance(executable: exe, kind: "Commute")
        XCTAssertEqual(commute.first?.context, .location("commute"))
        guard case .date(let start, let end, let kind)? = commute.last?.context else { return XCTFail("\(commute)") }
        XCTAssertEqual(start.timeIntervalSince(t0), 3600, accuracy: 5, "an hour from the extension's clock, which follows the host's")
        XCTAssertEqual(end.timeIntervalSince(start), 3600)
        XCTAssertEqual(kind, 2, "scheduled")
        XCTAssertEqual(commute.map(\.group), ["travel", "travel"], "its group attribute applies to its clues")
        let timeline = try host.reload(executable: exe, kind: "Commute", family: .systemSmall)
        XCTAssertEqual(timeline.entries.map(\.relevance), [10, 10, 90, 90, 10, 10, 10, 10])
        XCTAssertEqual(timeline.entries[2].relevanceDuration, 1800, "TimelineEntryRelevance.duration travels with its score")
        XCTAssertEqual(try host.connection(to: exe).descriptor(kind: "Agenda")?.relevanceOnly, true)
        let agenda = try host.relevance(executable: exe, kind: "Agenda")
        XCTAssertEqual(agenda.count, 2)
        // A clue's configuration makes its card: the entry for that event.
        let card = try host.reload(executable: exe, kind: "Agenda", family: .accessoryRectangular, configuration: agenda[1].configuration)
        let tree = try host.render(card, at: t0, context: RenderContext(placement: .watchSmartStack, family: .accessoryRectangular, date: t0)).0
        XCTAssertTrue(tree.texts.contains("Dentist"), "\(tree.texts)")
    }

    func testTextStylesAndFormatsOnAnyView() throws {
        let (host, exe) = try makeHost()
        let tree = try render(host, exe, "Typography", .systemMedium)
        XCTAssertTrue(tree.texts.contains("HEADLINE"), "textCase(.uppercase): \(tree.texts)")
        XCTAssertTrue(tree.texts.contains("5.2 kilometers"), "Measurement.formatted(.measurement(width: .wide))")
        XCTAssertTrue(tree.texts.contains("1:02:05"), "Duration with a time pattern")
        XCTAssertTrue(tree.texts.contains("Ran 1h 5m, 2 hours ago"), "DateComponentsFormatter and RelativeDateTimeFormatter: \(tree.texts)")
        XCTAssertTrue(tree.texts.contains("42%"), "percent format")
        let runs = tree.root.allNodes().flatMap { $0.lines ?? [] }.flatMap(\.runs)
        let headline = try XCTUnwrap(runs.first { $0.text == "HEADLINE" })
        XCTAssertEqual(headline.spacing, 1.5, "kerning")
        XCTAssertNotNil(runs.first { $0.text == "Done" }?.strikethrough)
        XCTAssertEqual(runs.first { $0.text == "Linked" }?.underline, RenderColor(red: 0, green: 122, blue: 255), "underline in the colour given")
        XCTAssertEqual(runs.first { $0.text.hasPrefix("Ran") }?.widthFactor, 0.9, "fontWidth(.condensed)")
        XCTAssertEqual(runs.first { $0.text == "42%" }?.italic, true)
    }

    func testStylesShapesAndEffects() throws {
        let (host, exe) = try makeHost()
        let tree = try render(host, exe, "Styles", .systemMedium)
        let nodes = tree.root.allNodes()
        let ring = try XCTUnwrap(nodes.first { $0.trimTo == 0.7 })
        XCTAssertEqual(ring.trimFrom, 0)
        XCTAssertEqual(ring.lineCap, .round)
        XCTAssertEqual(ring.shape, .circle)
        XCTAssertTrue(nodes.contains { node in node.transform != nil && node.allNodes().contains { $0.trimTo == 0.7 } },
                      "the ring is rotated")
        let wave = try XCTUnwrap(nodes.first { $0.shape == .path })
        XCTAssertTrue(wave.pathData.map { if case .move = $0.elements.first { true } else { false } } == true, "a custom Shape archived as its outline")
        XCTAssertEqual(wave.frame.height, 18)
        XCTAssertTrue(nodes.contains { $0.strokeWidth == 1 && $0.shape == .rect }, "border")
        // The material behind "Material": the light background at the regular-thin opacity.
        XCTAssertTrue(nodes.contains { $0.color == RenderColor(hex: "#fafafa59") && $0.shape == .roundedRect }, "ultraThinMaterial in .rect(cornerRadius:)")
        // `.shadow(radius: 2)` on the wave: SwiftUI's default colour, black at a third, drawn beneath it.
        let shadowed = try XCTUnwrap(nodes.first { $0.shadow != nil }, "the wave's shadow")
        XCTAssertEqual(shadowed.shadow, RenderShadow(color: try XCTUnwrap(RenderColor(hex: "#00000054")), radius: 2, x: 0, y: 0))
        XCTAssertTrue(shadowed.allNodes().contains { $0.shape == .path }, "around the wave")
        let diagnostics = try host.connection(to: exe).diagnostics.map(\.message)
        XCTAssertFalse(diagnostics.contains { $0.contains(".shadow") }, "\(diagnostics)")
    }

    func testGeometryReaderSeesTheSizeOfItsPlacement() throws {
        let (host, exe) = try makeHost()
        XCTAssertTrue(try render(host, exe, "Layout", .systemSmall).texts.contains("bar 126pt"))
        XCTAssertTrue(try render(host, exe, "Layout", .systemMedium).texts.contains("bar 306pt"))
        // In every placement, the content was made for the size the host's own layout gives the reader
        // (StandBy shows a small widget larger, without its background's margins).
        for placement in [Placement.iPhoneHomeScreen, .standByDay, .iPadHomeScreen] {
            let tree = try render(host, exe, "Layout", .systemSmall, placement: placement)
            let reader = try XCTUnwrap(tree.root.allNodes().first { $0.style == .geometryReader })
            XCTAssertTrue(tree.texts.contains("bar \(Int(reader.frame.width))pt"), "\(placement.id): \(tree.texts) vs \(reader.frame.width)")
        }
        // The filled part is a quarter of the bar.
        let small = try render(host, exe, "Layout", .systemSmall)
        let fill = try XCTUnwrap(small.root.allNodes().first { $0.shape == .capsule && $0.color == RenderColor(hex: "#34c759ff") })
        XCTAssertEqual(fill.frame.width, 126 * 0.25, accuracy: 0.01)
    }

    func testEnvironmentStateAndGrids() throws {
        let (host, exe) = try makeHost()
        let small = try render(host, exe, "Layout", .systemSmall)
        XCTAssertTrue(small.texts.contains("Fits"), "ViewThatFits")
        XCTAssertTrue(small.texts.contains("Garden 4"), "the app's models")
        XCTAssertTrue(small.texts.contains("background shown"))
        XCTAssertFalse(small.texts.contains("never archived"), "@State holds its initial value")
        let medium = try render(host, exe, "Layout", .systemMedium)
        XCTAssertTrue(medium.texts.contains("metric"), "@AppStorage default")
        XCTAssertTrue(medium.texts.contains("0.5"), "a custom EnvironmentKey set by .environment(_:_:)")
        let large = try render(host, exe, "Layout", .systemLarge)
        for paint in ["ochre", "teal", "plum"] { XCTAssertTrue(large.texts.contains(paint)) }
        // Where the background is removed (StandBy), the environment says so.
        let removed = try render(host, exe, "Layout", .systemSmall, variant: EnvironmentVariant(showsContainerBackground: false),
                                 placement: .standByDay)
        XCTAssertTrue(removed.texts.contains("background removed"), "\(removed.texts)")
    }

    func testAssetCatalogColoursAndImages() throws {
        let (host, exe) = try makeHost()
        func brand(_ tree: RenderTree) -> String? {
            tree.root.allNodes().flatMap { $0.lines ?? [] }.flatMap(\.runs).first { $0.text == "Brand" }?.color.description
        }
        XCTAssertEqual(brand(try render(host, exe, "Assets", .systemSmall)), "#e07a3cff", "the colour set's light appearance")
        XCTAssertEqual(brand(try render(host, exe, "Assets", .systemSmall, variant: EnvironmentVariant(colorScheme: .dark))), "#ffa666ff")
        XCTAssertEqual(brand(try render(host, exe, "Assets", .systemSmall, increasedContrast: true)), "#a04000ff")
        let tree = try render(host, exe, "Assets", .systemSmall)
        let missing = tree.root.allNodes().flatMap { $0.lines ?? [] }.flatMap(\.runs).first { $0.text == "Missing" }
        XCTAssertEqual(missing?.color, RenderColor(red: 255, green: 0, blue: 255), "a missing colour is drawn in the placeholder colour")
        let diagnostics = try host.connection(to: exe).diagnostics.map(\.message)
        XCTAssertTrue(diagnostics.contains { $0.contains("\"NoSuchColor\"") }, "\(diagnostics)")
        XCTAssertTrue(diagnostics.contains { $0.contains("\"NoSuchImage\"") }, "\(diagnostics)")
        // Image sets resolve in the resource bundle SwiftPM built beside the executable, per appearance.
        let resources = ExtensionResources(executable: exe)
        guard case .found(let light) = resources.resolve("Logo", dark: false, scale: 2),
              case .found(let dark) = resources.resolve("Logo", dark: true, scale: 2),
              case .found(let one) = resources.resolve("Logo", dark: false, scale: 1) else { return XCTFail("Logo not found") }
        XCTAssertTrue(light.hasSuffix("Logo.imageset/logo@2x.png"))
        XCTAssertTrue(dark.hasSuffix("Logo.imageset/logo-dark@2x.png"))
        XCTAssertTrue(one.hasSuffix("Logo.imageset/logo.png"))
        XCTAssertEqual(resources.resolve("NoSuchImage"), .missing)
        // UIImage(data:) travels in the archive and is drawn.
        let data = try XCTUnwrap(tree.root.allNodes().first { $0.style == .data })
        let bytes = try XCTUnwrap(data.imageData?.bytes)
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let canvas = PNGRenderer(regular: nil, bold: nil).canvas(tree)
        let center = (x: Int((data.frame.x + data.frame.width / 2) * tree.scale), y: Int((data.frame.y + data.frame.height / 2) * tree.scale))
        XCTAssertEqual(canvas.pixel(x: center.x, y: center.y).bytes, [255, 149, 0, 255], "the PNG's orange")
    }

    func testIntentConfiguredWidgetsOfBothKinds() throws {
        let (host, exe) = try makeHost()
        XCTAssertTrue(try render(host, exe, "City", .systemSmall).texts.contains("City: Lisbon"), "an INIntent with its defaults")
        let trip = try XCTUnwrap(try host.connection(to: exe).descriptor(kind: "Trip"))
        XCTAssertEqual(trip.recommendations.map(\.description), ["Airport by transit"])
        let timeline = try host.reload(executable: exe, kind: "Trip", family: .systemSmall, configuration: trip.recommendations[0].configuration)
        let texts = try host.render(timeline, at: t0, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)).0.texts
        XCTAssertEqual(texts, ["Airport", "Transit"], "an AppEnum parameter round-trips through the archive")
        let defaults = try host.reload(executable: exe, kind: "Trip", family: .systemSmall)
        XCTAssertEqual(try host.render(defaults, at: t0, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)).0.texts,
                       ["Harbour", "Cycling"])
    }

    func testUnsupportedViewsDrawThePlaceholder() throws {
        let (host, exe) = try makeHost()
        let tree = try render(host, exe, "Unsupported", .systemSmall)
        let placeholder = try XCTUnwrap(tree.root.allNodes().first { $0.role == .unsupported })
        XCTAssertEqual(placeholder.text, "List")
        XCTAssertEqual(placeholder.frame.height, 40)
        XCTAssertEqual(tree.texts.filter { $0 != "List" }, ["Above the list", "Below the list"])
        let diagnostics = try host.connection(to: exe).diagnostics.map(\.message)
        XCTAssertTrue(diagnostics.contains("List is not supported in widgets: drawn as the system's placeholder"))
        for modifier in [".symbolEffect", ".onTapGesture"] {
            XCTAssertTrue(diagnostics.contains("\(modifier) is archived inert: the host does not draw it"), modifier)
        }
        // An accessibility label is archived: not reported, and in the render tree.
        XCTAssertFalse(diagnostics.contains { $0.hasPrefix(".accessibilityLabel") })
        XCTAssertEqual(tree.root.allNodes().compactMap(\.accessibilityLabel), ["Below"])
    }

    func testEveryKindOfPreviewInTheSourceIsFoundAndRendered() throws {
        let (host, exe) = try makeHost()
        let previews = try host.connection(to: exe).hello.previews
        XCTAssertEqual(previews.map(\.name), ["Outline systemSmall", "From the provider", "Delivery", "Just the view", "OutlineWidget_Previews"])
        func texts(_ index: Int) throws -> [[String]] {
            try host.preview(executable: exe, index: index).map { entry in
                WidgetRenderer.render(entry.archive, context: RenderContext(
                    placement: Placement.natural(for: entry.archive.family), family: entry.archive.family, date: t0)).texts
            }
        }
        XCTAssertEqual(try texts(0).map { $0.first }, ["First step", "Second step"], "#Preview(as:) { widget } timeline: { … }")
        XCTAssertEqual(try texts(1).first?.first, "Garden", "#Preview(as:widget:timelineProvider:)")
        XCTAssertEqual(try texts(2).map { $0.last }, ["3 stops away", "1 stops away"], "a Live Activity's content states")
        XCTAssertEqual(try texts(3).first?.first, "View preview", "#Preview { view }, its title an @Previewable @State")
        let provider = try host.preview(executable: exe, index: 4)
        XCTAssertEqual(provider.map(\.archive.family), [.systemSmall, .systemMedium], "each view in its preview context's family")
        XCTAssertEqual(try texts(4).map { $0.first }, ["Preview small", "Preview medium"])
        XCTAssertThrowsError(try host.preview(executable: exe, index: 99))
    }
}
