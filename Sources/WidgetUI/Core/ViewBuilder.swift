import Foundation
import WidgetArchive

/// `@ViewBuilder`: `if`/`else`, `switch`, optionals, `for`-free blocks of any length (parameter packs).
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views in sequence; each contributes its nodes to the enclosing container.
public nonisolated struct TupleView<each Content: View>: View {
    public var value: (repeat each Content)
    public init(_ value: repeat each Content) { self.value = (repeat each value) }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        for child in repeat each value { child._archive(into: &builder) }
    }
}

/// The result of `if`/`else` and `switch` in a view builder.
public nonisolated struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        switch storage {
        case .trueContent(let v): v._archive(into: &builder)
        case .falseContent(let v): v._archive(into: &builder)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        if let view = self { view._archive(into: &builder) }
    }
}

/// `EmptyView`: no node at all.
public nonisolated struct EmptyView: View {
    public init() {}
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {}
}

/// `Group`: its children join the enclosing container; modifiers on the group apply to each.
public nonisolated struct Group<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
}

/// `AnyView`: a type-erased view.
public nonisolated struct AnyView: View {
    private let archive: (inout _ArchiveBuilder) -> Void
    public init<V: View>(_ view: V) { archive = { view._archive(into: &$0) } }
    public init<V: View>(erasing view: V) { self.init(view) }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { archive(&builder) }
}

/// `ForEach`: one view per element; each gets the element's identity as its `id`.
public nonisolated struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var data: Data
    let id: (Data.Element) -> ID
    public var content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }

    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        for element in data {
            let identity = String(describing: id(element))
            for node in builder.nodes(of: content(element)) {
                builder.append(node.modified(.identity(identity)))
            }
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
