import AppIntents
import Foundation
import SwiftUI
import WidgetArchive
import WidgetIntents
import WidgetKit
import WidgetUI
import XCTest

/// What the compat surface archives: each API evaluated in the extension becomes the node the host
/// draws, or is reported as inert.
final class CompatSurfaceTests: XCTestCase {
    private func archive<V: View>(_ view: V, locate: ((ViewNode) -> [GeometryProbe: CGRect])? = nil) -> (ViewNode, [String]) {
        ViewArchiver.archive(view, environment: EnvironmentValues(), locate: locate)
    }

    private func firstText(_ node: ViewNode) -> TextNode? {
        var found: TextNode?
        node.forEachNode { if found == nil, case .text(let t) = $0 { found = t } }
        return found
    }

    private func modifiers(_ node: ViewNode) -> [ViewModifierNode] {
        var out: [ViewModifierNode] = []
        node.forEachNode { if case .modified(_, let m) = $0 { out.append(m) } }
        return out
    }

    func testTextStylingOnTextAndOnViews() {
        let text = Text("Done").strikethrough().kerning(2).textCase(.uppercase).underline(color: .red).baselineOffset(1)
        let run = firstText(archive(text).0)?.runs.first
        XCTAssertEqual(run?.attributes.strikethrough, TextDecoration())
        XCTAssertEqual(run?.attributes.underline, TextDecoration(color: .system(.red, opacity: 1)))
        XCTAssertEqual(run?.attributes.kerning, 2)
        XCTAssertEqual(run?.attributes.textCase, .uppercase)
        XCTAssertEqual(run?.attributes.baselineOffset, 1)

        let view = VStack { Text("a") }.tracking(3).textCase(nil).fontWidth(.expanded).italic()
        let mods = modifiers(archive(view).0)
        XCTAssertTrue(mods.contains(.textAttributes(TextAttributes(tracking: 3))))
        XCTAssertTrue(mods.contains(.textAttributes(TextAttributes(textCase: TextCaseValue.none))), "textCase(nil) undoes an inherited case")
        XCTAssertTrue(mods.contains(.font(FontSpec(size: .style(.body), width: .expanded))))
        XCTAssertTrue(mods.contains(.italic))
        XCTAssertEqual(firstText(archive(Text("x").font(.custom("Avenir", size: 15).italic())).0)?.runs.first?.font,
                       FontSpec(size: .fixed(15), italic: true))
    }

    func testTextForegroundStyleKeepsTheHierarchicalLevel() {
        let run = firstText(archive(Text("dim").foregroundStyle(.secondary)).0)?.runs.first
        XCTAssertEqual(run?.foregroundLevel, 1, "the inherited foreground at the secondary level, not a fixed grey")
        XCTAssertNil(run?.color)
        XCTAssertEqual(firstText(archive(Text("red").foregroundStyle(.red)).0)?.runs.first?.color, .system(.red, opacity: 1))
    }

    func testHierarchicalFillBackgroundAndMaterialStyles() {
        XCTAssertEqual(HierarchicalShapeStyle.quinary._paint, .foreground(level: 4))
        XCTAssertEqual(FillShapeStyle().tertiary._paint, .color(.system(.tertiaryFill, opacity: 1)))
        XCTAssertEqual(BackgroundStyle().secondary._paint, .color(.system(.secondaryBackground, opacity: 1)))
        XCTAssertEqual(Color.red.secondary._paint, .color(.system(.red, opacity: 0.6)))
        XCTAssertEqual(Material.thick._paint, .material(.thick))
        XCTAssertEqual(HierarchicalShapeStyle.secondary.tertiary._paint, .foreground(level: 3))
    }

    func testBuiltInShapesTrimAndStrokeStyles() {
        let ring = Circle().trim(from: 0.1, to: 0.6).stroke(.blue, style: StrokeStyle(lineWidth: 4, lineCap: .round))
        XCTAssertEqual(archive(ring).0, .shape(ShapeNode(kind: .circle, fill: .color(.system(.blue, opacity: 1)), strokeWidth: 4,
                                                         strokeStyle: StrokeStyleValue(cap: .round), trim: 0.1...0.6)))
        let border = RoundedRectangle(cornerRadius: 8).strokeBorder(.red, lineWidth: 2)
        XCTAssertEqual(archive(border).0, .shape(ShapeNode(kind: .roundedRectangle(cornerRadius: 8, continuous: true),
                                                           fill: .color(.system(.red, opacity: 1)), strokeWidth: 2,
                                                           strokeStyle: StrokeStyleValue(inset: true))))
    }

