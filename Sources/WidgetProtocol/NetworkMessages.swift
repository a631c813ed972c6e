import ByteCoding
import Foundation
import WidgetArchive

/// Extension → host, on the network route's own channel: one HTTP request an extension's `URLSession`
/// made. The host decides (its allow-list, its mode: live, recorded, replayed or off), fetches if it
/// may, and answers `fetched` with the same request ID. Requests are answered in any order.
public struct NetworkRequest: Hashable, Sendable {
    public var requestID: UInt64
    public var method: String
    public var url: String
    /// In the order the request carries them; names as written.
    public var headers: [NetworkHeader]
    public var body: [UInt8]

    public init(requestID: UInt64, method: String, url: String, headers: [NetworkHeader] = [], body: [UInt8] = []) {
        self.requestID = requestID
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct NetworkHeader: Hashable, Sendable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Host → extension: how a `NetworkRequest` ended.
public struct NetworkReply: Hashable, Sendable {
    public var requestID: UInt64
    public var outcome: Outcome

    public enum Outcome: Hashable, Sendable {
        /// The server's answer (or the recording of it).
        case response(status: Int, headers: [NetworkHeader], body: [UInt8])
        /// No answer, as `URLError` says it on a device: `code` is a `URLError.Code` raw value
        /// (-1009 offline, -1001 timed out…); `reason` says which rule or fault, for the author.
        case failure(code: Int, reason: String)
    }

    public init(requestID: UInt64, outcome: Outcome) {
        self.requestID = requestID
        self.outcome = outcome
    }
}

extension NetworkHeader {
    func write(to w: inout ByteWriter) {
        w.inlineString(name)
        w.inlineString(value)
    }

    static func readList(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> [NetworkHeader] {
        var headers: [NetworkHeader] = []
        for _ in 0..<(try MessageCodec.count(&r, "headers", limit: limits.maxNetworkHeaders)) {
            let name = try r.inlineString(maxLength: limits.maxStringLength)
            headers.append(NetworkHeader(name, try r.inlineString(maxLength: limits.maxStringLength)))
        }
        return headers
    }
}

extension NetworkRequest {
    func write(to w: inout ByteWriter) {
        w.varint(requestID)
        w.inlineString(method)
        w.inlineString(url)
        w.varint(headers.count)
        for header in headers { header.write(to: &w) }
        w.varint(body.count)
        w.raw(body)
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> NetworkRequest {
        let id = try r.varint()
        let method = try r.inlineString(maxLength: limits.maxStringLength)
        let url = try r.inlineString(maxLength: limits.maxStringLength)
        let headers = try NetworkHeader.readList(from: &r, limits: limits)
        return NetworkRequest(requestID: id, method: method, url: url, headers: headers,
                              body: try networkBody(&r, limits: limits))
    }
}

extension NetworkReply {
    func write(to w: inout ByteWriter) {
        w.varint(requestID)
        switch outcome {
        case .response(let status, let headers, let body):
            w.u8(0)
            w.varint(status)
            w.varint(headers.count)
            for header in headers { header.write(to: &w) }
            w.varint(body.count)
            w.raw(body)
        case .failure(let code, let reason):
            w.u8(1)
            // URLError codes are negative: stored negated.
            w.varint(UInt64(max(0, -code)))
            w.inlineString(reason)
        }
    }

    static func read(from r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> NetworkReply {
        let id = try r.varint()
        switch try r.enumCode("network outcome", cases: 2) {
        case 0:
            let statusOffset = r.offset
            let status = try r.varint()
            guard (100...999).contains(status) else { throw MessageDecodingError.invalidValue(offset: statusOffset, field: "HTTP status", value: status) }
            let headers = try NetworkHeader.readList(from: &r, limits: limits)
            let body = try networkBody(&r, limits: limits)
            return NetworkReply(requestID: id, outcome: .response(status: Int(status), headers: headers, body: body))
        default:
            let codeOffset = r.offset
            let code = try r.varint()
            guard code <= 10_000 else { throw MessageDecodingError.invalidValue(offset: codeOffset, field: "URL error code", value: code) }
            return NetworkReply(requestID: id, outcome: .failure(code: -Int(code), reason: try r.inlineString(maxLength: limits.maxStringLength)))
        }
    }
}

/// A body's bytes, its length checked against `maxNetworkBody` before anything is read.
private func networkBody(_ r: inout ArchiveByteReader, limits: ProtocolLimits) throws -> [UInt8] {
    let length = try r.varint()
    guard length <= UInt64(limits.maxNetworkBody) else {
        throw ProtocolError.limitExceeded(field: "network body", count: length, limit: limits.maxNetworkBody)
    }
    return Array(try r.bytes(Int(length)))
}
