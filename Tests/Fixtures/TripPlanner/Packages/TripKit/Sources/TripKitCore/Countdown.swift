import Foundation

public enum Countdown {
    public static func days(_ days: Int) -> String { "in \(days) days" }
}
