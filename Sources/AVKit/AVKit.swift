// The `AVKit` compat module: the player view controller, which app code shared with a widget may name.
// As on Apple's platforms, `import AVKit` brings AVFoundation and UIKit. Nothing is shown or played
// here (see AVFoundation and `UIViewController`).
@_exported import AVFoundation
@_exported import UIKit

/// `AVPlayerViewController`: a controller that would show `player`'s video.
open class AVPlayerViewController: UIViewController, @unchecked Sendable {
    open var player: AVPlayer?
    open var showsPlaybackControls = true
    open var videoGravity = AVLayerVideoGravity.resizeAspect
    open var allowsPictureInPicturePlayback = true
}

/// `AVLayerVideoGravity`: how video fills its bounds.
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
}