    private struct Triangle: Shape {
        func path(in rect: CGRect) -> Path {
            Path { path in
                path.move(to: CGPoint(x: rect.midX, y: rect.minY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                path.closeSubpath()
            }
        }
    }

    func testCustomShapesAreEvaluatedForTheFrameLayoutGivesThem() {
        var asked: [ViewNode] = []
        let (root, _) = archive(Triangle().fill(.green)) { tree in
            asked.append(tree)
            return [GeometryProbe(path: [0]): CGRect(x: 10, y: 20, width: 40, height: 30)]
        }
        XCTAssertEqual(asked.count, 1, "one layout pass finds the shape's frame")
        guard case .shape(let shape) = root, case .path(let path) = shape.kind else { return XCTFail("\(root)") }
        XCTAssertEqual(path.referenceWidth, 40)
        XCTAssertEqual(path.referenceHeight, 30)
        XCTAssertEqual(path.elements.first, .move(x: 20, y: 0), "the outline is made in the shape's own coordinates")
        XCTAssertEqual(shape.fill, .color(.system(.green, opacity: 1)))
    }

    func testNestedGeometryReadersTakeOnePassPerLevel() {
        let view = GeometryReader { outer in
            VStack {
                Text("outer \(Int(outer.size.width))")
                GeometryReader { inner in Text("inner \(Int(inner.size.width)) at \(Int(inner.frame(in: .global).minX))") }
            }
        }
        var passes = 0
        let (root, _) = archive(view) { tree in
            passes += 1
            var frames: [GeometryProbe: CGRect] = [:]
            tree.forEachNode { node in
                guard case .modified(_, .geometryProbe(let reader)) = node else { return }
                frames[reader] = reader.path == [0] ? CGRect(x: 0, y: 0, width: 200, height: 100) : CGRect(x: 5, y: 50, width: 120, height: 20)
            }
            return frames
        }
        XCTAssertEqual(passes, 2)
        var texts: [String] = []
        root.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["outer 200", "inner 120 at 5"])
    }

    func testReadersLayoutNeverPlacesAreEvaluatedAtZeroSize() {
        let view = GeometryReader { proxy in Text("w \(Int(proxy.size.width))") }
        let (root, _) = archive(view) { _ in [:] }
        XCTAssertEqual(firstText(root)?.runs.first?.content, .literal("w 0"))
    }

    func testStateBindingAndAppStorage() throws {
        struct Counter: View {
            @State var count = 2
            var body: some View {
                count += 1
                return Text("\(count)")
            }
        }
        XCTAssertEqual(firstText(archive(Counter()).0)?.runs.first?.content, .literal("3"), "state set while the body runs")

        struct Model { var name: String }
        let state = State(wrappedValue: Model(name: "a"))
        let name = state.projectedValue.name
        name.wrappedValue = "b"
        XCTAssertEqual(state.wrappedValue.name, "b", "a binding to a property writes through")

        let suite = "widgethost.tests.\(UUID().uuidString)"
        let defaults = try XCTUnwrap(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        struct Units: View {
            @AppStorage("units") var units = "metric"
            @AppStorage("count") var count = 1
            var body: some View { Text("\(units) \(count)") }
        }
        XCTAssertEqual(firstText(archive(Units().defaultAppStorage(defaults)).0)?.runs.first?.content, .literal("metric 1"))
        defaults.set("imperial", forKey: "units")
        defaults.set(5, forKey: "count")
        XCTAssertEqual(firstText(archive(Units().defaultAppStorage(defaults)).0)?.runs.first?.content, .literal("imperial 5"))
    }

    func testButtonAndLabelStyles() {
        let plain = Button(intent: ToggleIntent()) { Text("Go") }.buttonStyle(.plain)
        guard case .control(let control) = archive(plain).0, case .plainButton = control.kind else { return XCTFail() }
        struct Pill: ButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.label.padding(4).background(Capsule().fill(.orange))
            }
        }
        let custom = Button(intent: ToggleIntent()) { Text("Go") }.buttonStyle(Pill())
        guard case .control(let styled) = archive(custom).0, case .plainButton(let label) = styled.kind else { return XCTFail() }
        XCTAssertTrue(modifiers(label).contains { if case .background = $0 { true } else { false } }, "the style's body is the label")
        guard case .control(let bordered) = archive(Button(intent: ToggleIntent()) { Text("Go") }).0, case .button = bordered.kind else {
            return XCTFail()
        }
        let iconOnly = Label("Title", systemImage: "star").labelStyle(.iconOnly)
        XCTAssertNil(firstText(archive(iconOnly).0), "an icon-only label has no text")
    }

