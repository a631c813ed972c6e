import AppIntents
import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import XCTest

/// Call forms real widget code uses (found by the corpus run), written as the apps write them, and what
/// each archives.
final class CorpusCallFormTests: XCTestCase {
    private func archive<V: View>(_ view: V, locate: ((ViewNode) -> [GeometryProbe: CGRect])? = nil) -> (ViewNode, [String]) {
        ViewArchiver.archive(view, environment: EnvironmentValues(), locate: locate)
    }

    private func shapes(_ node: ViewNode) -> [ShapeNode] {
        node.allNodes.compactMap { if case .shape(let s) = $0 { s } else { nil } }
    }

    // MARK: - Safe area, margins, tasks, accessibility

    func testSafeAreaContentMarginsTaskAndAccessibilityValue() {
        let plain = archive(Text("Hi")).0
        XCTAssertEqual(archive(Text("Hi").edgesIgnoringSafeArea(.all)).0, plain)
        XCTAssertEqual(archive(Text("Hi").contentMargins(.all, 0)).0, plain)
        XCTAssertEqual(archive(Text("Hi").contentMargins(.trailing, 8, for: .scrollContent)).0, plain)

        let markerID = "marker-1"
        let (_, taskWarnings) = archive(Text("Hi").task(id: markerID) { await Task.yield() })
        XCTAssertTrue(taskWarnings.contains { $0.contains(".task") }, "\(taskWarnings)")

        let steps = 1200
        let (valued, warnings) = archive(Text("Steps").accessibilityValue("\(steps) steps"))
        XCTAssertEqual(valued, archive(Text("Steps")).0)
        XCTAssertTrue(warnings.contains { $0.contains(".accessibilityValue") })
        let description: String = "rising"
        _ = archive(Text("Trend").accessibilityValue(description))
        _ = archive(Text("Trend").accessibilityValue(Text("rising")))
    }

    // MARK: - Styles

