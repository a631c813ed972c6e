import SwiftUI

/// The design system's colours, shared by every package of the app.
public enum TripStyle {
    public static let badgeFill = Color.orange.opacity(0.3)
}
