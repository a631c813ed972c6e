import Foundation

/// `ContentMarginPlacement`: which content a view's margins apply to.
public struct ContentMarginPlacement: Hashable, Sendable {
    let name: String
    public static let automatic = ContentMarginPlacement(name: "automatic")
    public static let scrollContent = ContentMarginPlacement(name: "scrollContent")
    public static let scrollIndicators = ContentMarginPlacement(name: "scrollIndicators")
}

nonisolated extension View {
    // `.contentMargins(_:_:for:)` (iOS 17): the margins of scrollable content inside the view. A widget
    // scrolls nothing (scroll views draw as placeholders), so they change nothing here; a widget's own
    // margins are the configuration's (`.contentMarginsDisabled()`).

    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> some View {
        self
    }

    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        self
    }

    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic) -> some View { self }
}
