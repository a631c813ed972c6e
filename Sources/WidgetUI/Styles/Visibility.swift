import Foundation

/// `Visibility`: shown, hidden, or as the system decides (a chart's axes and legend, a toolbar). One
/// type for SwiftUI and Charts, as on Apple's platforms.
public enum Visibility: Hashable, Sendable, CaseIterable { case automatic, visible, hidden }
