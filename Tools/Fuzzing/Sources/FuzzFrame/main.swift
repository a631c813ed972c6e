// libFuzzer target: IPC byte streams. The input is fed to the frame decoder in chunks (sizes from the
// first byte), and every whole frame body is decoded as a message, which must round-trip.
import WidgetArchive
import WidgetFuzzing
import WidgetProtocol

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    var limits = ProtocolLimits()
    if first & 0x80 != 0 { limits.maxFrameSize = 256 }
    let chunk = Int(first & 0x3F) + 1
    var decoder = FrameDecoder(maxFrameSize: limits.maxFrameSize)
    var offset = 1
    while offset < bytes.count {
        decoder.append(bytes[offset..<min(bytes.count, offset + chunk)])
        offset += chunk
        while true {
            guard let body = try? decoder.nextFrame() else { return 0 }
            guard let message = try? MessageCodec.decode(body, limits: limits) else { continue }
            guard let round = try? MessageCodec.decode(MessageCodec.encode(message), limits: limits), round == message else {
                fatalError("decoded message does not round-trip")
            }
        }
    }
    return 0
}
