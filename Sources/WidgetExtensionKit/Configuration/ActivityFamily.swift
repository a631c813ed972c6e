import ActivityKit
import Foundation
import WidgetUI

/// `ActivityFamily` (iOS 18): the size a Live Activity is drawn at: `.medium` on an iPhone's Lock Screen
/// (what the host previews), `.small` in a watch's Smart Stack or CarPlay.
public enum ActivityFamily: Hashable, Sendable, CaseIterable { case small, medium }

private struct ActivityFamilyKey: EnvironmentKey { static var defaultValue: ActivityFamily { .medium } }

extension EnvironmentValues {
    /// `\.activityFamily`: `.medium`, the Lock Screen's, in every view the host draws.
    public var activityFamily: ActivityFamily {
        get { self[ActivityFamilyKey.self] }
        set { self[ActivityFamilyKey.self] = newValue }
    }
}

extension WidgetConfiguration {
    /// `.supplementalActivityFamilies(_:)`: the sizes a Live Activity also supports beyond `.medium`. The
    /// host shows the Lock Screen's only, so the list changes nothing here.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> some WidgetConfiguration {
        modified { _ in }
    }
}

extension ActivityAttributes {
    /// `previewContext(_:isStale:viewKind:)`: a `PreviewProvider`'s preview of the Live Activity for
    /// these attributes. Which of the bundle's configurations draws them is the system's to know, not the
    /// view's; the preview draws nothing and says so. `#Preview(_:as:using:widget:contentStates:)` shows
    /// the Lock Screen view.
    public func previewContext(_ contentState: ContentState, isStale: Bool = false, viewKind: ActivityPreviewViewKind) -> some View {
        EmptyView().reporting(
            "previewContext(_:viewKind:) on \(Self.self) draws nothing here: preview a Live Activity with #Preview(\"…\", as: .content, using: attributes) { widget } contentStates: { … }")
    }
}
