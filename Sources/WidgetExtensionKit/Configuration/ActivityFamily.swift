import ActivityKit
import Foundation
import WidgetUI

/// `ActivityFamily` (iOS 18): the size a Live Activity is drawn at: `.medium` on an iPhone's Lock Screen
/// (what the host previews), `.small` in a watch's Smart Stack or CarPlay.
public enum ActivityFamily: Hashable, Sendable, CaseIterable { case small, medium }

private struct ActivityFamilyKey: EnvironmentKey { static var defaultValue: ActivityFamily { .medium } }
private struct ActivityFullscreenKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// `\.activityFamily`: `.small` while the `.small` view is archived (the watch's Smart Stack,
    /// CarPlay), `.medium` otherwise.
    public var activityFamily: ActivityFamily {
        get { self[ActivityFamilyKey.self] }
        set { self[ActivityFamilyKey.self] = newValue }
    }

    /// `\.isActivityFullscreen`: whether the Lock Screen presentation fills the screen (StandBy). The
    /// host scales the one archive to StandBy, so it is false.
    public var isActivityFullscreen: Bool {
        get { self[ActivityFullscreenKey.self] }
        set { self[ActivityFullscreenKey.self] = newValue }
    }
}

extension WidgetConfiguration {
    /// `.supplementalActivityFamilies(_:)`: the sizes a Live Activity also supports beyond `.medium`:
    /// with `.small`, the watch's Smart Stack and CarPlay show its own small view (`activityFamily` is
    /// `.small` there) instead of its compact views side by side.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> some WidgetConfiguration {
        modified { widget in
            guard widget.activity != nil, families.contains(.small), !widget.families.contains(._activitySmall) else { return }
            widget.families.append(._activitySmall)
        }
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
