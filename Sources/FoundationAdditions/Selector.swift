import Foundation

/// A method to call on a target, standing for the Objective-C selector that Apple's target-action APIs
/// take. `widget-host import` respells `#selector(Type.method(_:))` as `Selector(Type.method(_:))`:
/// a Swift method reference, which calls the method without a runtime that looks it up by name.
// `@unchecked Sendable`: as Apple's `Selector`; the closure is called where the API calls it.
public struct Selector: @unchecked Sendable {
    let call: (AnyObject?, Any?) -> Void
    /// The method's name, for messages.
    public let name: String

    /// `Type.method`: a method with no argument, called on the target.
    public init<Target: AnyObject>(_ method: @escaping (Target) -> () -> Void) {
        name = "\(Target.self).method"
        call = { target, _ in (target as? Target).map { method($0)() } }
    }

    /// `Type.method(_:)`: a method taking the sender (a notification, a timer), called on the target.
    public init<Target: AnyObject, Argument>(_ method: @escaping (Target) -> (Argument) -> Void) {
        name = "\(Target.self).method(_:)"
        call = { target, argument in
            guard let target = target as? Target else { return }
            if let argument = argument as? Argument { method(target)(argument) }
        }
    }

    /// `method` named inside the class: already bound to its instance.
    public init(_ bound: @escaping () -> Void) {
        name = "method"
        call = { _, _ in bound() }
    }

    /// `method(_:)` named inside the class: already bound to its instance.
    public init<Argument>(_ bound: @escaping (Argument) -> Void) {
        name = "method(_:)"
        call = { _, argument in (argument as? Argument).map(bound) }
    }

    /// Calls the method on `target` with `argument`, as the runtime would send the message.
    public func perform(on target: AnyObject?, with argument: Any?) { call(target, argument) }
}

extension NotificationCenter {
    /// `addObserver(_:selector:name:object:)`: the observer's method is called with each notification,
    /// until the observer is gone (it is held weakly, as the system holds it).
    public func addObserver(_ observer: AnyObject, selector: Selector, name: Notification.Name?, object: Any?) {
        let token = ObserverToken(observer)
        token.observation = addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            guard let target = token.observer else {
                if let observation = token.observation { self?.removeObserver(observation) }
                return
            }
            selector.perform(on: target, with: notification)
        }
    }
}

// `@unchecked Sendable`: written once, before the first notification can read it; the observer
// is called where the notification is posted, as Apple's center calls it.
private final class ObserverToken: @unchecked Sendable {
    weak var observer: AnyObject?
    var observation: NSObjectProtocol?
    init(_ observer: AnyObject) { self.observer = observer }
}

extension Timer {
    /// `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`: the target's method is called
    /// with the timer on each firing.
    @discardableResult
    public class func scheduledTimer(timeInterval: TimeInterval, target: AnyObject, selector: Selector, userInfo: Any?, repeats: Bool) -> Timer {
        let token = ObserverToken(target)
        return scheduledTimer(withTimeInterval: timeInterval, repeats: repeats) { timer in selector.perform(on: token.observer, with: timer) }
    }
}