    func testUnsupportedViewsAndInertModifiersAreReported() {
        let (root, warnings) = archive(VStack {
            ScrollView { Text("never evaluated") }
            Text("kept").saturation(0.5).accessibilityLabel("Kept")
        })
        var unsupported: [String] = []
        root.forEachNode { if case .unsupported(let name) = $0 { unsupported.append(name) } }
        XCTAssertEqual(unsupported, ["ScrollView"])
        XCTAssertTrue(warnings.contains("ScrollView is not supported in widgets: drawn as the system's placeholder"))
        XCTAssertTrue(warnings.contains(".saturation is archived inert: the host does not draw it"))
        XCTAssertFalse(warnings.contains { $0.hasPrefix(".accessibilityLabel") }, "archived, not inert")
        var labels: [String] = []
        root.forEachNode { if case .modified(_, .accessibilityLabel(let label)) = $0 { labels.append(label) } }
        XCTAssertEqual(labels, ["Kept"])
    }

    func testUIKitImagesAndColours() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 30, 0, 0, 0, 20]
        let image = try XCTUnwrap(UIImage(data: Data(png), scale: 2))
        XCTAssertEqual(image.size, CGSize(width: 15, height: 10))
        XCTAssertNotNil(image.pngData())
        XCTAssertNil(UIImage(data: Data()))
        XCTAssertEqual(archive(Image(uiImage: image)).0, .image(ImageNode(source: .data(png))))
        XCTAssertEqual(archive(Image(uiImage: UIImage(systemName: "star")!)).0, .image(ImageNode(source: .system("star"))))
        // A JPEG's start of image, an APP0 segment of 4 bytes, then a baseline frame header of 30 × 20.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 17, 8, 0, 20, 0, 30, 3]
        let photo = try XCTUnwrap(UIImage(data: Data(jpeg), scale: 2))
        XCTAssertEqual(photo.size, CGSize(width: 15, height: 10))
        XCTAssertNil(photo.pngData())
        XCTAssertEqual(archive(Image(uiImage: photo)).1, [], "the host draws JPEG: nothing to report")
        let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let (_, warnings) = archive(Image(uiImage: UIImage(data: Data(heic))!))
        XCTAssertTrue(warnings.contains { $0.contains("not PNG or JPEG") }, "a HEIC is reported: \(warnings)")

        XCTAssertEqual(Color(uiColor: .secondarySystemBackground)._paint, .color(.system(.secondaryBackground, opacity: 1)))
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .init(white: 1, alpha: 1) : .init(white: 0, alpha: 1) }
        guard case .color(.asset(let asset)) = Color(dynamic)._paint else { return XCTFail() }
        XCTAssertEqual(asset.light, ColorComponents(red: 0, green: 0, blue: 0))
        XCTAssertEqual(asset.dark, ColorComponents(red: 1, green: 1, blue: 1))
    }

    func testFoundationFormattersLinuxLacks() {
        let formatter = MeasurementFormatter()
        formatter.unitStyle = .long
        XCTAssertEqual(formatter.string(from: Measurement(value: 1, unit: UnitLength.miles)), "1 mile")
        XCTAssertEqual(Measurement(value: 21.5, unit: UnitTemperature.celsius).formatted(), "21.5 °C")
        XCTAssertEqual(Measurement(value: 3, unit: UnitMass.kilograms).formatted(.measurement(width: .narrow)), "3kg")

        let relative = RelativeDateTimeFormatter()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(relative.localizedString(for: now.addingTimeInterval(300), relativeTo: now), "in 5 minutes")
        relative.dateTimeStyle = .named
        XCTAssertEqual(relative.localizedString(for: now.addingTimeInterval(86_400), relativeTo: now), "tomorrow")

        let components = DateComponentsFormatter()
        XCTAssertEqual(components.string(from: 59), "0:59")
        XCTAssertEqual(components.string(from: 3_725), "1:02:05")
        components.unitsStyle = .full
        components.allowedUnits = [.hour, .minute]
        XCTAssertEqual(components.string(from: 3_660), "1 hour, 1 minute")
    }

    func testAppEnumParametersRoundTrip() async throws {
        let intent = TravelIntent()
        intent.mode = .transit
        let bytes = try IntentParameterCodec.encode(intent)
        XCTAssertEqual(try IntentParameterCodec.decodeValues(bytes).first?.1, .string("transit"))
        let rebuilt = try await IntentParameterCodec.decode(TravelIntent.self, from: bytes)
        XCTAssertEqual(rebuilt.mode, .transit)
        let unknown = IntentParameterCoding.encode([("mode", .string("teleport"))])
        do {
            _ = try await IntentParameterCodec.decode(TravelIntent.self, from: unknown)
            XCTFail("an unknown case is refused")
        } catch {}
    }

    /// A widget no one has configured yet: a parameter declared with no default takes its entity
    /// query's `defaultResult()`, or an enum's first case, instead of trapping when the provider reads it.
    func testParametersWithoutADefaultTakeTheSystemsChoice() async throws {
        let intent = UnconfiguredIntent()
        await IntentParameterCodec.takeSystemDefaults(intent)
        XCTAssertEqual(intent.city.id, "oslo")
        XCTAssertEqual(intent.mode, .walking)
        XCTAssertNil(intent.note, "an optional stays nil")

        let chosen = UnconfiguredIntent()
        chosen.mode = .transit
        await IntentParameterCodec.takeSystemDefaults(chosen)
        XCTAssertEqual(chosen.mode, .transit, "a value already there is kept")
    }

    /// A recommendation built as Backyard Birds builds its own (`init(specificBackyard: nil)`): the
    /// optional entity and enum parameters travel unset and come back nil, a required one is refused.
    func testOptionalParametersArchivedUnsetComeBackNil() async throws {
        let intent = OptionalChoicesIntent()
        intent.city = nil
        intent.mode = nil
        let bytes = try IntentParameterCodec.encode(intent)
        let rebuilt = try await IntentParameterCodec.decode(OptionalChoicesIntent.self, from: bytes)
        XCTAssertNil(rebuilt.city)
        XCTAssertNil(rebuilt.mode)
        let unsetRequired = IntentParameterCoding.encode([("mode", .none)])
        do {
            _ = try await IntentParameterCodec.decode(TravelIntent.self, from: unsetRequired)
            XCTFail("a required enum parameter archived unset is refused")
        } catch IntentCodingError.typeMismatch(let parameter, _) {
            XCTAssertEqual(parameter, "Mode", "named by its title")
        }
    }

    /// Beszel's views read their `@Observable` managers as `@Environment(InstanceManager.self)`
    /// (Loriage/Beszel-Swift-App, `Beszel-companion/UI/Common/Switchers/InstanceSwitcherView.swift`).
    func testObservableObjectsInTheEnvironment() {
        let (tree, _) = archive(ObservableHolder().environment(InstanceList(names: ["alpha", "beta"])))
        var texts: [String] = []
        tree.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["2 instances", "none optional"])
        let (missing, _) = archive(OptionalHolder())
        var optional: [String] = []
        missing.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { optional.append(s) } }
        XCTAssertEqual(optional, ["none optional"], "an optional read finds nothing when no view provided one")
    }

    /// A body is main-actor isolated, as SwiftUI's: it reads a `@MainActor` view model directly
    /// (PiStats' chart reads its view model so: Bunn/PiStats,
    /// `LocalPackages/PiStatsUI/Sources/PiStatsUI/RequestsHistoryChartView.swift`), made as a
    /// `@StateObject` default value. This compiles only because `body` is, and the state object is
    /// made, on the main actor; archiving it on XCTest's main thread then reads the model.
    func testABodyReadsMainActorState() {
        let (tree, _) = archive(MainActorReader())
        var texts: [String] = []
        tree.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["3 readings"])
    }

    func testEntryMacroValues() {
        var texts: [String] = []
        archive(EntryReader()).0.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["no session 3"], "the defaults: nil for an optional, the value written")
        texts = []
        let set = EntryReader().environment(\.entrySession, InstanceList(names: ["vercel"])).environment(\.entryCount, 7)
        archive(set).0.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["vercel 7"])
    }

    /// Zeitgeist's views (daneden/Zeitgeist, `Shared/Helper Views/CommitAuthorAttributionView.swift`,
    /// `Shared/Extensions/View+dataTask.swift`): an `AsyncImage` draws its placeholder, as a widget on
    /// the device does; `.refreshable` is inert; both say so.
    func testAsyncImageDrawsItsPlaceholderAndRefreshableIsInert() {
        let url = URL(string: "https://example.com/avatar.png")
        let (tree, warnings) = archive(VStack {
            AsyncImage(url: url) { image in image.resizable() } placeholder: { Text("loading") }
            AsyncImage(url: url) { phase in
                if let image = phase.image { image } else { Text("phase empty") }
            }
            AsyncImage(url: url)
        }.refreshable {}.onReceive(Just(1)) { _ in })
        var texts: [String] = []
        tree.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["loading", "phase empty"])
        XCTAssertTrue(warnings.contains { $0.hasPrefix("AsyncImage draws its placeholder") }, "\(warnings)")
        XCTAssertTrue(warnings.contains(".refreshable is archived inert: the host does not draw it"), "\(warnings)")
        XCTAssertTrue(warnings.contains(".onReceive is archived inert: the host does not draw it"), "\(warnings)")
    }

    /// `@Bindable var manager = instanceManager` inside a body, then `$manager.names`, as Beszel's
    /// switcher writes it (Loriage/Beszel-Swift-App, `Beszel-companion/UI/Common/Switchers/InstanceSwitcherView.swift`).
    func testBindableGivesBindingsToAnObservablesProperties() {
        // A view is main-actor isolated, as SwiftUI's, and so is the model it is given here
        // (XCTest runs tests on the main thread).
        MainActor.assumeIsolated {
            let list = InstanceList(names: ["alpha"])
            let (tree, _) = ViewArchiver.archive(BindableReader(list: list), environment: EnvironmentValues())
            var texts: [String] = []
            tree.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
            XCTAssertEqual(texts, ["alpha"])
            var bindable = Bindable(list)
            bindable.wrappedValue = list
            let names: Binding<[String]> = bindable.names
            names.wrappedValue = ["beta", "gamma"]
            XCTAssertEqual(list.names, ["beta", "gamma"], "the binding writes the object")
        }
    }

    /// `.symbolVariant(_:)` adds its suffixes to the names of the system images inside, in SF
    /// Symbols' order, as SwiftUI resolves them; `.none` turns variants off.
    func testSymbolVariantsChangeTheNamesOfTheImagesInside() {
        let (root, _) = archive(VStack {
            Image(systemName: "heart")
            Label("Muted", systemImage: "bell.slash")
            Image(systemName: "checkmark").symbolVariant(.circle)
            Image(systemName: "star.fill")
            Image(systemName: "wifi").symbolVariant(.none)
        }.symbolVariant(.fill))
        var names: [String] = []
        root.forEachNode { if case .image(let image) = $0, case .system(let name) = image.source { names.append(name) } }
        XCTAssertEqual(names, ["heart.fill", "bell.slash.fill", "checkmark.circle.fill", "star.fill", "wifi"])
    }

    /// `.symbolRenderingMode(_:)` on a view and on an image reaches the archive; nil leaves it alone.
    func testSymbolRenderingModesAreArchived() {
        let (root, _) = archive(VStack {
            Image(systemName: "wifi").symbolRenderingMode(.hierarchical)
            Label("Up", systemImage: "arrow.up.circle.fill").symbolRenderingMode(.palette)
            Image(systemName: "bolt").symbolRenderingMode(nil)
        })
        var modes: [SymbolRenderingModeValue] = []
        root.forEachNode { if case .modified(_, .symbolRenderingMode(let mode)) = $0 { modes.append(mode) } }
        XCTAssertEqual(modes, [.hierarchical, .palette])
        // Two styles: the second colours a palette symbol's second layer.
        let (palette, _) = archive(Image(systemName: "arrow.up.circle.fill").symbolRenderingMode(.palette).foregroundStyle(.white, .blue))
        var colors: [[ColorValue]] = []
        palette.forEachNode { if case .modified(_, .symbolPalette(let c)) = $0 { colors.append(c) } }
        XCTAssertEqual(colors, [[Color.blue._colorValue]])
        let (gradient, _) = archive(Image(systemName: "bolt").foregroundStyle(.white, Color.blue.gradient))
        var gradientColors: [[ColorValue]] = []
        gradient.forEachNode { if case .modified(_, .symbolPalette(let c)) = $0 { gradientColors.append(c) } }
        XCTAssertEqual(gradientColors, [[]], "a style that is not a colour leaves the layer at its level")
    }

    /// `.shadow` and `.blur` reach the archive with their values (the shadow's default colour is
    /// black at a third, as SwiftUI's).
    func testShadowsAndBlursAreArchived() {
        let (root, warnings) = archive(VStack {
            Text("lifted").shadow(radius: 4, x: 1, y: 2)
            Text("soft").blur(radius: 3, opaque: true)
        })
        var found: [ViewModifierNode] = []
        root.forEachNode {
            if case .modified(_, let modifier) = $0 {
                if case .shadow = modifier { found.append(modifier) }
                if case .blur = modifier { found.append(modifier) }
            }
        }
        XCTAssertEqual(found, [.shadow(ShadowValue(color: .rgba(red: 0, green: 0, blue: 0, opacity: 0.33), radius: 4, x: 1, y: 2)),
                               .blur(radius: 3, opaque: true)])
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
    }

    /// `StrokeStyle(lineWidth:lineCap:dash:dashPhase:)` reaches the archive; a pattern the device
    /// could not draw (a negative length) is archived solid rather than as an archive the host refuses.
    func testDashedStrokesAreArchivedWithTheirPattern() {
        let (dashed, _) = archive(Circle().stroke(Color.blue, style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [6, 4], dashPhase: 2)))
        var styles: [StrokeStyleValue] = []
        dashed.forEachNode { if case .shape(let shape) = $0, let style = shape.strokeStyle { styles.append(style) } }
        XCTAssertEqual(styles.map(\.dash), [[6, 4]])
        XCTAssertEqual(styles.map(\.dashPhase), [2])
        XCTAssertEqual(styles.map(\.cap), [.round])
        let (hostile, _) = archive(Rectangle().stroke(style: StrokeStyle(lineWidth: 1, dash: [-3, 2])))
        var hostileStyles: [StrokeStyleValue] = []
        hostile.forEachNode { if case .shape(let shape) = $0, let style = shape.strokeStyle { hostileStyles.append(style) } }
        XCTAssertEqual(hostileStyles.map(\.dash), [[]])
    }

    func testObservableObjectsAndContainerViews() {
        final class Store: ObservableObject {
            @Published var name = "Basil"
        }
        struct Plant: View {
            @EnvironmentObject var store: Store
            var body: some View { Text(store.name) }
        }
        struct Garden: View {
            @StateObject var store = Store()
            var body: some View {
                GroupBox("Garden") { Plant() }.environmentObject(store)
            }
        }
        let (garden, _) = archive(Garden())
        var texts: [String] = []
        garden.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["Garden", "Basil"])

        let (empty, _) = archive(ContentUnavailableView("No plants", systemImage: "leaf", description: Text("Add one in the app")))
        var images: [String] = []
        empty.forEachNode { if case .image(let i) = $0, case .system(let name) = i.source { images.append(name) } }
        XCTAssertEqual(images, ["leaf"])
        let (_, warnings) = archive(Text("12°").widgetLabel("Lisbon"))
        XCTAssertTrue(warnings.contains(".widgetLabel is archived inert: the host does not draw it"))
    }

    func testPreviewProvidersSplitIntoPreviewsByContext() {
        let (previews, _) = PreviewArchiver.previews(Group {
            Text("a").previewContext(WidgetPreviewContext(family: .systemMedium)).previewDisplayName("Medium")
            Text("b")
        }, environment: EnvironmentValues()) { _, _ in [:] }
        XCTAssertEqual(previews.map(\.family), [.systemMedium, nil])
        XCTAssertEqual(previews.map(\.displayName), ["Medium", nil])
    }
}

