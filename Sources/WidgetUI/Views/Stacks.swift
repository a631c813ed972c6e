import Foundation
import WidgetArchive

/// `HStack`.
public nonisolated struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        builder.append(.stack(StackNode(
            axis: .horizontal, alignment: AlignmentValue(horizontal: .center, vertical: alignment.value),
            spacing: spacing.map(Double.init), children: children)))
    }
}

/// `VStack`.
public nonisolated struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        builder.append(.stack(StackNode(
            axis: .vertical, alignment: AlignmentValue(horizontal: alignment.value, vertical: .center),
            spacing: spacing.map(Double.init), children: children)))
    }
}

/// `ZStack`.
public nonisolated struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        builder.append(.stack(StackNode(axis: .depth, alignment: alignment.value, spacing: nil, children: children)))
    }
}

/// `Spacer`.
public nonisolated struct Spacer: View {
    let minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { builder.append(.spacer(minLength: minLength.map(Double.init))) }
}

/// `Divider`: a hairline across the stack it sits in (archived as a thin flexible rectangle).
public nonisolated struct Divider: View {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(.modified(
            .shape(ShapeNode(kind: .rectangle, fill: .foreground(level: 2))),
            .frame(FrameSpec(minWidth: 0.5, maxWidth: .infinity, minHeight: 0.5, maxHeight: 0.5))))
    }
}

/// `ViewThatFits`: all alternatives are archived; the host picks the first that fits its slot.
public nonisolated struct ViewThatFits<Content: View>: View {
    let axes: Axis.Set
    let content: Content
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let alternatives = builder.nodes(of: content)
        builder.append(.viewThatFits(ViewThatFitsNode(axes: UInt8(axes.rawValue), alternatives: alternatives)))
    }
}

/// `AccessoryWidgetBackground`: the standard backdrop of accessory widgets.
public nonisolated struct AccessoryWidgetBackground: View {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { builder.append(.accessoryBackground) }
}

/// `Label`: an icon and a title side by side.
public nonisolated struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
    public var body: Never { primitiveBody(Self.self) }

    /// Through the label style in effect; the default one (icon then title) without erasing either.
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        if let style = builder.environment.labelStyle {
            // The style's body sees no style of its own, so a `Label(configuration)` in it draws the
            // label as the default style does instead of styling itself again.
            let body = style.makeBody(LabelStyleConfiguration(title: AnyView(title), icon: AnyView(icon)))
            let outer = builder.environment
            builder.environment.labelStyle = nil
            body._archive(into: &builder)
            builder.environment = outer
        } else {
            HStack(spacing: 4) {
                icon
                title
            }
            ._archive(into: &builder)
        }
    }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// `Label(_ configuration:)`: in a custom `LabelStyle`, the label being styled, to modify rather
    /// than redraw.
    public init(_ configuration: LabelStyleConfiguration) {
        self.init(title: { configuration.title }, icon: { configuration.icon })
    }
}

/// `LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
    public typealias Title = AnyView
    public typealias Icon = AnyView
    public let title: AnyView
    public let icon: AnyView
}

/// `LabelStyle`.
public protocol LabelStyle {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// Icon then title, side by side (the default).
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 4) {
            configuration.icon
            configuration.title
        }
    }
}

public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
    public static var automatic: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() } }

struct AnyLabelStyle {
    let makeBody: (LabelStyleConfiguration) -> AnyView
    init<S: LabelStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
    func makeBody(_ configuration: LabelStyleConfiguration) -> AnyView { makeBody(configuration) }
}

nonisolated extension View {
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View { archived(environment: { $0.labelStyle = AnyLabelStyle(style) }) }
}

extension Label where Title == Text, Icon == Image {
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

extension Label where Title == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder icon: () -> Icon) {
        self.init(title: { Text(titleKey) }, icon: icon)
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }
}

/// `GroupBox`: its content on a rounded secondary background, with an optional label above, or as the
/// group box style in effect (`.groupBoxStyle(_:)`) makes it.
public nonisolated struct GroupBox<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    /// `GroupBox(label:content:)`, the older spelling with the label first.
    public init(label: Label, @ViewBuilder content: () -> Content) {
        self.label = label
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let configuration = GroupBoxStyleConfiguration(label: .init(AnyView(label)), content: .init(AnyView(content)))
        switch builder.environment.groupBoxStyle {
        case .builtIn:
            DefaultGroupBoxStyle().makeBody(configuration: configuration)._archive(into: &builder)
        case .custom(let makeBody, let outer):
            var environment = builder.environment
            environment.groupBoxStyle = outer
            for node in builder.nodes(of: makeBody(configuration), environment: environment) { builder.append(node) }
        }
    }
}

extension GroupBox where Label == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.init(content: content, label: { EmptyView() }) }
}

extension GroupBox where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

extension GroupBox where Label == GroupBoxStyleConfiguration.Label, Content == GroupBoxStyleConfiguration.Content {
    /// `GroupBox(configuration)`, inside a style's `makeBody`: the group box as the style that style was
    /// applied over draws it.
    public init(_ configuration: GroupBoxStyleConfiguration) {
        self.init(label: configuration.label) { configuration.content }
    }
}

/// `ContentUnavailableView` (iOS 17): a symbol, a title and a description, centred.
public nonisolated struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }
    public var body: some View {
        VStack(spacing: 6) {
            label.font(.headline).labelStyle(VerticalLabelStyle())
            description.font(.caption).foregroundStyle(.secondary)
            actions
        }
        .multilineTextAlignment(.center)
    }
}

extension ContentUnavailableView where Label == WidgetUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { WidgetUI.Label(title, systemImage: name) }, description: { description })
    }
}

/// The icon above the title, as `ContentUnavailableView` shows it.
struct VerticalLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 4) {
            configuration.icon.font(.largeTitle)
            configuration.title
        }
    }
}
