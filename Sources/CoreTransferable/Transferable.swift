import Foundation
@_exported import UniformTypeIdentifiers

/// `Transferable`: how a model type is shared, dragged or copied, as content types and the data each
/// becomes. Widgets share nothing, but app models a widget compiles declare it; here a value can be
/// exported through its representations (`exported(as:)`), so the declaration does what it says.
public protocol Transferable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// One way to turn a `Transferable` value into data of a content type.
public protocol TransferRepresentation<Item> {
    associatedtype Item: Transferable
    /// The content types this representation exports, in order, with how to export each.
    var _exporters: [(UTType, (Item) async throws -> Data)] { get }
}

/// Why a value could not be exported.
public enum TransferError: Error, Equatable {
    /// None of the value's representations exports this content type.
    case noRepresentation(UTType)
}

extension Transferable {
    /// The value as data of `contentType`, from the first representation that exports it.
    public func exported(as contentType: UTType) async throws -> Data {
        for (type, export) in Self.transferRepresentation._exporters where type == contentType {
            // A representation of this type exports values of it (the builder takes no other).
            guard let item = self as? Representation.Item else { break }
            return try await export(item)
        }
        throw TransferError.noRepresentation(contentType)
    }
}

/// `DataRepresentation(exportedContentType:exporting:)` and its importing forms.
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    private let contentType: UTType
    private let export: ((Item) async throws -> Data)?

    public init(contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
                importing: @escaping @Sendable (Data) async throws -> Item) {
        self.contentType = contentType
        export = exporting
    }

    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        contentType = exportedContentType
        export = exporting
    }

    public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        contentType = importedContentType
        export = nil
    }

    public var _exporters: [(UTType, (Item) async throws -> Data)] { export.map { [(contentType, $0)] } ?? [] }
}

/// `CodableRepresentation(contentType:)`: the value encoded as JSON (property lists are not
/// offered here; JSON is what the type's `Codable` conformance gives by default).
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation {
    private let contentType: UTType

    public init(for itemType: Item.Type = Item.self, contentType: UTType) { self.contentType = contentType }

    public var _exporters: [(UTType, (Item) async throws -> Data)] { [(contentType, { try JSONEncoder().encode($0) })] }
}

/// `ProxyRepresentation(exporting:)`: the value exported as another `Transferable` value (a URL, a
/// string), which brings its own representations.
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation {
    private let export: ((Item) async throws -> Proxy)?

    public init(exporting: @escaping @Sendable (Item) throws -> Proxy) { export = { try exporting($0) } }
    public init(exporting: @escaping @Sendable (Item) throws -> Proxy, importing: @escaping @Sendable (Proxy) throws -> Item) {
        export = { try exporting($0) }
    }
    public init(importing: @escaping @Sendable (Proxy) throws -> Item) { export = nil }

    public var _exporters: [(UTType, (Item) async throws -> Data)] {
        guard let export else { return [] }
        return Proxy.transferRepresentation._exporters.map { type, exportProxy in
            (type, { item in
                guard let proxy = try await export(item) as? Proxy.Representation.Item else { throw TransferError.noRepresentation(type) }
                return try await exportProxy(proxy)
            })
        }
    }
}

/// `FileRepresentation`: a value shared as a file. Files are not exported here; the declaration compiles.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    public init(contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
                importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item) {}
    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile) {}
    public var _exporters: [(UTType, (Item) async throws -> Data)] { [] }
}

public struct SentTransferredFile: Sendable {
    public let file: URL
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) { self.file = file }
}

public struct ReceivedTransferredFile: Sendable {
    public let file: URL
    public let isOriginalFile: Bool
}

/// Several representations, in the order written.
public struct _TransferRepresentationList<Item: Transferable>: TransferRepresentation {
    public let _exporters: [(UTType, (Item) async throws -> Data)]
}

/// The result builder of `transferRepresentation`.
@resultBuilder
public enum TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item { representation }
    public static func buildBlock<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item { representation }
    public static func buildBlock<R0: TransferRepresentation, R1: TransferRepresentation>(
        _ r0: R0, _ r1: R1
    ) -> _TransferRepresentationList<Item> where R0.Item == Item, R1.Item == Item {
        _TransferRepresentationList(_exporters: r0._exporters + r1._exporters)
    }
    public static func buildBlock<R0: TransferRepresentation, R1: TransferRepresentation, R2: TransferRepresentation>(
        _ r0: R0, _ r1: R1, _ r2: R2
    ) -> _TransferRepresentationList<Item> where R0.Item == Item, R1.Item == Item, R2.Item == Item {
        _TransferRepresentationList(_exporters: r0._exporters + r1._exporters + r2._exporters)
    }
    public static func buildBlock<R0: TransferRepresentation, R1: TransferRepresentation, R2: TransferRepresentation, R3: TransferRepresentation>(
        _ r0: R0, _ r1: R1, _ r2: R2, _ r3: R3
    ) -> _TransferRepresentationList<Item> where R0.Item == Item, R1.Item == Item, R2.Item == Item, R3.Item == Item {
        _TransferRepresentationList(_exporters: r0._exporters + r1._exporters + r2._exporters + r3._exporters)
    }
}

extension String: Transferable {
    public static var transferRepresentation: _TransferRepresentationList<String> {
        _TransferRepresentationList(_exporters: [(.plainText, { Data($0.utf8) }), (.utf8PlainText, { Data($0.utf8) })])
    }
}

extension URL: Transferable {
    public static var transferRepresentation: _TransferRepresentationList<URL> {
        _TransferRepresentationList(_exporters: [(.url, { Data($0.absoluteString.utf8) })])
    }
}

extension Data: Transferable {
    public static var transferRepresentation: _TransferRepresentationList<Data> {
        _TransferRepresentationList(_exporters: [(.data, { $0 })])
    }
}
