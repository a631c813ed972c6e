// In a synchronized folder of the app target; an exception set makes it a member of the widget too.
import Foundation

enum TripFormatting {
    static func legs(_ count: Int) -> String { count == 1 ? "1 leg" : "\(count) legs" }
}
