import SwiftUI
import TripStyle

/// A capsule with a label, shared by the app and its widget.
public struct TripBadge: View {
    let text: String

    public init(_ text: String) { self.text = text }

    public var body: some View {
        Text(text)
            .font(.caption)
            .padding(.horizontal, 6)
            .background(Capsule().fill(TripStyle.badgeFill))
    }
}
