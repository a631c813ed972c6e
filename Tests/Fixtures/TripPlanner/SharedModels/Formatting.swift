// In a synchronized folder of the app target; an exception set makes it a member of the widget too.
import CoreGraphics
import Foundation

enum TripFormatting {
    static func legs(_ count: Int) -> String { count == 1 ? "1 leg" : "\(count) legs" }

    /// The side of a trip's thumbnail: Core Graphics' geometry, which the widget shares with the app.
    static let thumbnail = CGSize(width: 20, height: 20)
}
