import Foundation

/// `SchedulerTimeIntervalConvertible`: a stride made of seconds (`.seconds(1)`, `.milliseconds(300)`).
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// `Scheduler`: where and when a publisher's events are delivered.
public protocol Scheduler {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }
}

/// A stride of seconds, as the schedulers here measure time.
public struct SecondsStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable, ExpressibleByFloatLiteral {
    public var seconds: Double
    public init(_ seconds: Double) { self.seconds = seconds }
    public init(floatLiteral value: Double) { seconds = value }
    public init(integerLiteral value: Int) { seconds = Double(value) }
    public init?<T: BinaryInteger>(exactly source: T) { seconds = Double(source) }
    public var magnitude: Double { abs(seconds) }
    public static func seconds(_ s: Int) -> Self { Self(Double(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }
    public static func < (a: Self, b: Self) -> Bool { a.seconds < b.seconds }
    public static func + (a: Self, b: Self) -> Self { Self(a.seconds + b.seconds) }
    public static func - (a: Self, b: Self) -> Self { Self(a.seconds - b.seconds) }
    public static func * (a: Self, b: Self) -> Self { Self(a.seconds * b.seconds) }
    public static func += (a: inout Self, b: Self) { a = a + b }
    public static func -= (a: inout Self, b: Self) { a = a - b }
    public static func *= (a: inout Self, b: Self) { a = a * b }
}

extension DispatchQueue: Scheduler {
    /// `DispatchQueue.SchedulerTimeType`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public let dispatchTime: DispatchTime
        public init(_ time: DispatchTime) { dispatchTime = time }
        public typealias Stride = SecondsStride
        public func distance(to other: Self) -> Stride {
            Stride(Double(Int64(other.dispatchTime.uptimeNanoseconds) - Int64(dispatchTime.uptimeNanoseconds)) / 1e9)
        }
        public func advanced(by n: Stride) -> Self { Self(dispatchTime + n.seconds) }
        public static func == (a: Self, b: Self) -> Bool { a.dispatchTime == b.dispatchTime }
        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }
    }

    public struct SchedulerOptions {}

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { async(execute: action) }
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        asyncAfter(deadline: date.dispatchTime, execute: action)
    }
}

extension RunLoop: Scheduler {
    /// `RunLoop.SchedulerTimeType`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public let date: Date
        public init(_ date: Date) { self.date = date }
        public typealias Stride = SecondsStride
        public func distance(to other: Self) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> Self { Self(date.addingTimeInterval(n.seconds)) }
    }

    public struct SchedulerOptions {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }
    /// The main run loop's work goes to the main queue, which an extension's main thread runs.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { DispatchQueue.main.async(execute: action) }
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, date.date.timeIntervalSinceNow), execute: action)
    }
}

extension OperationQueue: Scheduler {
    public typealias SchedulerTimeType = RunLoop.SchedulerTimeType
    public struct SchedulerOptions {}
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { addOperation(action) }
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, date.date.timeIntervalSinceNow)) { self.addOperation(action) }
    }
}

/// `ImmediateScheduler`: runs at once, on the caller's thread (what tests step through).
public struct ImmediateScheduler: Scheduler, Sendable {
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public typealias Stride = SecondsStride
        public func distance(to other: Self) -> Stride { .seconds(0) }
        public func advanced(by n: Stride) -> Self { self }
    }
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()
    public var now: SchedulerTimeType { SchedulerTimeType() }
    public var minimumTolerance: SchedulerTimeType.Stride { .seconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }
}

extension Timer {
    /// `Timer.publish(every:tolerance:on:in:options:)`: the date, every interval, once connected.
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
                               options: RunLoop.SchedulerOptions? = nil) -> TimerPublisher {
        TimerPublisher(interval: interval)
    }

    /// `Timer.TimerPublisher`.
    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = Date
        public typealias Failure = Never
        let interval: TimeInterval
        private let subject = PassthroughSubject<Date, Never>()
        private var timer: DispatchSourceTimer?

        init(interval: TimeInterval) { self.interval = max(0.001, interval) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never { subject.receive(subscriber: subscriber) }

        public func connect() -> any Cancellable {
            let source = DispatchSource.makeTimerSource(queue: .main)
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { [weak self] in self?.subject.send(Date()) }
            source.resume()
            timer = source
            return AnyCancellable { source.cancel() }
        }
    }
}

/// `ConnectablePublisher`: starts when connected (`autoconnect()` connects on the first subscriber).
public protocol ConnectablePublisher: Publisher {
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    public func autoconnect() -> AnyPublisher<Output, Failure> {
        let connection = ConnectionBox()
        return AnyPublisher { downstream in
            receive(subscriber: downstream)
            if connection.cancellable == nil { connection.cancellable = connect() }
        }
    }
}

final class ConnectionBox { var cancellable: (any Cancellable)? }

extension NotificationCenter {
    /// `NotificationCenter.Publisher`: the notifications of a name.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let downstream = AnySubscriber(subscriber)
            let token = center.addObserver(forName: name, object: object, queue: nil) { _ = downstream.receive($0) }
            let center = center
            downstream.receive(subscription: ClosureSubscription { center.removeObserver(token) })
        }
    }

    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }
}
