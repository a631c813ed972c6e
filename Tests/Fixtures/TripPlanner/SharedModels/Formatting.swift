// In a synchronized folder of the app target; an exception set makes it a member of the widget too.
import CoreGraphics
import Foundation

enum TripFormatting {
    static func legs(_ count: Int) -> String { count == 1 ? "1 leg" : "\(count) legs" }

    /// The side of a trip's thumbnail: Core Graphics' geometry, which the widget shares with the app,
    /// and C's `round` named by the module Apple keeps it in.
    static let thumbnail = CGSize(width: Darwin.round(19.6), height: 20)
}
