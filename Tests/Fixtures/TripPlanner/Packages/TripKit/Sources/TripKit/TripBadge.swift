import SwiftUI
import TripStyle

/// A capsule with a label, shared by the app and its widget. Its ink is a colour set of the
/// package's own asset catalog, read through `Bundle.module` as SwiftPM gives a target with resources.
public struct TripBadge: View {
    let text: String

    public init(_ text: String) { self.text = text }

    public var body: some View {
        Text(text)
            .font(.caption)
            .foregroundStyle(Color("BadgeInk", bundle: .module))
            .padding(.horizontal, 6)
            .background(Capsule().fill(TripStyle.badgeFill))
    }
}
