import Foundation
import WidgetArchive

/// Views a widget cannot show: scrolling, lists, text input, pickers, navigation. The real system
/// draws a placeholder for them; so does the host (`Unsupported` in the archive, a yellow box with a
/// prohibited sign), and the author is told which view it was. Their content is never evaluated.
public nonisolated struct _UnsupportedView: View {
    let name: String
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        builder.warn("\(name) is not supported in widgets: drawn as the system's placeholder")
        builder.append(.unsupported(name))
    }
}

/// Declares a view that archives as the unsupported placeholder, with the initializers code uses.
public nonisolated struct ScrollView<Content: View>: View {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "ScrollView") }
}

public nonisolated struct List<SelectionValue: Hashable, Content: View>: View {
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Content == ForEach<Data, ID, RowContent> {}
    public var body: _UnsupportedView { _UnsupportedView(name: "List") }
}

public nonisolated struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "Form") }
}

public nonisolated struct NavigationStack<Root: View>: View {
    public init(@ViewBuilder root: () -> Root) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "NavigationStack") }
}

public nonisolated struct NavigationView<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "NavigationView") }
}

public nonisolated struct NavigationLink<Label: View, Destination: View>: View {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
    public init(destination: Destination, @ViewBuilder label: () -> Label) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "NavigationLink") }
}

public nonisolated struct TabView<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "TabView") }
}

public nonisolated struct TextField<Label: View>: View {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) where Label == Text {}
    public var body: _UnsupportedView { _UnsupportedView(name: "TextField") }
}

public nonisolated struct SecureField<Label: View>: View {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text {}
    public var body: _UnsupportedView { _UnsupportedView(name: "SecureField") }
}

public nonisolated struct TextEditor: View {
    public init(text: Binding<String>) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "TextEditor") }
}

public nonisolated struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) where Label == Text {}
    public var body: _UnsupportedView { _UnsupportedView(name: "Picker") }
}

public nonisolated struct DatePicker<Label: View>: View {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>) where Label == Text {}
    public var body: _UnsupportedView { _UnsupportedView(name: "DatePicker") }
}

public nonisolated struct Slider<Label: View>: View {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where Label == EmptyView, V.Stride: BinaryFloatingPoint {}
    public var body: _UnsupportedView { _UnsupportedView(name: "Slider") }
}

public nonisolated struct Stepper<Label: View>: View {
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) where Label == Text {}
    public var body: _UnsupportedView { _UnsupportedView(name: "Stepper") }
}

public nonisolated struct Menu<Label: View, Content: View>: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "Menu") }
}

public nonisolated struct DisclosureGroup<Label: View, Content: View>: View {
    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {}
    public var body: _UnsupportedView { _UnsupportedView(name: "DisclosureGroup") }
}

/// `Section`: in a widget, outside a list, its header, content and footer are stacked vertically.
public nonisolated struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }
    public var body: some View {
        VStack(alignment: .leading) {
            header
            content
            footer
        }
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.init(content: content, header: { EmptyView() }, footer: { EmptyView() }) }
}

extension Section where Parent == Text, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// `Section(header:content:)`: the form before iOS 15, still written.
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section {
    /// `Section(header:footer:content:)`.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { footer })
    }
}
