import Foundation
import WidgetArchive

/// `HStack`.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        builder.append(.stack(StackNode(
            axis: .horizontal, alignment: AlignmentValue(horizontal: .center, vertical: alignment.value),
            spacing: spacing.map(Double.init), children: children)))
    }
}

/// `VStack`.
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        builder.append(.stack(StackNode(
            axis: .vertical, alignment: AlignmentValue(horizontal: alignment.value, vertical: .center),
            spacing: spacing.map(Double.init), children: children)))
    }
}

/// `ZStack`.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        builder.append(.stack(StackNode(axis: .depth, alignment: alignment.value, spacing: nil, children: children)))
    }
}

/// `Spacer`.
public struct Spacer: View {
    let minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) { builder.append(.spacer(minLength: minLength.map(Double.init))) }
}

/// `Divider`: a hairline across the stack it sits in (archived as a thin flexible rectangle).
public struct Divider: View {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(.modified(
            .shape(ShapeNode(kind: .rectangle, fill: .foreground(level: 2))),
            .frame(FrameSpec(minWidth: 0.5, maxWidth: .infinity, minHeight: 0.5, maxHeight: 0.5))))
    }
}

/// `ViewThatFits`: all alternatives are archived; the host picks the first that fits its slot.
public struct ViewThatFits<Content: View>: View {
    let axes: Axis.Set
    let content: Content
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        let alternatives = builder.nodes(of: content)
        builder.append(.viewThatFits(ViewThatFitsNode(axes: UInt8(axes.rawValue), alternatives: alternatives)))
    }
}

/// `AccessoryWidgetBackground`: the standard backdrop of accessory widgets.
public struct AccessoryWidgetBackground: View {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) { builder.append(.accessoryBackground) }
}

/// `Label`: an icon and a title side by side.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
    public var body: some View {
        HStack(spacing: 4) {
            icon
            title
        }
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
