// What the caffeine tracker's app and its widget extension share, as an Xcode project would compile this
// file into both targets: the Live Activity's attributes, and the caffeine arithmetic.
import ActivityKit
import Foundation

/// A caffeine session: from the first drink until the caffeine in your system falls below the calm line.
public struct CaffeineSessionAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable, Sendable {
        /// Milligrams still active now.
        public var activeMilligrams: Double
        /// Milligrams drunk in the session.
        public var totalMilligrams: Double
        public var drinks: Int
        public var lastDrink: String
        /// When the active caffeine falls below `CaffeineMath.calmLine`.
        public var calmAt: Date

        public init(activeMilligrams: Double, totalMilligrams: Double, drinks: Int, lastDrink: String, calmAt: Date) {
            self.activeMilligrams = activeMilligrams
            self.totalMilligrams = totalMilligrams
            self.drinks = drinks
            self.lastDrink = lastDrink
            self.calmAt = calmAt
        }
    }

    /// When the session began.
    public var startedAt: Date

    public init(startedAt: Date) { self.startedAt = startedAt }
}

/// Caffeine's half-life arithmetic.
public enum CaffeineMath {
    public static let halfLife: TimeInterval = 5 * 3600
    /// Below this many milligrams, you are calm again.
    public static let calmLine = 30.0

    /// `milligrams` active now, `elapsed` seconds later.
    public static func decayed(_ milligrams: Double, after elapsed: TimeInterval) -> Double {
        milligrams * pow(0.5, elapsed / halfLife)
    }

    /// When `milligrams` active at `now` falls below the calm line.
    public static func calm(from milligrams: Double, at now: Date) -> Date {
        guard milligrams > calmLine else { return now }
        return now.addingTimeInterval(halfLife * log2(milligrams / calmLine))
    }

    /// What a session's state has active at `now`: its calm date says how much was left then.
    public static func active(_ state: CaffeineSessionAttributes.ContentState, at now: Date) -> Double {
        calmLine * pow(2, state.calmAt.timeIntervalSince(now) / halfLife)
    }

    /// A session's state after adding a drink at `now` to `previous`.
    public static func adding(_ drink: String, milligrams: Double, to previous: CaffeineSessionAttributes.ContentState?,
                              at now: Date) -> CaffeineSessionAttributes.ContentState {
        let active = (previous.map { self.active($0, at: now) } ?? 0) + milligrams
        return CaffeineSessionAttributes.ContentState(
            activeMilligrams: active, totalMilligrams: (previous?.totalMilligrams ?? 0) + milligrams, drinks: (previous?.drinks ?? 0) + 1,
            lastDrink: drink, calmAt: calm(from: active, at: now))
    }
}
