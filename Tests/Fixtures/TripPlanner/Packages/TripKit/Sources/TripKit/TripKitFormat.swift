import Foundation
import TripKitCore

public enum TripKitFormat {
    public static func countdown(days: Int) -> String { Countdown.days(days) }
}