private struct ToggleIntent: AppIntent {
    static var title: LocalizedStringResource { "Toggle" }
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

struct CityEntity: AppEntity {
    var id: String
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "City" }
    static var defaultQuery: CityQuery { CityQuery() }
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

struct CityQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [CityEntity] { identifiers.map(CityEntity.init) }
    func defaultResult() async -> CityEntity? { CityEntity(id: "oslo") }
}

// `@unchecked Sendable`: as an app's class intents are; each is made, filled and read by one task.
private final class UnconfiguredIntent: WidgetConfigurationIntent, @unchecked Sendable {
    static var title: LocalizedStringResource { "Unconfigured" }
    @Parameter(title: "City") var city: CityEntity
    @Parameter(title: "Mode") var mode: TravelMode
    @Parameter(title: "Note") var note: String?
    required init() {}
}

@MainActor
final class ReadingsModel: ObservableObject {
    @Published var readings = [1, 2, 3]
}

private struct MainActorReader: View {
    @StateObject private var model = ReadingsModel()
    var body: some View {
        Text("\(model.readings.filter { $0 > 0 }.count) readings")
    }
}

@Observable
final class InstanceList {
    var names: [String]
    init(names: [String]) { self.names = names }
}

@Observable
final class UnprovidedModel {
    var value = 0
}

