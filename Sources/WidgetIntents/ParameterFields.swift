@_spi(Reflection) import Swift
import Foundation

/// The `@Parameter` properties of an intent value, by parameter name (the property's name, without the
/// property wrapper's underscore).
///
/// Every archived button encodes its intent, so this is on the path of every timeline reload. A
/// `Mirror` resolves each field's type by name and boxes every field on every call; instead, the
/// layout of a struct intent (which fields are parameters, at which offsets) is read from its type
/// metadata once and the parameters are then loaded straight from the value. Class intents, and any
/// type whose layout the runtime cannot describe, take the `Mirror` path.
enum ParameterFields {
    struct Field {
        let name: String
        let offset: Int
        let type: any AnyIntentParameter.Type
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var layouts: [ObjectIdentifier: [Field]?] = [:]

    static func parameters<I>(of intent: I) -> [(String, any AnyIntentParameter)] {
        guard let fields = layout(of: I.self) else {
            return Mirror(reflecting: intent).children.compactMap { child in
                guard let parameter = child.value as? any AnyIntentParameter, let label = child.label else { return nil }
                return (parameterName(label), parameter)
            }
        }
        return withUnsafeBytes(of: intent) { raw in
            fields.map { field in (field.name, load(field.type, from: raw, at: field.offset)) }
        }
    }

    /// `_amount` (the wrapper's storage) names the parameter `amount`.
    private static func parameterName(_ label: String) -> String { label.hasPrefix("_") ? String(label.dropFirst()) : label }

    private static func load<P: AnyIntentParameter>(_ type: P.Type, from raw: UnsafeRawBufferPointer, at offset: Int) -> any AnyIntentParameter {
        raw.load(fromByteOffset: offset, as: P.self)
    }

    /// The parameter fields of a struct type, or nil where the value's bytes are not its fields.
    private static func layout(of type: Any.Type) -> [Field]? {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ layouts[key] }) { return known }
        var fields: [Field]? = []
        if type is AnyClass {
            fields = nil
        } else {
            let described = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
                if let parameterType = fieldType as? any AnyIntentParameter.Type {
                    fields?.append(Field(name: parameterName(String(cString: name)), offset: offset, type: parameterType))
                }
                return true
            }
            if !described { fields = nil }
        }
        lock.withLock { layouts[key] = fields }
        return fields
    }
}
