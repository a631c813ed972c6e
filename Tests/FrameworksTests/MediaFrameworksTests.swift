@testable import AVFoundation
import AVKit
import CoreImage
import FoundationAdditions
import SafariServices
import Security
import UIKit
import XCTest

/// Key-value observing, AVFoundation's player failing as nothing plays, Core Media's time, and
/// UIKit's views and controllers in a process with no window.
final class MediaFrameworksTests: XCTestCase {
    /// An observer as `import` leaves one: the method without `override`, the protocol declared.
    final class StatusObserver: NSObject, KeyValueObserving {
        var heard: [(keyPath: String?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?)] = []
        let lock = NSLock()
        func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
            lock.withLock { heard.append((keyPath, change, context)) }
        }
        var count: Int { lock.withLock { heard.count } }
    }

    func testPlayingFailsTheItemAndItsObserversHearIt() throws {
        let item = AVPlayerItem(asset: AVURLAsset(url: URL(string: "https://camera.local/live.m3u8")!, options: nil))
        let observer = StatusObserver()
        let marker = UnsafeMutableRawPointer(bitPattern: 0x5EED)
        item.addObserver(observer, forKeyPath: "status", options: [.old, .new], context: marker)
        XCTAssertEqual(observer.count, 0, "no .initial asked for")
        XCTAssertEqual(item.status, .unknown)

        let player = AVPlayer(playerItem: item)
        player.play()
        OfflinePlayback.queue.sync {}  // the failure is announced there, in the order play() was called
        XCTAssertEqual(observer.count, 1)
        let heard = try XCTUnwrap(observer.heard.first)
        XCTAssertEqual(heard.keyPath, "status")
        XCTAssertEqual(heard.context, marker)
        XCTAssertEqual((heard.change?[.newKey] as? NSNumber)?.intValue, AVPlayerItem.Status.failed.rawValue)
        XCTAssertEqual((heard.change?[.oldKey] as? NSNumber)?.intValue, AVPlayerItem.Status.unknown.rawValue)
        XCTAssertEqual((heard.change?[.kindKey] as? NSNumber)?.uintValue, NSKeyValueChange.setting.rawValue)
        XCTAssertEqual(item.status, .failed)
        XCTAssertEqual((item.error as NSError?)?.domain, AVFoundationErrorDomain)
        XCTAssertEqual(player.rate, 0)

        // Played again, a failed item announces nothing more.
        player.play()
        let again = AVPlayer(playerItem: item)
        again.play()
        OfflinePlayback.queue.sync {}
        XCTAssertEqual(observer.count, 1)
    }

    func testRegistrationsAreRemovedInitialIsAnsweredAndOnlyObserversAreTold() throws {
        let item = AVPlayerItem(url: URL(fileURLWithPath: "/clip.mp4"))
        let observer = StatusObserver(), other = StatusObserver()
        item.addObserver(observer, forKeyPath: "status", options: [.initial, .new], context: nil)
        XCTAssertEqual(observer.count, 1, ".initial is answered at registration")
        XCTAssertEqual((observer.heard[0].change?[.newKey] as? NSNumber)?.intValue, AVPlayerItem.Status.unknown.rawValue)
        item.addObserver(other, forKeyPath: "duration", options: [.new], context: nil)
        item.removeObserver(observer, forKeyPath: "status")
        item.removeObserver(observer, forKeyPath: "status")  // twice: not an error here

        let notObserving = NSObject()
        item.addObserver(notObserving, forKeyPath: "status", options: [.new], context: nil)
        item.fail(with: NSError(domain: "test", code: 1))
        XCTAssertEqual(observer.count, 1, "removed before the change")
        XCTAssertEqual(other.count, 0, "another key path")
    }

    func testAnObserverThatIsGoneIsNotCalled() {
        let item = AVPlayerItem(url: URL(fileURLWithPath: "/clip.mp4"))
        var observer: StatusObserver? = StatusObserver()
        weak let gone = observer
        item.addObserver(observer!, forKeyPath: "status", options: [.new], context: nil)
        observer = nil
        XCTAssertNil(gone, "the table holds observers weakly")
        item.fail(with: NSError(domain: "test", code: 1))
    }

    func testMediaTimeIsExact() {
        let third = CMTime(value: 1, timescale: 3)
        XCTAssertEqual(third.seconds, 1.0 / 3.0)
        XCTAssertEqual(CMTime(value: 2, timescale: 6), third, "equal as rationals, in different timescales")
        XCTAssertLessThan(CMTime(value: 333, timescale: 1000), third)
        XCTAssertEqual(CMTime(seconds: 1.25, preferredTimescale: 600).value, 750)
        XCTAssertEqual((CMTime(seconds: 1, preferredTimescale: 600) + CMTime(value: 1, timescale: 2)).seconds, 1.5)
        XCTAssertFalse(CMTime.invalid.isValid)
        XCTAssertTrue(CMTimeGetSeconds(.invalid).isNaN)
        XCTAssertLessThan(CMTime.positiveInfinity, CMTime.invalid, "invalid times sort last")
        XCTAssertLessThan(CMTime.negativeInfinity, .zero)
        XCTAssertFalse(CMTime(value: 1, timescale: 0).isValid)
        XCTAssertFalse(CMTime(seconds: .nan, preferredTimescale: 600).isValid)
    }

    func testNothingIsDecodedOrRendered() {
        let output = AVPlayerItemVideoOutput(outputSettings: [kCVPixelBufferPixelFormatTypeKey: kCVPixelFormatType_24RGB])
        XCTAssertNil(output.copyPixelBuffer(forItemTime: .zero, itemTimeForDisplay: nil))
        XCTAssertNil(CIContext(options: nil).createCGImage(CIImage.empty(), from: .zero))
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        XCTAssertNil(CFDataGetBytePtr(nil))
        let bytes = NSData(bytes: [1, 2, 3] as [UInt8], length: 3)
        XCTAssertEqual(CFDataGetLength(bytes), 3)
        XCTAssertEqual(CFDataGetBytePtr(bytes)?[2], 3)
    }

    func testViewsKeepTheirValuesAndNothingIsPresented() {
        let screen = UIViewController()
        let image = UIImageView(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
        image.contentMode = .scaleAspectFit
        screen.view.addSubview(image)
        XCTAssertTrue(image.superview === screen.view)
        XCTAssertTrue(image.layer.superlayer === screen.view.layer)
        XCTAssertEqual(image.bounds.size, CGSize(width: 120, height: 90))
        image.frame = CGRect(x: 5, y: 5, width: 60, height: 40)
        XCTAssertEqual(image.bounds.size, CGSize(width: 60, height: 40))
        image.removeFromSuperview()
        XCTAssertTrue(screen.view.subviews.isEmpty)
        XCTAssertNil(screen.view.layer.sublayers?.first)

        let alert = UIAlertController(title: "Printer", message: "Offline", preferredStyle: .alert)
        var tapped = false
        alert.addAction(UIAlertAction(title: "Dismiss", style: .default) { _ in tapped = true })
        alert.addAction(UIAlertAction(title: "Learn More", style: .default))
        XCTAssertEqual(alert.actions.map(\.title), ["Dismiss", "Learn More"])
        var completed = false
        screen.present(alert, animated: true) { completed = true }
        screen.present(SFSafariViewController(url: URL(string: "https://octoprint.org")!), animated: false) { completed = true }
        XCTAssertFalse(completed, "a controller whose view is in no window presents nothing, and UIKit calls no completion")
        XCTAssertFalse(tapped)
        XCTAssertFalse(ProcessInfo.processInfo.isMacCatalystApp)
    }
}