    /// A progress bar drawn by the app's own style: the style's body is what is archived.
    private struct ThinBarStyle: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            ZStack(alignment: .leading) {
                Capsule().fill(.gray.opacity(0.3))
                Capsule().fill(.green).frame(width: 100 * (configuration.fractionCompleted ?? 0))
            }
            .frame(width: 100, height: 4)
        }
    }

    /// A style that decorates the progress view beneath it (`ProgressView(configuration)`).
    private struct LabelledStyle: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                configuration.label
                ProgressView(configuration)
            }
        }
    }

    func testCustomProgressViewStylesAreEvaluatedAndArchived() {
        let (bar, _) = archive(ProgressView(value: 0.25).progressViewStyle(ThinBarStyle()))
        XCTAssertFalse(bar.allNodes.contains { if case .progress = $0 { true } else { false } }, "the style's body replaces the bar")
        XCTAssertTrue(bar.allModifiers.contains(.frame(.fixed(width: 25, height: nil, alignment: AlignmentValue(horizontal: .center, vertical: .center)))))

        let labelled = ProgressView(value: 3, total: 4) { Text("Upload") }
            .progressViewStyle(LabelledStyle())
            .progressViewStyle(.circular)
        let (root, _) = archive(labelled)
        let progress = root.allNodes.compactMap { if case .progress(let p) = $0 { p } else { nil } }
        XCTAssertEqual(progress.count, 1)
        XCTAssertEqual(progress.first?.style, .circular, "ProgressView(configuration) draws with the style set outside")
        XCTAssertEqual(progress.first?.value, .fraction(value: 3, total: 4))
        XCTAssertEqual(root.literalTexts.first, "Upload")

        XCTAssertEqual(archive(ProgressView(value: 0.5).progressViewStyle(.linear)).0,
                       .progress(ProgressNode(value: .fraction(value: 0.5, total: 1), style: .linear)))
        let tinted = archive(ProgressView(value: 0.5).progressViewStyle(CircularProgressViewStyle(tint: .orange))).0
        XCTAssertTrue(tinted.allModifiers.contains(.tint(.system(.orange, opacity: 1))))
    }

    private struct NeedleGaugeStyle: GaugeStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                configuration.label
                Text("\(Int(configuration.value * 100))%")
            }
        }
    }

    func testGaugeStylesBuiltInAndCustom() {
        func style(_ view: some View) -> ProgressStyleValue? {
            (archive(view).0).allNodes.compactMap { if case .gauge(let g) = $0 { g.style } else { nil } }.first
        }
        let gauge = Gauge(value: 30, in: 0...120) { Text("Speed") }
        XCTAssertEqual(style(gauge.gaugeStyle(.linearCapacity)), .accessoryLinearCapacity)
        XCTAssertEqual(style(gauge.gaugeStyle(.accessoryCircular)), .accessoryCircular)
        XCTAssertEqual(style(gauge.gaugeStyle(.accessoryCircularCapacity)), .accessoryCircularCapacity)
        XCTAssertEqual(style(gauge.gaugeStyle(.accessoryLinear)), .accessoryLinear)
        XCTAssertEqual(style(gauge.gaugeStyle(.accessoryLinearCapacity)), .accessoryLinearCapacity)
        XCTAssertEqual(style(gauge), .automatic)

        let (custom, _) = archive(gauge.gaugeStyle(NeedleGaugeStyle()))
        XCTAssertEqual(custom.literalTexts, ["Speed", "25%"], "the configuration's value is the position in the range")
    }

    private struct CardGroupBoxStyle: GroupBoxStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(alignment: .leading) {
                configuration.label.font(.caption)
                configuration.content
            }
            .padding(4)
        }
    }

    func testGroupBoxLabelFirstAndStyles() {
        let box = GroupBox(label: Text("Today")) { Text("12 km") }
        let (standard, _) = archive(box)
        XCTAssertEqual(standard.literalTexts, ["Today", "12 km"])
        XCTAssertTrue(standard.allModifiers.contains(.font(FontSpec(size: .style(.headline)))), "the default style's headline label")

        let (styled, _) = archive(box.groupBoxStyle(CardGroupBoxStyle()))
        XCTAssertEqual(styled.literalTexts, ["Today", "12 km"])
        XCTAssertTrue(styled.allModifiers.contains(.font(FontSpec(size: .style(.caption)))))
        XCTAssertFalse(styled.allModifiers.contains(.font(FontSpec(size: .style(.headline)))))
        XCTAssertEqual(archive(box.groupBoxStyle(.automatic)).0, standard)
    }

    // MARK: - Animation

    func testAnimationWithoutValueWatchesItsContent() {
        func digest(_ view: some View) -> UInt64? {
            (archive(view).0).allModifiers.compactMap { if case .animation(_, let d) = $0 { d } else { nil } }.first
        }
        let quarter = digest(Capsule().frame(width: 25).animation(.linear))
        let half = digest(Capsule().frame(width: 50).animation(.linear))
        XCTAssertNotNil(quarter)
        XCTAssertNotEqual(quarter, half, "a change inside changes the watched digest")
        XCTAssertEqual(quarter, digest(Capsule().frame(width: 25).animation(.linear)))
        XCTAssertTrue((archive(Text("a").animation(.linear)).0).allModifiers.contains(.animation(Animation.linear.value, valueDigest: digest(Text("a").animation(.linear)) ?? 0)))

        var ran = false
        let result = withAnimation(.spring(duration: 2, bounce: 0.25)) { () -> Int in
            ran = true
            return 42
        }
        XCTAssertTrue(ran)
        XCTAssertEqual(result, 42)
        withAnimation { ran = false }
        XCTAssertFalse(ran)
    }

    // MARK: - Shapes

    /// An arc as Clok draws one: an insettable custom shape built with `addRelativeArc`.
    private struct Arc: InsettableShape {
        var angle: Angle
        var insetAmount: CGFloat = 0
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.addRelativeArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2 - insetAmount,
                                startAngle: .zero, delta: angle)
            return path
        }
        func inset(by amount: CGFloat) -> Arc {
            var arc = self
            arc.insetAmount += amount
            return arc
        }
    }

    func testInsettableShapesInsetBuiltInsAndCustomStrokeBorders() {
        let padding4 = ViewModifierNode.padding(PaddingSpec(edges: PaddingSpec.allEdges, top: 4, leading: 4, bottom: 4, trailing: 4))
        let inner = ContainerRelativeShape().inset(by: 4)
        XCTAssertEqual(archive(inner).0, .modified(.shape(ShapeNode(kind: .containerRelative)), padding4),
                       "inset by padding: the host keeps it concentric with the widget's corners")
        XCTAssertEqual(archive(Circle().inset(by: 4).fill(.red)).0,
                       .modified(.shape(ShapeNode(kind: .circle, fill: .color(.system(.red, opacity: 1)))), padding4))
        XCTAssertEqual(archive(RoundedRectangle(cornerRadius: 10).inset(by: 4)).0,
                       .modified(.shape(ShapeNode(kind: .roundedRectangle(cornerRadius: 6, continuous: true))), padding4))

        // A custom insettable shape's border: its own path inset by half the line, stroked.
        let frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let border = Arc(angle: .tau / 2).strokeBorder(.blue, lineWidth: 4)
        let (root, _) = archive(border, locate: { node in Self.frames(of: node, size: frame.size) })
        guard case .path(let outline)? = shapes(root).first?.kind else { return XCTFail("a path: \(root)") }
        guard case .move(let x, let y)? = outline.elements.first else { return XCTFail("\(outline)") }
        XCTAssertEqual(x, 38, accuracy: 1e-9, "radius 20, inset by 2")
        XCTAssertEqual(y, 20, accuracy: 1e-9)
        XCTAssertEqual(shapes(root).first?.strokeStyle?.inset, false, "already inset")
    }

    /// Every view waiting for its size (marked by the archiver) gets the same frame.
    private static func frames(of node: ViewNode, size: CGSize) -> [GeometryProbe: CGRect] {
        var frames: [GeometryProbe: CGRect] = [:]
        node.forEachNode { node in
            guard case .modified(_, .geometryProbe(let probe)) = node else { return }
            frames[probe] = CGRect(origin: .zero, size: size)
        }
        return frames
    }

    func testRelativeArcsTurnByTheirDelta() {
        var path = Path()
        path.addRelativeArc(center: .zero, radius: 10, startAngle: .degrees(0), delta: .degrees(90))
        XCTAssertEqual(path.currentPoint?.x ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(path.currentPoint?.y ?? -1, 10, accuracy: 1e-9, "a positive delta turns towards +y, as addArc(clockwise: false)")
        var back = Path()
        back.addRelativeArc(center: .zero, radius: 10, startAngle: .degrees(0), delta: .degrees(-90))
        XCTAssertEqual(back.currentPoint?.y ?? 1, -10, accuracy: 1e-9)
        var huge = Path()
        huge.addArc(center: .zero, radius: 1, startAngle: .zero, endAngle: .radians(.infinity), clockwise: false)
        XCTAssertTrue(huge.isEmpty, "a non-finite angle draws nothing")
    }

    /// `CGAffineTransform` as Core Graphics defines it, and the arcs and paths it places.
    func testArcsAndPathsGoThroughTheirTransform() {
        let move = CGAffineTransform(translationX: 30, y: 5)
        var moved = Path(), shifted = Path()
        moved.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false, transform: move)
        shifted.addArc(center: CGPoint(x: 30, y: 5), radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        XCTAssertEqual(moved.boundingRect, shifted.boundingRect)
        XCTAssertEqual(moved.currentPoint?.x ?? 0, 30, accuracy: 1e-9)
        XCTAssertEqual(moved.currentPoint?.y ?? 0, 15, accuracy: 1e-9)
        let doubled = shifted.applying(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(doubled.boundingRect.width, shifted.boundingRect.width * 2, accuracy: 1e-9)
        // Rotation turns +x towards +y; the operations' order is Core Graphics' own.
        let quarter = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(quarter.x, 0, accuracy: 1e-12)
        XCTAssertEqual(quarter.y, 1, accuracy: 1e-12)
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 12, y: 2), "scaled first, then moved")
        XCTAssertEqual(CGPoint(x: 12, y: 2).applying(t.inverted()), CGPoint(x: 1, y: 1))
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
    }

    func testShapesRotateScaleAndMoveAsTheirViewsWould() {
        let countdown = Circle()
            .trim(from: 0, to: 0.75)
            .rotation(Angle(degrees: -90), anchor: .center)
            .stroke(Color.white, style: StrokeStyle(lineWidth: 3, lineCap: .round))
        let (root, _) = archive(countdown)
        guard case .modified(.shape(let ring), .transform(let t)) = root else { return XCTFail("\(root)") }
        XCTAssertEqual(t.rotation, -90, accuracy: 1e-9)
        XCTAssertEqual(ring.trim, 0...0.75)
        XCTAssertEqual(ring.strokeWidth, 3)

        XCTAssertEqual(archive(Rectangle().scale(0.5)).0, .modified(.shape(ShapeNode(kind: .rectangle)), .transform(TransformValue(scaleX: 0.5, scaleY: 0.5))))
        XCTAssertEqual(archive(Capsule().offset(x: 3, y: -2)).0, .modified(.shape(ShapeNode(kind: .capsule)), .offset(x: 3, y: -2)))
        let hands = Rectangle().offset(CGSize(width: 0, height: -10)).rotation(.degrees(30))
        guard case .modified(.modified(.shape(let hand), .offset(x: 0, y: -10)), .transform(let turn)) = archive(hands).0 else {
            return XCTFail("the offset inside the rotation, innermost first: \(archive(hands).0)")
        }
        XCTAssertEqual(hand.kind, .rectangle)
        XCTAssertEqual(turn.rotation, 30, accuracy: 1e-9)
    }

    func testAngleArithmetic() {
        let tau = Angle(radians: 2 * .pi)
        let count = 12
        let step = tau * Double(3) / Double(count)
        XCTAssertEqual(step.degrees, 90, accuracy: 1e-9)
        XCTAssertEqual((tau / 2).degrees, 180, accuracy: 1e-9)
        XCTAssertEqual((-Angle.degrees(30)).degrees, -30, accuracy: 1e-9)
        var angle = Angle.degrees(10)
        angle += .degrees(20)
        angle -= .degrees(5)
        angle *= 2
        angle /= 5
        XCTAssertEqual(angle.degrees, 10, accuracy: 1e-9)
        func total<T: AdditiveArithmetic>(_ values: [T]) -> T { values.reduce(.zero, +) }
        XCTAssertEqual(total([Angle.degrees(45), .degrees(45)]).degrees, 90, accuracy: 1e-9)
        _ = Text("x").rotationEffect(tau * Double(2) / Double(count))
    }

    func testAFilledShapeIsStrokedOverItsFill() {
        let face = Circle().fill(.white).stroke(.black, lineWidth: 2)
        let stroke = ShapeNode(kind: .circle, fill: .color(.system(.black, opacity: 1)), strokeWidth: 2)
        XCTAssertEqual(archive(face).0, .modified(.shape(ShapeNode(kind: .circle, fill: .color(.system(.white, opacity: 1)))),
                                                  .overlay(.shape(stroke), AlignmentValue(horizontal: .center, vertical: .center))))
        let bordered = RoundedRectangle(cornerRadius: 8).fill(.red).strokeBorder(.blue, lineWidth: 1)
        XCTAssertEqual(shapes(archive(bordered).0).count, 2)
    }

    // MARK: - Text and colours

    static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        return formatter
    }()

    func testDateInterpolatedWithAFormatter() {
        let date = Date(timeIntervalSince1970: 3_600 * 5 + 60 * 7)
        XCTAssertEqual((archive(Text("\(date, formatter: Self.dateFormatter)")).0).literalTexts, ["05:07"])
        XCTAssertEqual((archive(Text("Updated \(date, formatter: Self.dateFormatter)")).0).literalTexts, ["Updated 05:07"])
        XCTAssertEqual((archive(Text(date, formatter: Self.dateFormatter)).0).literalTexts, ["05:07"])
    }

    func testColorDescriptionsAndSidebarRowSize() {
        XCTAssertEqual(Color(.sRGB, red: 1, green: 0.5, blue: 0, opacity: 1).description, "#FF8000FF")
        XCTAssertEqual(Color.red.description, "red")
        XCTAssertEqual(Color.blue.opacity(0.5).description, "50% blue")
        XCTAssertEqual(Color(white: 0, opacity: 0).description, "#00000000")
        let size: SidebarRowSize = WidgetFamily.systemLarge == .systemLarge ? .large : .medium
        XCTAssertEqual(size, .large)
        XCTAssertEqual(EnvironmentValues().sidebarRowSize, .medium)
        let visibility: SwiftUI.Visibility = .hidden
        XCTAssertEqual(visibility, .hidden)
    }

    // MARK: - Widget configuration

    private struct Entry: TimelineEntry { let date: Date }
    private struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: .now) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: .now)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: .now)], policy: .never))
        }
    }

    func testDisplayNameAndDescriptionFromText() {
        let configuration = StaticConfiguration(kind: "unread", provider: Provider()) { _ in Text("3") }
            .configurationDisplayName(Text("label.text.unread", comment: "Unread"))
            .description(Text("Shows the unread count."))
        let widget = configuration._resolve().first
        XCTAssertEqual(widget?.displayName, "label.text.unread", "no table has the key: the key itself, as SwiftUI shows it")
        XCTAssertEqual(widget?.description, "Shows the unread count.")
    }
}

