import Foundation

// Key-value observing as apps write it for Apple's Objective-C runtime: `addObserver(_:forKeyPath:
// options:context:)` on the observed object, `observeValue(forKeyPath:of:change:context:)` overridden
// in the observer. Linux's Foundation has neither. Here the registrations are kept in a table, and the
// classes of this package whose properties apps observe (`AVPlayerItem.status`) announce their changes
// to it. An observer is reached through `KeyValueObserving`: `import` respells an `override` of
// `observeValue` in a direct subclass of `NSObject` (which cannot override a method added by an
// extension) into a method of that protocol, and `#keyPath(Type.name)` into the string `"name"`.

/// `NSKeyValueObservingOptions`: which values a change notification carries, and whether one is sent
/// at registration.
public struct NSKeyValueObservingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// `NSKeyValueChangeKey`: the keys of a change dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// `NSKeyValueChange`: the kind of change, under `.kindKey`; a property set is `.setting`.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1, insertion, removal, replacement
}

/// An object that receives key-value observing notifications. On Apple's platforms every `NSObject`
/// does; here an observer class conforms, which `import` writes for the classes it respells.
public protocol KeyValueObserving: AnyObject {
    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?)
}

/// A class of this package whose properties can be observed: it gives the current value for the
/// `.initial` notification and for `.old`.
package protocol KeyValueObservable: AnyObject {
    func observedValue(forKeyPath keyPath: String) -> Any?
}

extension NSObject {
    /// Registers `observer` for changes of `keyPath`. A change reaches it only if it is
    /// `KeyValueObserving` and the property is one this package announces; `.initial` answers at once.
    public func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [], context: UnsafeMutableRawPointer?) {
        ObservationTable.shared.add(observer, to: self, keyPath: keyPath, options: options, context: context)
        guard options.contains(.initial), let observer = observer as? KeyValueObserving else { return }
        let current = (self as? KeyValueObservable)?.observedValue(forKeyPath: keyPath)
        observer.observeValue(forKeyPath: keyPath, of: self, change: Self.change(options: options.subtracting(.old), old: nil, new: current), context: context)
    }

    /// Removes every registration of `observer` for `keyPath`. Unlike Apple's, removing one that was
    /// never added is not an error.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        ObservationTable.shared.remove(observer, from: self, keyPath: keyPath, context: nil, matchingContext: false)
    }

    /// Removes the registration of `observer` for `keyPath` made with `context`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        ObservationTable.shared.remove(observer, from: self, keyPath: keyPath, context: context, matchingContext: true)
    }

    /// What `super.observeValue(forKeyPath:of:change:context:)` reaches in a direct subclass of
    /// `NSObject`, as `import` respells it: `NSObject`'s own, which on Apple's platforms raises for a
    /// notification no class handled. Here it does nothing.
    public func unhandledObservation(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}

    /// Tells the observers of `keyPath` on this object that it changed from `old` to `new`, on the
    /// calling thread, as Apple's notifications are sent.
    package func announceChange(ofKeyPath keyPath: String, old: Any?, new: Any?) {
        for registration in ObservationTable.shared.registrations(of: self, keyPath: keyPath) {
            guard let observer = registration.observer as? KeyValueObserving else { continue }
            observer.observeValue(forKeyPath: keyPath, of: self, change: Self.change(options: registration.options, old: old, new: new),
                                  context: registration.context)
        }
    }

    /// A property set's change dictionary, with the values `options` asks for.
    private static func change(options: NSKeyValueObservingOptions, old: Any?, new: Any?) -> [NSKeyValueChangeKey: Any] {
        var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSNumber(value: NSKeyValueChange.setting.rawValue)]
        if options.contains(.new), let new { change[.newKey] = new }
        if options.contains(.old), let old { change[.oldKey] = old }
        return change
    }
}

/// Every registration of the process. Observed objects and observers are held weakly: a registration
/// whose either end is gone is dropped (Apple's crashes instead).
final class ObservationTable: @unchecked Sendable {
    struct Registration {
        weak var object: NSObject?
        weak var observer: NSObject?
        let keyPath: String
        let options: NSKeyValueObservingOptions
        let contextAddress: Int

        var context: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: contextAddress) }
        var isLive: Bool { object != nil && observer != nil }
    }

    static let shared = ObservationTable()
    // `@unchecked Sendable`: `table` is only touched with `lock` held.
    private let lock = NSLock()
    private var table: [Registration] = []

    func add(_ observer: NSObject, to object: NSObject, keyPath: String, options: NSKeyValueObservingOptions, context: UnsafeMutableRawPointer?) {
        let registration = Registration(object: object, observer: observer, keyPath: keyPath, options: options, contextAddress: Int(bitPattern: context))
        lock.withLock {
            table.removeAll { !$0.isLive }
            table.append(registration)
        }
    }

    func remove(_ observer: NSObject, from object: NSObject, keyPath: String, context: UnsafeMutableRawPointer?, matchingContext: Bool) {
        let address = Int(bitPattern: context)
        lock.withLock {
            table.removeAll { registration in
                !registration.isLive
                    || (registration.object === object && registration.observer === observer && registration.keyPath == keyPath
                        && (!matchingContext || registration.contextAddress == address))
            }
        }
    }

    func registrations(of object: NSObject, keyPath: String) -> [Registration] {
        lock.withLock { table.filter { $0.object === object && $0.keyPath == keyPath && $0.isLive } }
    }
}
