import Foundation

/// A Swift type a managed property may be declared with: how it reads a stored value, and what it
/// reads when nothing is stored. Non-optional scalars read zero (Apple's read zero too: the
/// Objective-C scalar of a nil attribute); optionals read nil. `import`'s rewrite of `@NSManaged`
/// reads every property through this.
public protocol ManagedAttributeValue {
    /// The value from a stored one (the attribute's `StoredForm`, a related object, or the related
    /// objects of a to-many relationship as `[NSManagedObject]`); nil when it is not of this type.
    static func _fromManaged(_ stored: Any) -> Self?
    /// What an attribute with no value reads as.
    static var _managedDefault: Self { get }
}

/// A class type a managed property may be declared with as an optional (`NSNumber?`, `NSSet?`):
/// how it reads a stored value. Declared non-optional, such a property does not compile, which
/// names the line: Xcode generates these optional.
public protocol ManagedReferenceValue {
    static func _fromManagedReference(_ stored: Any) -> Self?
}

extension Optional: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Wrapped?? {
        if let type = Wrapped.self as? any ManagedAttributeValue.Type {
            return type._fromManaged(stored).flatMap { $0 as? Wrapped }.map { .some($0) }
        }
        if let type = Wrapped.self as? any ManagedReferenceValue.Type {
            return type._fromManagedReference(stored).flatMap { $0 as? Wrapped }.map { .some($0) }
        }
        return (stored as? Wrapped).map { .some($0) }
    }

    public static var _managedDefault: Wrapped? { nil }
}

extension Int: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Int? { NumericValue.int64(stored).map { Int(clamping: $0) } }
    public static var _managedDefault: Int { 0 }
}

extension Int16: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Int16? { NumericValue.int64(stored).map { Int16(clamping: $0) } }
    public static var _managedDefault: Int16 { 0 }
}

extension Int32: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Int32? { NumericValue.int64(stored).map { Int32(clamping: $0) } }
    public static var _managedDefault: Int32 { 0 }
}

extension Int64: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Int64? { NumericValue.int64(stored) }
    public static var _managedDefault: Int64 { 0 }
}

extension Double: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Double? { NumericValue.double(stored) }
    public static var _managedDefault: Double { 0 }
}

extension Float: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Float? { NumericValue.double(stored).map { Float($0) } }
    public static var _managedDefault: Float { 0 }
}

extension Bool: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Bool? { NumericValue.bool(stored) }
    public static var _managedDefault: Bool { false }
}

extension Decimal: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Decimal? { NumericValue.decimal(stored) }
    public static var _managedDefault: Decimal { 0 }
}

extension String: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> String? { stored as? String }
    public static var _managedDefault: String { "" }
}

extension Date: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Date? { stored as? Date }
    /// The reference date (2001-01-01), which a nil date reads as through Objective-C's zero.
    public static var _managedDefault: Date { Date(timeIntervalSinceReferenceDate: 0) }
}

extension Data: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Data? { stored as? Data }
    public static var _managedDefault: Data { Data() }
}

extension UUID: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> UUID? { stored as? UUID }
    public static var _managedDefault: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}

extension URL: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> URL? { stored as? URL }
    public static var _managedDefault: URL { URL(fileURLWithPath: "/") }
}

extension Array: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> [Element]? {
        if let same = stored as? [Element] { return same }
        return (stored as? [Any])?.compactMap { $0 as? Element }
    }
    public static var _managedDefault: [Element] { [] }
}

extension Set: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> Set<Element>? {
        if let same = stored as? Set<Element> { return same }
        return (stored as? [Any]).map { Set($0.compactMap { $0 as? Element }) }
    }
    public static var _managedDefault: Set<Element> { [] }
}

extension Dictionary: ManagedAttributeValue {
    public static func _fromManaged(_ stored: Any) -> [Key: Value]? { stored as? [Key: Value] }
    public static var _managedDefault: [Key: Value] { [:] }
}

extension NSNumber: ManagedReferenceValue {
    public static func _fromManagedReference(_ stored: Any) -> Self? {
        if self == NSDecimalNumber.self || self is NSDecimalNumber.Type {
            return NumericValue.decimal(stored).map { NSDecimalNumber(decimal: $0) } as? Self
        }
        if let flag = stored as? Bool { return NSNumber(value: flag) as? Self }
        if let integer = stored as? Int64 { return NSNumber(value: integer) as? Self }
        return NumericValue.double(stored).map { NSNumber(value: $0) } as? Self
    }
}

extension NSSet: ManagedReferenceValue {
    public static func _fromManagedReference(_ stored: Any) -> Self? {
        guard let items = stored as? [Any] else { return stored as? Self }
        return (self is NSMutableSet.Type ? NSMutableSet(array: items) : NSSet(array: items)) as? Self
    }
}

extension NSOrderedSet: ManagedReferenceValue {
    public static func _fromManagedReference(_ stored: Any) -> Self? {
        guard let items = stored as? [Any] else { return stored as? Self }
        return (self is NSMutableOrderedSet.Type ? NSMutableOrderedSet(array: items) : NSOrderedSet(array: items)) as? Self
    }
}

extension NSArray: ManagedReferenceValue {
    public static func _fromManagedReference(_ stored: Any) -> Self? {
        guard let items = stored as? [Any] else { return stored as? Self }
        return NSArray(array: items) as? Self
    }
}
