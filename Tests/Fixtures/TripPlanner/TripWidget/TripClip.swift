// A trip's preview clip. The app takes a thumbnail from it with AVFoundation and watches the player
// item's status the Objective-C way, as older app code does (`#keyPath`, an override of
// `observeValue`), which `import` respells for Swift. Nothing plays in a widget: the item fails.
import AVKit
import Foundation

final class TripClipThumbnailer: NSObject {
    private var player: AVPlayer?
    private let done: (String) -> Void

    init(done: @escaping (String) -> Void) {
        self.done = done
    }

    func start(url: URL) {
        let item = AVPlayerItem(asset: AVURLAsset(url: url, options: ["AVURLAssetHTTPHeaderFieldsKey": ["Accept": "video/*"]]))
        // Watch the status; "status" here is a string, not the key path.
        item.addObserver(self, forKeyPath: #keyPath(AVPlayerItem.status), options: [.old, .new], context: nil)
        player = AVPlayer(playerItem: item)
        player?.volume = 0
        player?.play()
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
        if keyPath == #keyPath(AVPlayerItem.status), let number = change?[.newKey] as? NSNumber,
           let status = AVPlayerItem.Status(rawValue: number.intValue) {
            (object as? AVPlayerItem)?.removeObserver(self, forKeyPath: #keyPath(AVPlayerItem.status))
            done(status == .failed ? "clip failed" : "clip ready")
        } else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
        }
    }
}
