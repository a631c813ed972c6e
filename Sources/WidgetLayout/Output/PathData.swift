import Foundation
import WidgetArchive

/// A custom shape's outline as SVG path data, scaled from the size it was made for to the frame it is
/// drawn in. Numbers are bounded and rounded to 1/1000 point so the text is stable.
package enum PathData {
    static func svg(_ path: PathValue, in rect: Rect) -> String {
        let sx = path.referenceWidth > 0 && path.referenceWidth.isFinite ? rect.width / path.referenceWidth : 1
        let sy = path.referenceHeight > 0 && path.referenceHeight.isFinite ? rect.height / path.referenceHeight : 1
        func n(_ v: Double) -> String {
            let bounded = v.isFinite ? min(1e5, max(-1e5, v)) : 0
            return RenderTreeDump.fmt((bounded * 1000).rounded() / 1000)
        }
        func x(_ v: Double) -> String { n(rect.x + v * sx) }
        func y(_ v: Double) -> String { n(rect.y + v * sy) }
        return path.elements.map { element in
            switch element {
            case .move(let px, let py): "M\(x(px)) \(y(py))"
            case .line(let px, let py): "L\(x(px)) \(y(py))"
            case .quad(let px, let py, let cx, let cy): "Q\(x(cx)) \(y(cy)) \(x(px)) \(y(py))"
            case .cubic(let px, let py, let c1x, let c1y, let c2x, let c2y):
                "C\(x(c1x)) \(y(c1y)) \(x(c2x)) \(y(c2y)) \(x(px)) \(y(py))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }
}
