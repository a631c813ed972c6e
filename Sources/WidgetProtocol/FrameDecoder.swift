/// Splits a byte stream into frames, like swift-nio's `ByteToMessageDecoder`: bytes go in as they
/// arrive; a frame comes out only when whole; a length prefix over the limit is refused at once,
/// before its body is buffered.
public struct FrameDecoder: Sendable {
    public let maxFrameSize: Int
    private var buffer: [UInt8] = []
    private var readIndex = 0

    public init(maxFrameSize: Int = ProtocolLimits.default.maxFrameSize) { self.maxFrameSize = maxFrameSize }

    /// Bytes buffered but not yet returned as a frame.
    public var pendingByteCount: Int { buffer.count - readIndex }

    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if readIndex > 0 && readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame body, or `nil` when more bytes are needed.
    public mutating func nextFrame() throws(ProtocolError) -> [UInt8]? {
        guard pendingByteCount >= 4 else { return nil }
        var length: UInt64 = 0
        for i in 0..<4 { length |= UInt64(buffer[readIndex + i]) << UInt64(8 * i) }
        guard length <= UInt64(maxFrameSize) else { throw .frameTooLarge(declared: length, limit: maxFrameSize) }
        guard length > 0 else { throw .emptyFrame }
        guard pendingByteCount - 4 >= Int(length) else { return nil }
        let start = readIndex + 4
        let body = Array(buffer[start..<(start + Int(length))])
        readIndex = start + Int(length)
        if readIndex > 64 * 1024 && readIndex * 2 > buffer.count {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        return body
    }
}
