import CoreGraphics
import Foundation
import SwiftUI
import WidgetArchive
import XCTest

/// Call forms from Apple's Backyard Birds and Food Truck samples, written as the samples write them,
/// and what each archives or warns.
final class SampleAppCallFormTests: XCTestCase {
    private func archive<V: View>(_ view: V, environment: EnvironmentValues = EnvironmentValues()) -> (ViewNode, [String]) {
        ViewArchiver.archive(view, environment: environment)
    }

    private func stacks(_ node: ViewNode) -> [StackNode] {
        node.allNodes.compactMap { if case .stack(let s) = $0 { s } else { nil } }
    }

    // MARK: - Layout (Food Truck's DiagonalDonutStackLayout, Backyard Birds' BackyardViewportLayout)

    private struct DiagonalLayout: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
            let proposal = proposal.replacingUnspecifiedDimensions(by: CGSize(width: 60, height: 60))
            let minBound = min(proposal.width, proposal.height)
            return CGSize(width: minBound, height: minBound)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
            let subviews = subviews.prefix(3)
            for index in subviews.indices {
                subviews[index].place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center,
                                      proposal: ProposedViewSize(CGSize(width: 10, height: 10)))
            }
        }
    }

    private struct ContentKey: LayoutValueKey {
        static let defaultValue = "fountain"
    }

    func testCustomLayoutArchivesItsViewsAsAZStackAndWarns() {
        let (node, warnings) = archive(
            DiagonalLayout {
                ForEach(["a", "b"], id: \.self) { Text($0).layoutValue(key: ContentKey.self, value: "bird") }
            }
            .overlay(alignment: .bottomTrailing) { Text("+1") }
        )
        let depth = stacks(node).filter { $0.axis == .depth }
        XCTAssertEqual(depth.count, 1)
        XCTAssertEqual(depth.first?.children.count, 2)
        XCTAssertEqual(node.literalTexts.sorted(), ["+1", "a", "b"])
        XCTAssertEqual(warnings.filter { $0.contains("custom Layout") && $0.contains("DiagonalLayout") }.count, 1, "\(warnings)")
    }

    func testLayoutMethodsRunOnProxies() {
        let layout = DiagonalLayout()
        var cache: Void = ()
        let subviews = LayoutSubviews([LayoutSubview(id: 0, values: [ObjectIdentifier(ContentKey.self): "bird"]), LayoutSubview(id: 1)])
        XCTAssertEqual(layout.sizeThatFits(proposal: .unspecified, subviews: subviews, cache: &cache), CGSize(width: 60, height: 60))
        XCTAssertEqual(layout.sizeThatFits(proposal: ProposedViewSize(width: 40, height: nil), subviews: subviews, cache: &cache),
                       CGSize(width: 40, height: 40))
        layout.placeSubviews(in: CGRect(x: 0, y: 0, width: 60, height: 60), proposal: .unspecified, subviews: subviews, cache: &cache)
        XCTAssertEqual(subviews.prefix(1).count, 1)
        XCTAssertEqual(subviews[0][ContentKey.self], "bird")
        XCTAssertEqual(subviews[1][ContentKey.self], "fountain")
        XCTAssertEqual(ProposedViewSize.unspecified.replacingUnspecifiedDimensions(), CGSize(width: 10, height: 10))
    }

    func testAnyLayoutOfAStackArchivesAsThatStack() {
        let horizontal = true
        let layout = horizontal ? AnyLayout(HStackLayout(spacing: 4)) : AnyLayout(VStackLayout())
        let (node, warnings) = archive(layout { Text("A"); Text("B") })
        XCTAssertEqual(stacks(node).first?.axis, .horizontal)
        XCTAssertEqual(stacks(node).first?.spacing, 4)
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")

        let custom = archive(AnyLayout(DiagonalLayout()) { Text("A") })
        XCTAssertEqual(stacks(custom.0).first?.axis, .depth)
        XCTAssertTrue(custom.1.contains { $0.contains("custom Layout") })
    }

    // MARK: - TimelineView, Canvas, ImageRenderer

    func testTimelineViewEvaluatesOnceAtTheEntryDate() {
        let entryDate = Date(timeIntervalSince1970: 1_700_000_000)
        var environment = EnvironmentValues()
        environment.timelineEntryDate = entryDate
        let (node, warnings) = archive(
            TimelineView(.periodic(from: .distantPast, by: 1)) { context in
                Text("\(Int(context.date.timeIntervalSince1970))")
            },
            environment: environment)
        XCTAssertEqual(node.literalTexts, ["1700000000"])
        XCTAssertTrue(warnings.contains { $0.contains("TimelineView") }, "\(warnings)")

        let minute = archive(TimelineView(.everyMinute) { context in Text(context.cadence <= .minutes ? "m" : "?") }).0
        XCTAssertEqual(minute.literalTexts, ["m"])
        let animated = false
        XCTAssertEqual(archive(TimelineView(.animation(paused: !animated)) { _ in Text("a") }).0.literalTexts, ["a"])
    }

    func testSchedulesGiveTheirDates() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let periodic = Array(PeriodicTimelineSchedule(from: start, by: 10).entries(from: start.addingTimeInterval(25), mode: .normal).prefix(2))
        XCTAssertEqual(periodic, [start.addingTimeInterval(20), start.addingTimeInterval(30)])
        let minutes = Array(EveryMinuteTimelineSchedule().entries(from: start.addingTimeInterval(95), mode: .normal).prefix(1))
        XCTAssertEqual(minutes, [start.addingTimeInterval(60)])
    }

    func testCanvasIsAPlaceholderAndItsRendererNeverRuns() {
        let scale = 0.5
        let (node, warnings) = archive(
            Canvas { context, size in
                let rect = CGRect(x: 0, y: 0, width: size.width, height: size.height)
                context.fill(Rectangle().path(in: rect),
                             with: .radialGradient(Gradient(colors: [.blue, .white]), center: CGPoint(x: rect.midX, y: 400 * scale),
                                                   startRadius: 0, endRadius: 600))
                context.drawLayer { context in
                    context.translateBy(x: size.width / 2, y: 350 * scale)
                    context.rotate(by: .degrees(10))
                    context.scaleBy(x: scale, y: scale)
                    context.draw(Image("header/layer/8 Road"), at: .zero)
                }
                XCTFail("a Canvas renderer is never run here")
            }
            .padding(.top, -200 * scale)
        )
        XCTAssertTrue(node.allNodes.contains { if case .unsupported("Canvas") = $0 { true } else { false } })
        XCTAssertTrue(warnings.contains { $0.contains("Canvas") }, "\(warnings)")
    }

    @MainActor
    func testImageRendererCompilesAndRendersNothing() {
        let renderer = ImageRenderer(content: Text("Donut"))
        renderer.proposedSize = ProposedViewSize(width: 128, height: 128)
        renderer.scale = 2
        XCTAssertNil(renderer.cgImage)
        XCTAssertNil(renderer.uiImage)
        // Food Truck's DonutRenderer: the image branch compiles; a CGImage archives as the missing image.
        if let cgImage = renderer.cgImage {
            _ = Image(cgImage, scale: renderer.scale, label: Text("Donut"))
        }
        let image = archive(Image(CGImage(width: 1, height: 1), scale: 2, label: Text("Donut"))).0
        XCTAssertEqual(image, archive(Image(_encoded: [], isDrawable: false)).0)
    }

    // MARK: - Backyard Birds

    private struct Bird: View {
        var direction: HorizontalEdge = .leading
        var body: some View {
            Image(systemName: "bird")
                .scaleEffect(x: direction == .trailing ? -1 : 1)
                .flipsForRightToLeftLayoutDirection(true)
        }
    }

    private func mirrored(_ node: ViewNode) -> Bool {
        node.allModifiers.contains { if case .transform(let t) = $0 { t.scaleX == -1 && t.rotation == 0 } else { false } }
    }

    func testFlipsForRightToLeftMirrorsOnlyInRightToLeft() {
        XCTAssertFalse(mirrored(archive(Bird()).0))
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        XCTAssertTrue(mirrored(archive(Bird(), environment: rtl).0))
        XCTAssertFalse(mirrored(archive(Image(systemName: "bird").flipsForRightToLeftLayoutDirection(false), environment: rtl).0))
        XCTAssertEqual(Edge(HorizontalEdge.trailing), .trailing)
        XCTAssertEqual(Edge(VerticalEdge.top), .top)
        XCTAssertEqual(VerticalEdge.allCases, [.top, .bottom])
    }

    private struct ReadsMaterial: View {
        @Environment(\.backgroundMaterial) var material
        var body: some View { Text(material == .regular ? "regular" : "none") }
    }

    func testBackgroundMaterialEnvironment() {
        XCTAssertEqual(archive(ReadsMaterial()).0.literalTexts, ["none"])
        XCTAssertEqual(archive(ReadsMaterial().environment(\.backgroundMaterial, .regular)).0.literalTexts, ["regular"])
    }

    /// Backyard Birds' `VibrantlyBlendedShapeStyle`: a custom style resolving to a blended `AnyShapeStyle`.
    private struct Blended: ShapeStyle {
        var base: AnyShapeStyle
        func resolve(in environment: EnvironmentValues) -> some ShapeStyle {
            environment.colorScheme == .light ? base.blendMode(.plusDarker) : base.blendMode(.plusLighter)
        }
    }

    func testBlendedShapeStylePaintsAsItsBase() {
        let plain = archive(Rectangle().fill(Color.red)).0
        XCTAssertEqual(archive(Rectangle().fill(Blended(base: AnyShapeStyle(Color.red)))).0, plain)
        XCTAssertEqual(archive(Rectangle().fill(Color.red.blendMode(.multiply))).0, plain)
        // As a view, a colour keeps `View.blendMode(_:)`, which the host draws.
        let (view, diagnostics) = archive(Color.red.blendMode(.multiply))
        guard case .modified(_, .blendMode(.multiply)) = view else { return XCTFail("\(view)") }
        XCTAssertFalse(diagnostics.contains { $0.contains(".blendMode") })
    }

    /// Backyard Birds' parallax: no scroll view encloses a widget, so the offset takes its fallback.
    func testScrollViewCoordinateSpaceIsNeverFound() {
        let (node, _) = archive(GeometryReader { proxy in
            let inScroll = proxy.bounds(of: .scrollView) != nil || proxy.bounds(of: .named("viewport")) != nil
            Text(inScroll ? "scrolls" : "still")
            Text("\(Int(proxy.frame(in: .scrollView).midY)) \(Int(proxy.frame(in: .local).width)) \(Int(proxy.frame(in: .global).width))")
        }
        .coordinateSpace(.named("viewport")))
        XCTAssertEqual(node.literalTexts, ["still", "0 0 0"])
    }
}
