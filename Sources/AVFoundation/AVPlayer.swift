import Foundation
import FoundationAdditions

/// `AVPlayer`: plays an item. Nothing plays here: `play()` fails the current item (its status becomes
/// `.failed`, asynchronously, as a device reports media it cannot open) and the rate stays 0.
// `@unchecked Sendable`: its state is read and written with `lock` held.
open class AVPlayer: NSObject, @unchecked Sendable {
    public enum Status: Int, Sendable { case unknown = 0, readyToPlay, failed }
    public enum TimeControlStatus: Int, Sendable { case paused = 0, waitingToPlayAtSpecifiedRate, playing }

    private let lock = NSLock()
    private var item: AVPlayerItem?
    private var storedVolume: Float = 1
    private var storedMuted = false

    public override init() { super.init() }

    public init(playerItem item: AVPlayerItem?) {
        self.item = item
        super.init()
    }

    public convenience init(url: URL) { self.init(playerItem: AVPlayerItem(url: url)) }

    open var currentItem: AVPlayerItem? { lock.withLock { item } }
    open var status: Status { .unknown }
    open var timeControlStatus: TimeControlStatus { .paused }
    open var rate: Float { 0 }
    open var error: Error? { nil }
    open var volume: Float {
        get { lock.withLock { storedVolume } }
        set { lock.withLock { storedVolume = newValue } }
    }
    open var isMuted: Bool {
        get { lock.withLock { storedMuted } }
        set { lock.withLock { storedMuted = newValue } }
    }

    open func replaceCurrentItem(with item: AVPlayerItem?) { lock.withLock { self.item = item } }
    open func currentTime() -> CMTime { .zero }
    open func seek(to time: CMTime) {}
    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        OfflinePlayback.queue.async { completionHandler(false) }
    }
    open func pause() {}

    /// Fails the current item: nothing plays here.
    open func play() {
        guard let item = currentItem else { return }
        OfflinePlayback.fail(item)
    }
}

/// What every attempt to play shares: the error, the queue the failure is announced on, and the one
/// line on standard error.
enum OfflinePlayback {
    /// Failures are announced here, off the caller's thread (as AVFoundation's status changes arrive),
    /// in the order `play()` was called.
    static let queue = DispatchQueue(label: "AVFoundation.playback")

    /// `AVError.Code.mediaServicesWereReset`'s domain, with a description that says why.
    static var unavailable: NSError {
        NSError(domain: AVFoundationErrorDomain, code: -11800, userInfo: [
            NSLocalizedDescriptionKey: "The operation could not be completed",
            NSLocalizedFailureReasonErrorKey: "Widget extensions cannot play media here (AVFoundation decodes nothing under the widget host).",
        ])
    }

    static func fail(_ item: AVPlayerItem) {
        notice.sayOnce()
        queue.async { item.fail(with: unavailable) }
    }

    private static let notice = OneTimeNotice(
        "AVFoundation: widget extensions cannot play media here; a player's item fails (status .failed, AVFoundationErrorDomain -11800)")
}

/// The domain of AVFoundation's errors.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"
