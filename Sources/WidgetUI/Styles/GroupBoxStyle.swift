import Foundation

/// `GroupBoxStyle`: how group boxes below draw; a style's `makeBody(configuration:)` is evaluated in
/// the extension for each group box and archived like any view.
public protocol GroupBoxStyle {
    associatedtype Body: View
    typealias Configuration = GroupBoxStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// `GroupBoxStyleConfiguration`: the group box's label and content.
public struct GroupBoxStyleConfiguration {
    /// `GroupBoxStyleConfiguration.Label`: the title, type-erased.
    public nonisolated struct Label: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    /// `GroupBoxStyleConfiguration.Content`: the grouped views, type-erased.
    public nonisolated struct Content: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    public let label: Label
    public let content: Content
}

/// `DefaultGroupBoxStyle`: `.automatic`, the content under its label in the headline font, padded on a
/// rounded tertiary fill.
public struct DefaultGroupBoxStyle: GroupBoxStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            configuration.label.font(.headline)
            configuration.content
        }
        .padding()
        .background(.fill.tertiary, in: .rect(cornerRadius: 8))
    }
}

extension GroupBoxStyle where Self == DefaultGroupBoxStyle { public static var automatic: DefaultGroupBoxStyle { DefaultGroupBoxStyle() } }

private struct GroupBoxStyleKey: EnvironmentKey {
    static var defaultValue: ViewStyleChoice<Void, GroupBoxStyleConfiguration> { .builtIn(()) }
}

extension EnvironmentValues {
    var groupBoxStyle: ViewStyleChoice<Void, GroupBoxStyleConfiguration> {
        get { self[GroupBoxStyleKey.self] }
        set { self[GroupBoxStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    /// `.groupBoxStyle(_:)`: the style of the group boxes below.
    public func groupBoxStyle<S: GroupBoxStyle>(_ style: S) -> some View {
        choosingStyle(\.groupBoxStyle, builtIn: style is DefaultGroupBoxStyle ? () : nil) { AnyView(style.makeBody(configuration: $0)) }
    }
}
