import Foundation

// Core Data code passes predicate arguments as `CVarArg` (`id as CVarArg`, `date as CVarArg`,
// `ids as CVarArg`), which compiles on Apple's platforms because these bridge to Objective-C
// objects. Linux's Foundation has no such conformances, so these declare them: the predicate parser
// reads the values as they are; `String(format:)` and `withVaList` get the bridged object, as on
// Apple's platforms (`_CVarArgObject`).

extension NSObject {
    /// The object as a C variadic argument: its address, as Foundation passes `NSString`.
    fileprivate var objectArgumentEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSDate: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSNumber: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSArray: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSSet: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSOrderedSet: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSUUID: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSURL: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSData: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSDictionary: @retroactive CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSManagedObject: CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }
extension NSManagedObjectID: CVarArg { public var _cVarArgEncoding: [Int] { objectArgumentEncoding } }

extension UUID: @retroactive CVarArg, @retroactive _CVarArgObject {
    public var _cVarArgObject: CVarArg { NSUUID(uuidString: uuidString) ?? NSUUID() }
    public var _cVarArgEncoding: [Int] { _cVarArgObject._cVarArgEncoding }
}

extension Date: @retroactive CVarArg, @retroactive _CVarArgObject {
    public var _cVarArgObject: CVarArg { NSDate(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate) }
    public var _cVarArgEncoding: [Int] { _cVarArgObject._cVarArgEncoding }
}

extension URL: @retroactive CVarArg, @retroactive _CVarArgObject {
    public var _cVarArgObject: CVarArg { NSURL(string: absoluteString) ?? NSURL(fileURLWithPath: "/") }
    public var _cVarArgEncoding: [Int] { _cVarArgObject._cVarArgEncoding }
}

extension Data: @retroactive CVarArg, @retroactive _CVarArgObject {
    public var _cVarArgObject: CVarArg { NSData(data: self) }
    public var _cVarArgEncoding: [Int] { _cVarArgObject._cVarArgEncoding }
}

extension Array: @retroactive CVarArg, @retroactive _CVarArgObject {
    public var _cVarArgObject: CVarArg { NSArray(array: map { $0 as Any }) }
    public var _cVarArgEncoding: [Int] { _cVarArgObject._cVarArgEncoding }
}

extension Set: @retroactive CVarArg, @retroactive _CVarArgObject {
    public var _cVarArgObject: CVarArg { NSSet(array: map { $0 as Any }) }
    public var _cVarArgEncoding: [Int] { _cVarArgObject._cVarArgEncoding }
}