private struct ObservableHolder: View {
    @Environment(InstanceList.self) private var list
    var body: some View {
        VStack {
            Text("\(list.names.count) instances")
            OptionalHolder()
        }
    }
}

private struct OptionalHolder: View {
    @Environment(UnprovidedModel.self) private var model: UnprovidedModel?
    var body: some View { Text(model == nil ? "none optional" : "found") }
}

// `@unchecked Sendable`: as an app's class intents are; each is made, filled and read by one task.
private final class OptionalChoicesIntent: WidgetConfigurationIntent, @unchecked Sendable {
    static var title: LocalizedStringResource { "Optional choices" }
    @Parameter(title: "City") var city: CityEntity?
    @Parameter(title: "Mode") var mode: TravelMode?
    required init() {}
}

enum TravelMode: String, AppEnum {
    case walking, transit
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Mode" }
    static var caseDisplayRepresentations: [TravelMode: DisplayRepresentation] { [.walking: "Walking", .transit: "Transit"] }
}

// `@unchecked Sendable`: as an app's class intents are; each is made, filled and performed by one task.
private final class TravelIntent: AppIntent, @unchecked Sendable {
    static var title: LocalizedStringResource { "Travel" }
    @Parameter(title: "Mode", default: .walking) var mode: TravelMode
    required init() {}
    func perform() async throws -> some IntentResult { .result() }
}

