import Foundation
import SwiftUI
import UIKit
import XCTest

/// UIKit as the corpus's apps call it (Clok's colour casts, OctoPod's camera orientation, PathWidget's
/// monospaced font).
final class UIKitCallFormTests: XCTestCase {
    /// daysleft's `Notification+Name.swift` names the foreground notification a widget listens for;
    /// an extension has no `UIApplication.shared` on iOS, nor here.
    func testApplicationNotificationNames() {
        XCTAssertEqual(UIApplication.willEnterForegroundNotification.rawValue, "UIApplicationWillEnterForegroundNotification")
        XCTAssertNotEqual(UIApplication.didBecomeActiveNotification, UIApplication.willResignActiveNotification)
    }

    /// anytype's deep links decode HTML entities by reading the link as an HTML document
    /// (anyproto/anytype-swift, `Modules/DeepLinks/Sources/DeepLinks/String+Extension.swift`).
    func testHTMLDocumentsReadAsText() throws {
        let link = try NSAttributedString(data: Data("https://x.io/?a=1&amp;b=&#50;&#x33;".utf8),
                                          options: [.documentType: NSAttributedString.DocumentType.html, .characterEncoding: String.Encoding.utf8.rawValue],
                                          documentAttributes: nil)
        XCTAssertEqual(link.string, "https://x.io/?a=1&b=23")
        let page = try NSAttributedString(data: Data("<p>One &lt;b&gt;</p><p>Two<br/>lines</p>".utf8),
                                          options: [.documentType: NSAttributedString.DocumentType.html], documentAttributes: nil)
        XCTAssertEqual(page.string, "One <b>\nTwo\nlines\n")
        XCTAssertThrowsError(try NSAttributedString(data: Data("{\\rtf1}".utf8), options: [.documentType: NSAttributedString.DocumentType.rtf],
                                                    documentAttributes: nil))
    }

    /// Zeitgeist copies a deployment's URL (`Shared/Helpers/Pasteboard.swift`); what is put on the
    /// pasteboard reads back in the same process.
    func testPasteboardKeepsWhatThisProcessCopies() {
        let board = UIPasteboard()
        XCTAssertFalse(board.hasStrings)
        board.string = "https://vercel.app"
        board.url = URL(string: "https://vercel.app")
        XCTAssertEqual(board.string, "https://vercel.app")
        XCTAssertEqual(board.urls, [URL(string: "https://vercel.app")!])
        XCTAssertTrue(board.hasStrings && board.hasURLs)
        board.setValue(Data([1, 2]), forPasteboardType: "public.data")
        XCTAssertEqual(board.data(forPasteboardType: "public.data"), Data([1, 2]))
    }

    func testColorComponents() {
        var (r, g, b, a) = (CGFloat.zero, CGFloat.zero, CGFloat.zero, CGFloat.zero)
        UIColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.8).getRed(&r, green: &g, blue: &b, alpha: &a)
        XCTAssertEqual([r, g, b, a], [1, 0.5, 0.25, 0.8])
        XCTAssertTrue(UIColor.systemBlue.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual(r, 0, accuracy: 1e-9)
        XCTAssertEqual(g, 122.0 / 255, accuracy: 1e-9, "the light appearance")
        XCTAssertEqual(b, 1, accuracy: 1e-9)
        XCTAssertEqual(a, 1, accuracy: 1e-9)
        UIColor.red.withAlphaComponent(0.5).getRed(&r, green: nil, blue: nil, alpha: &a)
        XCTAssertEqual(a, 0.5, accuracy: 1e-9)
        var white = CGFloat.zero
        UIColor(white: 0.25, alpha: 1).getWhite(&white, alpha: nil)
        XCTAssertEqual(white, 0.25, accuracy: 1e-9)
    }

    func testImageOrientationAndCGImage() throws {
        let orientation = try XCTUnwrap(UIImage.Orientation(rawValue: 3))
        XCTAssertEqual(orientation, .right)
        let image = UIImage()
        XCTAssertNil(image.cgImage)
        XCTAssertEqual(image.imageOrientation, .up)
        var received = image
        if let cgImage = received.cgImage, orientation != .up {
            received = UIImage(cgImage: cgImage, scale: 1, orientation: orientation)
        }
        XCTAssertTrue(received === image, "without a bitmap the image is kept")
    }

    func testMonospacedSystemFont() {
        let font = UIFont.monospacedSystemFont(ofSize: 13, weight: .semibold)
        XCTAssertEqual(font.pointSize, 13)
        XCTAssertEqual(Font(font), .system(size: 13, weight: .semibold, design: .monospaced))
    }
}
