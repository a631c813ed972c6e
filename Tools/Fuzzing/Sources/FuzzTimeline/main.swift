// libFuzzer target: the store's `.timeline` files, whole. A file that decodes (container, timeline
// fields, every archive inside) must re-encode to bytes that decode to the same timeline.
import WidgetFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    if let violation = FuzzTarget.timeline.check(bytes) { fatalError(violation) }
    return 0
}