final class FormatStyleTextTests: XCTestCase {
    func testMeasurementsFormatIntoTextAndInterpolations() {
        let distance = Measurement(value: 12, unit: UnitLength.kilometers)
        let (root, _) = ViewArchiver.archive(VStack {
            Text(distance, format: .measurement(width: .wide))
            Text("Ran \(distance, format: .measurement(width: .abbreviated))")
        }, environment: EnvironmentValues())
        var texts: [String] = []
        root.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["12 kilometers", "Ran 12 km"])
    }

    /// App code reads and writes defaults through key-value coding, which Linux's Foundation lacks.
    func testUserDefaultsKeyValueCoding() throws {
        let suite = "compat-kvc-\(UUID().uuidString)"
        let defaults = try XCTUnwrap(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.setValue(42, forKey: "count")
        XCTAssertEqual(defaults.value(forKey: "count") as? Int, 42)
        defaults.setValue(nil, forKey: "count")
        XCTAssertNil(defaults.value(forKey: "count"))
    }

    /// `Text("\(value, specifier: "%.2f")")`, a call form real widget code uses for numbers.
    func testInterpolationWithAPrintfSpecifier() {
        let (node, _) = ViewArchiver.archive(Text("Rate \(4.5678, specifier: "%.2f") PLN"), environment: EnvironmentValues(), locate: nil)
        var texts: [String] = []
        node.forEachNode { if case .text(let t) = $0 { texts += t.runs.compactMap { if case .literal(let s) = $0.content { s } else { nil } } } }
        XCTAssertEqual(texts.joined(), "Rate 4.57 PLN")
    }
}

/// `@Entry` as Zeitgeist declares its session (daneden/Zeitgeist, `Shared/Models/VercelSession.swift`),
/// and with a default value.
extension EnvironmentValues {
    @Entry var entrySession: InstanceList?
    @Entry var entryAccent: Color = .orange
    @Entry var entryCount = 3
}

private struct BindableReader: View {
    let list: InstanceList
    var body: some View {
        @Bindable var bound = list
        Text(bound.names.first ?? "none")
            .onChange(of: $bound.names.wrappedValue) {}
    }
}

struct EntryReader: View {
    @Environment(\.entrySession) private var session
    @Environment(\.entryAccent) private var accent
    @Environment(\.entryCount) private var count
    var body: some View {
        Text("\(session?.names.joined(separator: ",") ?? "no session") \(count)").foregroundStyle(accent)
    }
}
