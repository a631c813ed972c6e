import Foundation

/// `SidebarRowSize`: the size of a sidebar's rows (a macOS setting). Widgets have no sidebar; the type
/// is here for code that names it.
public enum SidebarRowSize: Hashable, Sendable, CaseIterable { case small, medium, large }

private struct SidebarRowSizeKey: EnvironmentKey { static var defaultValue: SidebarRowSize { .medium } }

extension EnvironmentValues {
    /// `\.sidebarRowSize`: `.medium`, the system's default.
    public var sidebarRowSize: SidebarRowSize {
        get { self[SidebarRowSizeKey.self] }
        set { self[SidebarRowSizeKey.self] = newValue }
    }
}