// MARK: - App Intents call forms

struct CommuteIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Commute" }
    @Parameter(title: "From") var origin: String?
    @Parameter(title: "To") var destination: String?
    init() {}

    /// The table-only summary: no sentence, the parameters as rows.
    static var parameterSummary: some ParameterSummary {
        Summary {
            \.$origin
            \.$destination
        }
    }
}

struct UpdateActivityIntent: LiveActivityIntent {
    static var title: LocalizedStringResource { "Update" }
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

struct PriceSnippetView: View {
    let price: String
    var body: some View { Text(price) }
}

struct PriceIntent: AppIntent {
    static var title: LocalizedStringResource { "Market rate" }
    @Parameter(title: "Currency") var fiatCurrency: String?
    init() {}

    func perform() async throws -> some IntentResult & ReturnsValue<Double> & ProvidesDialog & ShowsSnippetView {
        .result(value: 61_000, dialog: "Current Bitcoin Market Rate", view: PriceSnippetView(price: "$61,000"))
    }
}

struct ValueOnlyIntent: AppIntent {
    static var title: LocalizedStringResource { "Value" }
    init() {}
    func perform() async throws -> some IntentResult & ReturnsValue<String> & ShowsSnippetView {
        .result(value: "", view: PriceSnippetView(price: ""))
    }
}

struct SnippetIntent: AppIntent {
    static var title: LocalizedStringResource { "Top donuts" }
    init() {}
    func perform() async throws -> some IntentResult & ShowsSnippetView { .result(view: PriceSnippetView(price: "")) }
}

struct WalletShortcuts: AppShortcutsProvider {
    @AppShortcutsBuilder
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: PriceIntent(),
            phrases: [
                AppShortcutPhrase<PriceIntent>("Market rate for Bitcoin in \(\.$fiatCurrency) using ${applicationName}"),
                "Bitcoin price with \(.applicationName)",
            ],
            shortTitle: "Market Rate",
            systemImageName: "bitcoinsign.circle"
        )
    }
}

