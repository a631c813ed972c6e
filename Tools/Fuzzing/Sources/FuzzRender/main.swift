// libFuzzer target: archives that decode are laid out and drawn (render tree, SVG, PNG at 1×). The
// renderer must not trap, and AddressSanitizer watches the rasterizer's buffers.
import WidgetArchive
import WidgetFuzzing
import WidgetLayout
import WidgetRender

let painter = PNGRenderer(regular: nil, bold: nil)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzTarget.render.check(bytes) { fatalError(problem) }
    if let value = try? ArchiveDecoder().decode(bytes) {
        let tree = WidgetRenderer.render(value, context: RenderContext(placement: .natural(for: value.family), family: value.family, date: value.entryDate))
        _ = painter.png(tree, scale: 1)
    }
    return 0
}
