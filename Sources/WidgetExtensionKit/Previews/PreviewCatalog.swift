import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProtocol
import WidgetUI

/// The previews an extension's source declares — `#Preview` of widgets and of views, and
/// `PreviewProvider` types — found in the executable itself, in a stable order.
struct PreviewCatalog {
    enum Source {
        case widget(_WidgetPreview)
        case view(_ViewPreview)
        case provider(any PreviewProvider.Type)
    }

    struct Item {
        var descriptor: PreviewDescriptor
        var source: Source
    }

    let items: [Item]

    var descriptors: [PreviewDescriptor] { items.map(\.descriptor) }

    /// Every preview declaration linked into this executable.
    static func discover() -> PreviewCatalog {
        func sorted(_ types: [Any.Type]) -> [Any.Type] { types.sorted { String(reflecting: $0) < String(reflecting: $1) } }
        var items: [Item] = []
        for type in sorted(ConformanceScanner.conformingTypes(to: "_WidgetPreviewDeclaration", inModules: ["WidgetExtensionKit"])) {
            guard let declaration = type as? _WidgetPreviewDeclaration.Type else { continue }
            let preview = declaration._preview
            let kind = preview.widget().first?.kind ?? ""
            let name = preview.name ?? "\(kind) \(preview.family)"
            items.append(Item(descriptor: PreviewDescriptor(name: name, kind: kind, family: preview.family, activity: preview.activitySample?()),
                              source: .widget(preview)))
        }
        for type in sorted(ConformanceScanner.conformingTypes(to: "_ViewPreviewDeclaration", inModules: ["WidgetUI"])) {
            guard let declaration = type as? _ViewPreviewDeclaration.Type else { continue }
            let preview = declaration._preview
            let name = preview.name ?? "Preview"
            items.append(Item(descriptor: PreviewDescriptor(name: name, kind: name, family: nil), source: .view(preview)))
        }
        for type in sorted(ConformanceScanner.conformingTypes(to: "PreviewProvider", inModules: ["WidgetUI"])) {
            guard let provider = type as? any PreviewProvider.Type else { continue }
            let name = String(describing: type)
            items.append(Item(descriptor: PreviewDescriptor(name: name, kind: name, family: nil), source: .provider(provider)))
        }
        return PreviewCatalog(items: items)
    }

    /// Archives preview `request.index`: a widget preview's entries for each variant, or one entry per
    /// top-level view of a provider's previews (each in the family its `.previewContext` names).
    func archive(_ request: PreviewRequest, context: TimelineProviderContext) throws -> ArchivedTimeline {
        guard items.indices.contains(request.index) else { throw PreviewError.noSuchPreview(index: request.index, count: items.count) }
        let item = items[request.index]
        let variants = request.variants.isEmpty ? [EnvironmentVariant.standard] : request.variants
        switch item.source {
        case .widget(let preview):
            guard let widget = preview.widget().first else { throw PreviewError.noWidget(preview: item.descriptor.name) }
            let entries = try AsyncBridge.wait { try await preview.entries(context) }
            let archiveRequest = TimelineArchiveRequest(family: preview.family, variants: variants, context: context, configuration: [])
            return try widget.archiveEntries(entries, archiveRequest, widget.kind, widget.flags)
        case .view(let preview):
            return archiveViews(kind: item.descriptor.kind, variants: variants, now: request.now, single: true) { environment, locate in
                PreviewArchiver.previews(preview.makeView(), environment: environment, locate: locate)
            }
        case .provider(let provider):
            return archiveViews(kind: item.descriptor.kind, variants: variants, now: request.now, single: false) { environment, locate in
                Self.previews(of: provider, environment: environment, locate: locate)
            }
        }
    }

    private static func previews<P: PreviewProvider>(
        of provider: P.Type, environment: EnvironmentValues, locate: @escaping (ViewNode, WidgetFamily?) -> [GeometryProbe: CGRect]
    ) -> (previews: [ArchivedPreview], diagnostics: [String]) {
        // A provider is main-actor isolated: its previews are made on the main thread, which runs
        // the main queue in an extension (requests are served on a thread of their own).
        let handoff = SynchronousHandoff(value: (environment, locate))
        let make = {
            MainActor.assumeIsolated { PreviewArchiver.previews(P.previews, environment: handoff.value.0, locate: handoff.value.1) }
        }
        return Thread.isMainThread ? make() : DispatchQueue.main.sync(execute: make)
    }

    /// Archives views once per variant; each top-level view is an entry (or all of them one, joined as
    /// SwiftUI stacks several views where one is expected).
    private func archiveViews(
        kind: String, variants: [EnvironmentVariant], now: Date, single: Bool,
        archive: (EnvironmentValues, _ locate: @escaping (ViewNode, WidgetFamily?) -> [GeometryProbe: CGRect]) -> (previews: [ArchivedPreview], diagnostics: [String])
    ) -> ArchivedTimeline {
        var diagnostics: Set<String> = []
        var perVariant: [[ArchivedPreview]] = []
        for variant in variants {
            let locate = { (root: ViewNode, family: WidgetFamily?) -> [GeometryProbe: CGRect] in
                let family = family ?? .systemSmall
                return GeometryLocator(kind: kind, family: family, placement: Placement.natural(for: family), variant: variant, flags: [],
                                       date: now).frames(in: root)
            }
            var (previews, warnings) = archive(EnvironmentValues.widget(family: .systemSmall, variant: variant), locate)
            diagnostics.formUnion(warnings)
            if single, previews.count != 1 {
                previews = [ArchivedPreview(
                    root: .stack(StackNode(axis: .vertical, children: previews.map(\.root))),
                    family: previews.lazy.compactMap(\.family).first, displayName: previews.lazy.compactMap(\.displayName).first)]
            }
            perVariant.append(previews)
        }
        let count = perVariant.map(\.count).min() ?? 0
        let entries = (0..<count).map { index in
            ArchivedTimeline.Entry(date: now, relevance: nil, archives: zip(variants, perVariant).map { variant, previews in
                let preview = previews[index]
                var root = preview.root
                if variant.redactionReasons.contains(.placeholder) { root = root.modified(.redacted(.placeholder)) }
                return ArchiveEncoder.encode(WidgetArchiveValue(
                    kind: kind, family: preview.family ?? .systemSmall, entryDate: now, variant: variant, root: root))
            })
        }
        return ArchivedTimeline(entries: entries, policy: .never, diagnostics: diagnostics.sorted())
    }
}

/// Values handed to the main thread for one `DispatchQueue.main.sync` call.
// `@unchecked Sendable`: the value is used only inside the `sync` call, while the thread that made it
// waits for that call to return; no two threads ever touch it at once.
private struct SynchronousHandoff<Value>: @unchecked Sendable {
    let value: Value
}

/// Runs async work to completion from the (non-cooperative) serving thread.
enum AsyncBridge {
    static func wait<T>(_ work: @escaping () async throws -> T) throws -> T {
        let box = ResultBox<Result<T, Error>>()
        let done = DispatchSemaphore(value: 0)
        DetachedWork {
            do { box.value = .success(try await work()) } catch { box.value = .failure(error) }
            done.signal()
        }.start()
        done.wait()
        guard let result = box.value else { preconditionFailure("async work signalled without a result") }
        return try result.get()
    }
}
