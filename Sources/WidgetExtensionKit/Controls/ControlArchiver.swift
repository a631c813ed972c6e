import Foundation
import WidgetArchive
import WidgetIntents
import WidgetUI

/// Serves a control like a widget of the `control` family: a request gets a one-entry timeline whose
/// archives hold the template (one per requested variant), and the policy `never`: a control is
/// reloaded when asked (after its action, `ControlCenter` reloads, a push), never on a schedule.
enum ControlArchiver {
    static func resolved<Content: ControlWidgetTemplate>(
        kind: String, flags: ConfigurationFlags, makeTemplate: @escaping (TimelineArchiveRequest) async throws -> Content
    ) -> _ResolvedWidget {
        _ResolvedWidget(
            kind: kind, displayName: kind, description: "", families: [._control], flags: flags,
            timeline: { request, kind, flags in
                let content = try CompletionWaiter<Result<Content, any Error>>.run { try await makeTemplate(request) }
                return archive(content, request: request, kind: kind, flags: flags)
            },
            archiveEntries: { _, _, kind, _ in throw PreviewError.control(kind: kind) })
    }

    /// The template's archives, one per variant, dated now (the host's clock).
    static func archive<Content: ControlWidgetTemplate>(
        _ content: Content, request: TimelineArchiveRequest, kind: String, flags: ConfigurationFlags
    ) -> ArchivedTimeline {
        var builder = _ControlTemplateBuilder()
        content._makeTemplate(into: &builder)
        let template = builder.result
        let now = Date()
        let archives = request.variants.map { variant in
            ArchiveEncoder.encode(WidgetArchiveValue(
                kind: kind, family: ._control, entryDate: now, variant: variant, flags: flags, root: .controlTemplate(template)))
        }
        return ArchivedTimeline(
            entries: [ArchivedTimeline.Entry(date: now, relevance: nil, archives: archives)], policy: .never,
            diagnostics: Array(Set(builder.diagnostics)).sorted())
    }
}
