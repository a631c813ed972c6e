import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// Archives are hostile: any value the decoder accepts (infinities, huge or negative numbers, dates at
/// the ends of time) must lay out, draw and encode without trapping.
final class HostileRenderTests: XCTestCase {
    let extremes: [Double] = [.infinity, -.infinity, 1e300, -1e300, 0, -5, 1e-300, .greatestFiniteMagnitude]

    private func archives() -> [WidgetArchiveValue] {
        var out: [WidgetArchiveValue] = []
        for (i, x) in extremes.enumerated() {
            let date = Date(timeIntervalSince1970: x)
            let text = ViewNode.text(TextNode(runs: DateStyle.allCases.map { TextRun(.date(date, $0), font: FontSpec(size: .fixed(x))) }
                + [TextRun(.timerInterval(start: date, end: Date(timeIntervalSince1970: -x), countsDown: i % 2 == 0))]))
            let root = ViewNode.stack(StackNode(axis: i % 2 == 0 ? .horizontal : .vertical, spacing: x, children: [
                text.modified(.frame(FrameSpec(minWidth: x, idealWidth: x, maxWidth: x, minHeight: -x, maxHeight: x))),
                text.modified(.padding(PaddingSpec(top: x, leading: -x, bottom: x, trailing: x))).modified(.minimumScaleFactor(x)).modified(.lineLimit(1 << 20)),
                .shape(ShapeNode(kind: .roundedRectangle(cornerRadius: x, continuous: true), fill: .linearGradient(
                    stops: [GradientStop(color: .rgba(red: x, green: -x, blue: 0.5, opacity: x), location: x),
                            GradientStop(color: .system(.red, opacity: x), location: -x)],
                    start: UnitPointValue(x: x, y: -x), end: UnitPointValue(x: x, y: x)), strokeWidth: x)),
                .progress(ProgressNode(value: .fraction(value: x, total: x), style: .circular, currentValueLabel: text)),
                .progress(ProgressNode(value: .timerInterval(start: date, end: date, countsDown: true), style: .linear, label: text)),
                .gauge(GaugeNode(value: x, minimum: x, maximum: x, style: .accessoryCircular, currentValueLabel: text)),
                .image(ImageNode(source: .system("plus"), resizable: true)).modified(.aspectRatio(x, .fit)).modified(.offset(x: x, y: -x)),
                .modified(.color(.rgba(red: 1, green: 0, blue: 0, opacity: 1)), .opacity(x)).modified(.layoutPriority(x)),
                .viewThatFits(ViewThatFitsNode(alternatives: [text, .spacer(minLength: x)])),
                .modified(.shape(ShapeNode(kind: .circle)), .clipShape(.roundedRectangle(cornerRadius: x, continuous: false))),
            ]))
            for family in [WidgetFamily.systemSmall, .accessoryCircular] {
                out.append(WidgetArchiveValue(kind: "Hostile", family: family, entryDate: date, root: root.modified(.font(FontSpec(size: .fixed(x))))))
            }
        }
        return out
    }

    func testExtremeValuesRenderToEveryOutputWithoutTrapping() throws {
        let painter = PNGRenderer(regular: nil, bold: nil)
        for archive in archives() {
            // What the decoder accepts is what a hostile extension can send.
            let decoded = try ArchiveDecoder().decode(ArchiveEncoder.encode(archive))
            for placement in Placement.all where placement.size(for: decoded.family) != nil {
                for at in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -.infinity)] {
                    let tree = WidgetRenderer.render(decoded, context: RenderContext(placement: placement, family: decoded.family, date: at, isLuminanceReduced: true))
                    XCTAssertNotEqual(tree.json(), "{}", "the render tree did not encode: a non-finite number escaped")
                    XCTAssertFalse(SVGWriter.svg(tree).isEmpty)
                    XCTAssertEqual(Array(painter.png(tree, scale: 1).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
                }
            }
        }
    }
}
