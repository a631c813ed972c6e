import CoreGraphics
import Foundation
import WidgetArchive

// App-side SwiftUI that shared files compile into widget targets: menus, drop targets, navigation
// chrome, alerts, hover and geometry callbacks. A widget is drawn from its archive and never
// interacted with this way, so each archives its content unchanged and tells the author once.

nonisolated extension View {
    /// `.onReceive(_:perform:)`: an archived widget receives no events (its timeline brings changes).
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        inert(".onReceive")
    }

    /// `.refreshable { … }`: nothing pulls a widget to refresh (its timeline does).
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { inert(".refreshable") }

    /// `.contextMenu { … }`: no long-press menu on a widget.
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View { inert(".contextMenu") }

    /// `.contextMenu(menuItems:preview:)`.
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> some View { inert(".contextMenu") }

    /// `.dropDestination(for:action:isTargeted:)`: nothing is dropped on a widget.
    public func dropDestination<T>(for payloadType: T.Type = T.self, action: @escaping (_ items: [T], _ location: CGPoint) -> Bool,
                                   isTargeted: @escaping (Bool) -> Void = { _ in }) -> some View { inert(".dropDestination") }

    /// `.navigationTitle(_:)`: a widget has no navigation bar.
    public func navigationTitle(_ title: Text) -> some View { inert(".navigationTitle") }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { inert(".navigationTitle") }
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { inert(".navigationTitle") }

    /// `.navigationViewStyle(_:)`.
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { inert(".navigationViewStyle") }

    /// `.alert(item:content:)`: no alert is ever presented over a widget.
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View { inert(".alert") }

    /// `.alert(isPresented:content:)`.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View { inert(".alert") }

    /// `.onHover(perform:)`: no pointer hovers over a widget.
    public func onHover(perform action: @escaping (Bool) -> Void) -> some View { inert(".onHover") }

    /// `.onGeometryChange(for:of:action:)`: the action would change state, which a widget's archive
    /// cannot show; use `GeometryReader` to draw with a size.
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ newValue: T) -> Void) -> some View { inert(".onGeometryChange") }

    /// `.onGeometryChange(for:of:action:)` with the old and new values.
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View { inert(".onGeometryChange") }

    /// `.previewInterfaceOrientation(_:)`: previews here are laid out for the widget's placement.
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { self }
}

/// `InterfaceOrientation`.
public struct InterfaceOrientation: Hashable, Sendable, CaseIterable {
    let name: String
    public static let portrait = InterfaceOrientation(name: "portrait")
    public static let portraitUpsideDown = InterfaceOrientation(name: "portraitUpsideDown")
    public static let landscapeLeft = InterfaceOrientation(name: "landscapeLeft")
    public static let landscapeRight = InterfaceOrientation(name: "landscapeRight")
    public static var allCases: [InterfaceOrientation] { [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight] }
}

/// `NavigationViewStyle` and its styles.
public protocol NavigationViewStyle {}
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct DefaultNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct ColumnNavigationViewStyle: NavigationViewStyle { public init() {} }
extension NavigationViewStyle where Self == StackNavigationViewStyle { public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() } }
extension NavigationViewStyle where Self == DefaultNavigationViewStyle { public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() } }
extension NavigationViewStyle where Self == ColumnNavigationViewStyle { public static var columns: ColumnNavigationViewStyle { ColumnNavigationViewStyle() } }

/// `Alert` (iOS 13's form): a title, a message and up to two buttons.
public struct Alert {
    public let title: Text
    public let message: Text?
    public let buttons: [Button]

    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        self.buttons = dismissButton.map { [$0] } ?? []
    }

    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title
        self.message = message
        self.buttons = [primaryButton, secondaryButton]
    }

    /// `Alert.Button`.
    public struct Button {
        public let label: Text
        public let role: ButtonRole?
        let action: (() -> Void)?

        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: nil, action: action) }
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .cancel, action: action) }
        public static func cancel(_ action: (() -> Void)? = {}) -> Button { Button(label: Text("Cancel"), role: .cancel, action: action) }
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .destructive, action: action) }
    }
}
