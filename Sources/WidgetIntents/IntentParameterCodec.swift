import Foundation
import WidgetArchive

/// Why an intent could not be encoded or rebuilt.
package enum IntentCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter bytes do not decode (offset within them).
    case malformed(ArchiveDecodingError)
    /// A parameter's stored value has a type this codec does not persist.
    case unsupportedType(parameter: String, type: String)
    /// The archived value does not fit the parameter's type.
    case typeMismatch(parameter: String, expected: String)
    /// The archive names a parameter the intent does not declare.
    case unknownParameter(String)
    /// An entity identifier the entity's query no longer finds.
    case entityNotFound(parameter: String, identifier: String)

    package var description: String {
        switch self {
        case .malformed(let e): "malformed intent parameters: \(e)"
        case .unsupportedType(let p, let t): "parameter \(p) has unsupported type \(t)"
        case .typeMismatch(let p, let t): "parameter \(p) does not hold a \(t)"
        case .unknownParameter(let p): "unknown parameter \(p)"
        case .entityNotFound(let p, let id): "parameter \(p): no entity with identifier \(id)"
        }
    }
}

extension IntentParameterValue {
    /// The value a parameter holds, for persisting.
    init(any: Any?) throws(IntentCodingError) {
        guard let any else { self = .none; return }
        switch any {
        case let v as String: self = .string(v)
        case let v as Int: self = .int(Int64(v))
        case let v as Double: self = .double(v)
        case let v as Bool: self = .bool(v)
        case let v as Date: self = .date(v)
        case let v as URL: self = .url(v.absoluteString)
        case let v as any AppEntity: self = .entity(Self.identifier(of: v))
        case let v as any AppEnum: self = .string(v.archivedRawValue)
        default:
            let mirror = Mirror(reflecting: any)
            if mirror.displayStyle == .optional {
                if let first = mirror.children.first { try self.init(any: first.value) } else { self = .none }
                return
            }
            throw .unsupportedType(parameter: "", type: String(describing: type(of: any)))
        }
    }

    private static func identifier<E: AppEntity>(of entity: E) -> String { entity.id.entityIdentifierString }

    /// The value as `T`, resolving entities through their query. A host-written configuration may name
    /// an entity by a plain string, and numbers may arrive as either kind.
    func decode<T>(as type: T.Type) async throws -> T? {
        // An optional parameter archived unset (`none`) is nil whatever it wraps; a required one is a mismatch.
        if case .none = self { return Optional<Any>.none as? T }
        if let entityType = (T.self as? any AppEntity.Type) ?? Self.unwrapOptional(T.self) {
            switch self {
            case .entity(let id), .string(let id): return try await Self.resolve(entityType, id) as? T
            default: return nil
            }
        }
        if let enumType = (T.self as? any AppEnum.Type) ?? (T.self as? any OptionalEnumMarker.Type)?.wrappedEnumType {
            guard case .string(let raw) = self else { return nil }
            return Self.enumCase(enumType, raw) as? T
        }
        switch self {
        case .none: return nil
        case .string(let v): return v as? T
        case .int(let v): return (Int(exactly: v) as? T) ?? (Double(v) as? T)
        case .double(let v): return (v as? T) ?? (Int(exactly: v) as? T)
        case .bool(let v): return v as? T
        case .date(let v): return v as? T
        case .url(let v): return URL(string: v) as? T
        case .entity: return nil
        }
    }

    private static func unwrapOptional<T>(_: T.Type) -> (any AppEntity.Type)? {
        (T.self as? any OptionalEntityMarker.Type)?.wrappedEntityType
    }

    private static func resolve<E: AppEntity>(_ type: E.Type, _ id: String) async throws -> Any? {
        try await E._resolve(id)
    }
}

extension IntentParameterValue {
    private static func enumCase<E: AppEnum>(_ type: E.Type, _ raw: String) -> Any? { E.archivedCase(raw) }
}

protocol OptionalEnumMarker { static var wrappedEnumType: any AppEnum.Type { get } }
extension Optional: OptionalEnumMarker where Wrapped: AppEnum {
    static var wrappedEnumType: any AppEnum.Type { Wrapped.self }
}

protocol OptionalEntityMarker { static var wrappedEntityType: any AppEntity.Type { get } }
extension Optional: OptionalEntityMarker where Wrapped: AppEntity {
    static var wrappedEntityType: any AppEntity.Type { Wrapped.self }
}

/// Persists an intent's `@Parameter` values as bytes, and rebuilds an intent from them. Reflection
/// (`Mirror`) finds the parameters, as Apple's runtime does; nothing but `@Parameter` is persisted.
package enum IntentParameterCodec {
    package static func encode<I: AppIntent>(_ intent: I) throws(IntentCodingError) -> [UInt8] {
        var pairs: [(String, IntentParameterValue)] = []
        for (name, parameter) in ParameterFields.parameters(of: intent) {
            do {
                pairs.append((name, try IntentParameterValue(any: parameter.anyValue)))
            } catch {
                if case .unsupportedType(_, let type) = error { throw .unsupportedType(parameter: name, type: type) }
                throw error
            }
        }
        return IntentParameterCoding.encode(pairs)
    }

    /// The archived parameters by name, validated but not yet applied.
    package static func decodeValues(_ bytes: [UInt8]) throws(IntentCodingError) -> [(String, IntentParameterValue)] {
        do {
            return try IntentParameterCoding.decode(bytes)
        } catch {
            throw .malformed(error)
        }
    }

    /// Gives every parameter still without a value the one the system would choose
    /// (`Parameter.takeSystemDefault()`); parameters with a value are left as they are.
    package static func takeSystemDefaults<I: AppIntent>(_ intent: I) async {
        for (_, parameter) in ParameterFields.parameters(of: intent) { await parameter.takeSystemDefault() }
    }

    /// A new intent of type `I` with its archived parameters restored.
    package static func decode<I: AppIntent>(_ type: I.Type, from bytes: [UInt8]) async throws -> I {
        let values = try decodeValues(bytes)
        let intent = I()
        var parameters: [String: any AnyIntentParameter] = [:]
        // A parameter's value lives in shared storage, so restoring into these copies fills `intent`.
        for (name, parameter) in ParameterFields.parameters(of: intent) { parameters[name] = parameter }
        for (name, value) in values {
            guard let parameter = parameters[name] else { throw IntentCodingError.unknownParameter(name) }
            if case .entity(let id) = value {
                do { try await parameter.restore(value) } catch IntentCodingError.typeMismatch {
                    throw IntentCodingError.entityNotFound(parameter: name, identifier: id)
                }
            } else {
                try await parameter.restore(value)
            }
        }
        return intent
    }
}
