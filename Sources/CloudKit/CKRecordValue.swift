import CoreLocation
import Foundation

/// `CKRecordValue`: what a record field can hold, as Apple lists it: strings, numbers, booleans,
/// dates, data, references, assets, locations, and arrays of those (Foundation's classes too).
/// On Apple's platforms the Swift values bridge to Objective-C objects; here they conform directly,
/// so `record["name"] = "Milk"` and `"Milk" as CKRecordValue` compile alike.
public protocol CKRecordValue {}

/// `CKRecordValueProtocol` (iOS 15), the constraint of the typed subscript `let n: Int? = record["n"]`:
/// the same set of values.
public typealias CKRecordValueProtocol = CKRecordValue

extension String: CKRecordValue {}
extension Bool: CKRecordValue {}
extension Int: CKRecordValue {}
extension Int8: CKRecordValue {}
extension Int16: CKRecordValue {}
extension Int32: CKRecordValue {}
extension Int64: CKRecordValue {}
extension UInt: CKRecordValue {}
extension UInt8: CKRecordValue {}
extension UInt16: CKRecordValue {}
extension UInt32: CKRecordValue {}
extension UInt64: CKRecordValue {}
extension Double: CKRecordValue {}
extension Float: CKRecordValue {}
extension Date: CKRecordValue {}
extension Data: CKRecordValue {}
extension Array: CKRecordValue where Element: CKRecordValue {}
extension NSString: CKRecordValue {}
extension NSNumber: CKRecordValue {}
extension NSDate: CKRecordValue {}
extension NSData: CKRecordValue {}
extension NSArray: CKRecordValue {}
extension CLLocation: CKRecordValue {}

/// How a value is kept in a record: numbers and booleans as `NSNumber`, as CloudKit keeps them, so a
/// field written as `true` reads back `as? Bool`, `as? Int` (1) and `as? NSNumber` alike, and one
/// written as an `Int` reads `as? Double`; Foundation's strings, dates and data as Swift's, so either
/// reads back as the Swift type.
enum RecordValueStorage {
    static func stored(_ value: (any CKRecordValue)?) -> (any CKRecordValue)? {
        switch value {
        case let v as NSNumber: v
        case let v as NSString: String(v)
        case let v as NSDate: Date(timeIntervalSinceReferenceDate: v.timeIntervalSinceReferenceDate)
        case let v as NSData: Data(v)
        case let v as Bool: NSNumber(value: v)
        case let v as Int: NSNumber(value: v)
        case let v as Int8: NSNumber(value: v)
        case let v as Int16: NSNumber(value: v)
        case let v as Int32: NSNumber(value: v)
        case let v as Int64: NSNumber(value: v)
        case let v as UInt: NSNumber(value: v)
        case let v as UInt8: NSNumber(value: v)
        case let v as UInt16: NSNumber(value: v)
        case let v as UInt32: NSNumber(value: v)
        case let v as UInt64: NSNumber(value: v)
        case let v as Double: NSNumber(value: v)
        case let v as Float: NSNumber(value: v)
        default: value
        }
    }

    /// The value as an object a keyed archive holds, if it is a property-list value.
    static func archivable(_ value: any CKRecordValue) -> NSObject? {
        switch value {
        case let v as String: NSString(string: v)
        case let v as NSNumber: v
        case let v as Date: NSDate(timeIntervalSinceReferenceDate: v.timeIntervalSinceReferenceDate)
        case let v as Data: NSData(data: v)
        case let v as [any CKRecordValue]:
            v.allSatisfy { archivable($0) != nil } ? NSArray(array: v.compactMap { archivable($0) }) : nil
        default: nil
        }
    }
}
