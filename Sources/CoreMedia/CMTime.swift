// The `CoreMedia` compat module: media time (`CMTime`), which AVFoundation's API speaks. Time values are
// exact rationals and behave as Apple's; there is no media here to time.
@_exported import Foundation

public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32
public typealias CMTimeEpoch = Int64

/// `CMTime`: a time as a rational number of seconds, `value / timescale`.
public struct CMTime: Hashable, Comparable, Sendable {
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let valid = Flags(rawValue: 1)
        public static let hasBeenRounded = Flags(rawValue: 2)
        public static let positiveInfinity = Flags(rawValue: 4)
        public static let negativeInfinity = Flags(rawValue: 8)
        public static let indefinite = Flags(rawValue: 16)
    }

    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: Flags
    public var epoch: CMTimeEpoch

    public init(value: CMTimeValue, timescale: CMTimeScale, flags: Flags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// A valid time of `value / timescale` seconds; a timescale that is not positive makes it invalid,
    /// as Apple's does.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `seconds` rounded to the nearest `1 / preferredTimescale`.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard seconds.isFinite, preferredTimescale > 0 else {
            self.init(value: 0, timescale: 0, flags: [], epoch: 0)
            return
        }
        let scaled = (seconds * Double(preferredTimescale)).rounded()
        let clamped = Swift.max(Double(Int64.min), Swift.min(Double(Int64.max), scaled))
        self.init(value: Int64(clamped), timescale: preferredTimescale)
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    public var isValid: Bool { flags.contains(.valid) }
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: [.indefinite, .positiveInfinity, .negativeInfinity]) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }

    /// The time in seconds: NaN for an invalid or indefinite time, ±infinity for the infinities.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) == 0 }
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) < 0 }
    public func hash(into hasher: inout Hasher) { hasher.combine(seconds) }

    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeAdd(lhs, rhs) }
    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeSubtract(lhs, rhs) }
}

public func CMTimeMake(value: CMTimeValue, timescale: CMTimeScale) -> CMTime { CMTime(value: value, timescale: timescale) }
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: CMTimeScale) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// Orders two times as Apple's does: invalid times after everything, then the infinities at their
/// ends, numeric times by their exact value (compared without rounding, by cross-multiplying).
public func CMTimeCompare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
    func rank(_ time: CMTime) -> Int {
        if !time.isValid { return 3 }
        if time.isNegativeInfinity { return -1 }
        if time.isPositiveInfinity || time.isIndefinite { return 2 }
        return 0
    }
    let (left, right) = (rank(lhs), rank(rhs))
    if left != right { return left < right ? -1 : 1 }
    guard left == 0 else { return 0 }
    let a = lhs.value.multipliedFullWidth(by: Int64(rhs.timescale))
    let b = rhs.value.multipliedFullWidth(by: Int64(lhs.timescale))
    if a.high != b.high { return a.high < b.high ? -1 : 1 }
    if a.low != b.low { return a.low < b.low ? -1 : 1 }
    return 0
}

/// The sum, in the larger of the two timescales.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    guard lhs.isNumeric, rhs.isNumeric else { return lhs.isValid && rhs.isValid ? .indefinite : .invalid }
    let scale = Swift.max(lhs.timescale, rhs.timescale)
    return CMTime(seconds: lhs.seconds + rhs.seconds, preferredTimescale: scale)
}

/// The difference, in the larger of the two timescales.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime {
    guard lhs.isNumeric, rhs.isNumeric else { return lhs.isValid && rhs.isValid ? .indefinite : .invalid }
    let scale = Swift.max(lhs.timescale, rhs.timescale)
    return CMTime(seconds: lhs.seconds - rhs.seconds, preferredTimescale: scale)
}
