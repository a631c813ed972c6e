import Foundation
import FoundationAdditions

/// `AVPlayerItem`: an asset's presentation state. Its `status` is observable with key-value observing
/// (`addObserver(_:forKeyPath: "status", …)`, `#keyPath(AVPlayerItem.status)` as `import` respells it):
/// it goes from `.unknown` to `.failed` when a player tries to play it, since nothing plays here.
// `@unchecked Sendable`: `status`, `error` and `outputs` are read and written with `lock` held.
open class AVPlayerItem: NSObject, KeyValueObservable, @unchecked Sendable {
    public enum Status: Int, Sendable {
        case unknown = 0, readyToPlay, failed
    }

    public let asset: AVAsset
    private let lock = NSLock()
    private var storedStatus = Status.unknown
    private var storedError: Error?
    private var storedOutputs: [AVPlayerItemOutput] = []

    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }

    open var status: Status { lock.withLock { storedStatus } }
    open var error: Error? { lock.withLock { storedError } }
    open var outputs: [AVPlayerItemOutput] { lock.withLock { storedOutputs } }
    open var duration: CMTime { asset.duration }
    open func currentTime() -> CMTime { .zero }

    open func add(_ output: AVPlayerItemOutput) { lock.withLock { storedOutputs.append(output) } }
    open func remove(_ output: AVPlayerItemOutput) { lock.withLock { storedOutputs.removeAll { $0 === output } } }

    package func observedValue(forKeyPath keyPath: String) -> Any? {
        keyPath == "status" ? NSNumber(value: status.rawValue) : nil
    }

    /// Fails the item (once): the status and error change, then the observers of `status` are told.
    func fail(with error: Error) {
        let old = lock.withLock { () -> Status? in
            guard storedStatus != .failed else { return nil }
            defer {
                storedStatus = .failed
                storedError = error
            }
            return storedStatus
        }
        guard let old else { return }
        announceChange(ofKeyPath: "status", old: NSNumber(value: old.rawValue), new: NSNumber(value: Status.failed.rawValue))
    }
}

/// `AVPlayerItemOutput`: where an item's decoded media would go.
// `@unchecked Sendable`: immutable.
open class AVPlayerItemOutput: NSObject, @unchecked Sendable {}

/// `AVPlayerItemVideoOutput`: an item's video frames as pixel buffers. No frame is ever decoded here.
open class AVPlayerItemVideoOutput: AVPlayerItemOutput, @unchecked Sendable {
    public let outputSettings: [String: Any]?

    public init(outputSettings: [String: Any]?) {
        self.outputSettings = outputSettings
        super.init()
    }

    public convenience init(pixelBufferAttributes: [String: Any]?) { self.init(outputSettings: pixelBufferAttributes) }

    open func hasNewPixelBuffer(forItemTime itemTime: CMTime) -> Bool { false }

    /// The frame shown at `itemTime`: nil, as there is none.
    open func copyPixelBuffer(forItemTime itemTime: CMTime, itemTimeForDisplay outItemTimeForDisplay: UnsafeMutablePointer<CMTime>?) -> CVPixelBuffer? {
        nil
    }
}
