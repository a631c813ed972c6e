import Foundation
import WidgetArchive

/// `PreviewProvider`: views a source file offers for previewing. `widget-host preview` finds every
/// type conforming to it in the extension (nothing else refers to them) and renders each top-level
/// view of `previews` in the family its `.previewContext(_:)` names. Main-actor isolated, as Apple
/// declares it: a provider's static state (`static var model = …`) compiles in the Swift 6 mode.
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    public static var platform: PreviewPlatform? { nil }
}

/// `PreviewPlatform`.
public enum PreviewPlatform: Hashable, Sendable {
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// `PreviewContext`: where a preview is shown. WidgetKit's `WidgetPreviewContext(family:)` names a
/// widget family.
public protocol PreviewContext {
    /// The family the preview is shown as, if it is a widget preview.
    var _widgetFamily: WidgetFamily? { get }
}

extension PreviewContext {
    public var _widgetFamily: WidgetFamily? { nil }
}

/// `PreviewLayout`.
public enum PreviewLayout: Hashable, Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// `PreviewDevice`.
public struct PreviewDevice: Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// What the preview modifiers recorded about a run of archived top-level nodes.
package struct PreviewMark {
    package var nodes: Range<Int>
    package var family: WidgetFamily?
    package var displayName: String?
}

/// Records a preview's context or name for the nodes its content archives, and shows the content in
/// that context (a widget family in the environment).
struct PreviewModifier: ViewModifier {
    typealias Body = Never
    let family: WidgetFamily?
    let displayName: String?

    func _archive(content: _ViewModifier_Content<Self>, into builder: inout _ArchiveBuilder) {
        _archive(view: content, into: &builder)
    }

    func _archive<V: View>(view content: V, into builder: inout _ArchiveBuilder) {
        let first = builder.nodes.count
        let outer = builder.environment
        if let family { builder.environment.widgetFamily = family }
        content._archive(into: &builder)
        builder.environment = outer
        builder.previewMarks.append(PreviewMark(nodes: first..<builder.nodes.count, family: family, displayName: displayName))
    }
}

nonisolated extension View {
    /// `.previewContext(_:)`: the preview shows this view as a widget of the context's family.
    public func previewContext<C: PreviewContext>(_ context: C) -> some View {
        modifier(PreviewModifier(family: context._widgetFamily, displayName: nil))
    }

    /// `.previewDisplayName(_:)`: the preview's name in the contact sheet.
    public func previewDisplayName(_ name: String?) -> some View {
        modifier(PreviewModifier(family: nil, displayName: name))
    }

    /// `.previewLayout(_:)`, `.previewDevice(_:)`, `.previewInterfaceOrientation(_:)`: a widget preview
    /// is always shown at its family's size, so these change nothing.
    public func previewLayout(_ layout: PreviewLayout) -> some View { self }
    public func previewDevice(_ device: PreviewDevice?) -> some View { self }
}

/// One preview a provider's views declare: its nodes, family and name.
package struct ArchivedPreview: Sendable {
    package var root: ViewNode
    package var family: WidgetFamily?
    package var displayName: String?
    package init(root: ViewNode, family: WidgetFamily?, displayName: String?) {
        self.root = root
        self.family = family
        self.displayName = displayName
    }
}

package enum PreviewArchiver {
    /// Archives a preview provider's views in `environment` and splits them into previews: each
    /// top-level node is one, in the family and with the name the innermost marks covering it give.
    /// `locate` lays one preview out in its family (see `ViewArchiver.archive`).
    package static func previews<V: View>(
        _ view: V, environment: EnvironmentValues, locate: @escaping (ViewNode, WidgetFamily?) -> [GeometryProbe: CGRect]
    ) -> (previews: [ArchivedPreview], diagnostics: [String]) {
        let builder = ViewArchiver.archiveViews(view, environment: environment) { builder in
            split(builder).reduce(into: [:]) { frames, preview in
                frames.merge(locate(preview.root, preview.family)) { old, _ in old }
            }
        }
        return (split(builder), builder.diagnostics)
    }

    private static func split(_ builder: _ArchiveBuilder) -> [ArchivedPreview] {
        builder.nodes.enumerated().map { index, node in
            // Marks are appended innermost first; the first one naming a value wins.
            let covering = builder.previewMarks.filter { $0.nodes.contains(index) }
            return ArchivedPreview(
                root: node, family: covering.lazy.compactMap(\.family).first,
                displayName: covering.lazy.compactMap(\.displayName).first)
        }
    }
}