final class CorpusIntentCallFormTests: XCTestCase {
    func testSummaryTablesLiveActivityIntentsAndSnippetResults() async throws {
        _ = CommuteIntent.parameterSummary
        let update: any LiveActivityIntent = UpdateActivityIntent()
        _ = try await update.perform()
        let price = try await PriceIntent().perform()
        XCTAssertEqual((price as? IntentValueResult<Double>)?.value, 61_000)
        let valueOnly = try await ValueOnlyIntent().perform()
        XCTAssertEqual((valueOnly as? IntentValueResult<String>)?.value, "")
        _ = try await SnippetIntent().perform()
    }

    func testAppShortcutsCompileAndKeepTheirPhrases() {
        let shortcuts = WalletShortcuts.appShortcuts
        XCTAssertEqual(shortcuts.count, 1)
        XCTAssertEqual(shortcuts.first?.phrases, ["Market rate for Bitcoin in ${parameter} using ${applicationName}",
                                                  "Bitcoin price with ${applicationName}"])
        XCTAssertEqual(shortcuts.first?.systemImageName, "bitcoinsign.circle")
        XCTAssertEqual(WalletShortcuts.shortcutTileColor, .navy)
        WalletShortcuts.updateAppShortcutParameters()
    }
}

private extension Angle {
    static let tau = Angle(radians: 2 * .pi)
}
