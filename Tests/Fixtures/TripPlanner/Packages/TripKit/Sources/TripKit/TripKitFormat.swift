import Foundation

public enum TripKitFormat {
    public static func countdown(days: Int) -> String { "in \(days) days" }
}
