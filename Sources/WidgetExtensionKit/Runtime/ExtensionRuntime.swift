import ActivityKit
import CTypeDiscovery
import CVirtualClock
import Foundation
import SystemCalls
import WidgetArchive
import WidgetIntents
import WidgetProtocol
import WidgetUI

/// The extension process's main loop: handshake with the host over the descriptor it was given, then
/// serve requests one at a time until told to stop or the host goes away.
///
/// Requests are served on a dedicated thread while the main thread runs the main queue, so provider code
/// that hops to the main queue or `Task`s still completes; views' bodies, main-actor isolated as in
/// SwiftUI, are evaluated on the main queue.
package enum ExtensionRuntime {
    /// The environment variable holding the descriptor of the host connection.
    package static let descriptorVariable = "WIDGET_HOST_FD"

    static func run(widgets resolved: [_ResolvedWidget], urlSchemes: [String] = []) -> Never {
        let extensionID = URL(fileURLWithPath: CommandLine.arguments.first ?? "extension").lastPathComponent
        let widgets = resolved.filter { $0.activity == nil }
        let activities = resolved.filter { $0.activity != nil }
        guard let fdText = ProcessInfo.processInfo.environment[descriptorVariable], let fd = Int32(fdText), fd >= 0 else {
            describe(extensionID: extensionID, widgets: widgets, activities: activities)
            CurrentProcess.exit(CommandLine.arguments.contains("--describe") ? 0 : 2)
        }
        startNetworkRoute(extensionID: extensionID)
        let server = RequestServer(
            channel: FrameChannel(fd: fd), extensionID: extensionID, widgets: widgets, activities: activities, urlSchemes: urlSchemes,
            previews: PreviewCatalog.discover())
        ViewArchiver.evaluateBodiesOnMainQueue()
        let thread = Thread { server.serve() }
        thread.stackSize = 4 << 20
        thread.start()
        dispatchMain()
    }

    /// Sends the extension's requests through the host (`HostNetworkRoute`) when it links the module
    /// that has the route; an extension that can make requests without it is told, once, that they
    /// bypass the host (and in the full sandbox find no network).
    private static func startNetworkRoute(extensionID: String) {
        guard widgethost_start_linked_network_route() == 0, widgethost_links_foundation_networking() != 0,
              ProcessInfo.processInfo.environment["WIDGET_HOST_NETWORK_FD"] != nil else { return }
        FileHandle.standardError.write(Data(("\(extensionID): links FoundationNetworking without FoundationNetworkingAdditions, so its "
            + "requests do not go through the host's network route (add the FoundationNetworkingAdditions product to the target)\n").utf8))
    }

    private static func describe(extensionID: String, widgets: [_ResolvedWidget], activities: [_ResolvedWidget]) {
        print("\(extensionID): a widget extension. It is launched by widget-host, not run directly:")
        print("  widget-host preview --extension \(CommandLine.arguments.first ?? extensionID) --out DIR")
        print("Widgets:")
        for widget in widgets {
            print("  \(widget.kind) (\(widget.displayName)): \(widget.families.map(\.rawValue).joined(separator: ", "))")
        }
        guard !activities.isEmpty else { return }
        print("Live Activities:")
        for activity in activities { print("  \(activity.kind)") }
    }
}

/// Serves one host connection.
// `@unchecked Sendable`: immutable after init but for `clock`; `serve` runs on one thread, the only one that uses the
// channel and the clock.
final class RequestServer: @unchecked Sendable {
    let channel: FrameChannel
    let extensionID: String
    let widgets: [_ResolvedWidget]
    /// The Live Activity configurations, by attributes type.
    let activities: [_ResolvedWidget]
    let urlSchemes: [String]
    let previews: PreviewCatalog
    private var clock: RealtimeOffsetSetter
    /// The app's activities while an intent runs.
    private let activityLink = IntentActivityLink()

    init(channel: FrameChannel, extensionID: String, widgets: [_ResolvedWidget], activities: [_ResolvedWidget] = [], urlSchemes: [String],
         previews: PreviewCatalog) {
        self.channel = channel
        self.extensionID = extensionID
        self.widgets = widgets
        self.activities = activities
        ActivitySystem.use(activityLink)
        self.urlSchemes = urlSchemes
        self.previews = previews
        self.clock = RealtimeOffsetSetter(extensionID: extensionID)
    }

    func serve() -> Never {
        do {
            try channel.send(.hello(Hello(extensionID: extensionID, widgets: widgets.map { widget in
                WidgetDescriptor(kind: widget.kind, displayName: widget.displayName, description: widget.description,
                                 families: widget.families, flags: widget.flags,
                                 recommendations: widget.recommendations.map {
                                     WidgetDescriptor.Recommendation(description: $0.description, configuration: $0.configuration)
                                 }, takesPushes: widget.pushHandler != nil, disfavoredLocations: widget.disfavoredLocations,
                                 relevanceOnly: widget.relevanceOnly)
            }, urlSchemes: urlSchemes, previews: previews.descriptors,
            activities: activities.map { ActivityDescriptor(attributesType: $0.kind, presentations: $0.families) })))
            while true {
                let message = try channel.receive()
                switch message {
                case .getTimeline(let request):
                    try channel.send(timeline(for: request))
                case .performIntent(let request):
                    try channel.send(perform(request))
                case .getPreview(let request):
                    try channel.send(preview(for: request))
                case .getActivity(let request):
                    try channel.send(activity(for: request))
                case .pushTokens(let update):
                    PushDelivery(widgets: widgets).deliver(update)
                    try channel.send(.pushTokensDelivered(requestID: update.requestID))
                case .shutdown:
                    CurrentProcess.exit(0)
                case .getRelevance(let request):
                    try channel.send(relevance(for: request))
                case .hello, .timeline, .intentPerformed, .failure, .diagnostic, .pushTokensDelivered, .activity, .relevance, .fetch, .fetched:
                    try channel.send(.failure(Failure(requestID: message.requestID ?? 0, code: .malformedRequest,
                                                      message: "an extension does not accept this message from the host")))
                }
            }
        } catch ProtocolError.closed {
            CurrentProcess.exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(extensionID): host connection failed: \(error)\n".utf8))
            CurrentProcess.exit(1)
        }
    }

    /// Runs async work to completion from this (non-cooperative) thread.
    private func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    private func timeline(for request: TimelineRequest) -> Message {
        guard let widget = widgets.first(where: { $0.kind == request.kind }) else {
            return .failure(Failure(requestID: request.requestID, code: .unknownKind, message: "no widget of kind \(request.kind)"))
        }
        guard widget.families.contains(request.family) else {
            return .failure(Failure(requestID: request.requestID, code: .unsupportedFamily,
                                    message: "\(request.kind) does not support \(request.family)"))
        }
        // Widget code reads Date(): make it the host's clock for this request (a preview: exactly).
        setClock(to: request.now, exactly: request.isPreview)
        var schemes: [ColorScheme] = []
        var modes: [WidgetRenderingMode] = []
        for variant in request.variants {
            if !schemes.contains(variant.colorScheme) { schemes.append(variant.colorScheme) }
            if !modes.contains(variant.renderingMode) { modes.append(variant.renderingMode) }
        }
        let size = CGSize(width: request.displayWidth, height: request.displayHeight)
        let context = TimelineProviderContext(
            family: request.family, isPreview: request.isPreview, displaySize: size,
            environmentVariants: .init(colorScheme: schemes, widgetRenderingMode: modes))
        let archiveRequest = TimelineArchiveRequest(
            family: request.family, variants: request.variants.isEmpty ? [.standard] : request.variants,
            context: context, configuration: request.configuration, placement: request.placement)
        let result = Result { try widget.timeline(archiveRequest, widget.kind, widget.flags) }
        switch result {
        case .failure(let error as IntentCodingError):
            return .failure(Failure(requestID: request.requestID, code: .malformedIntent, message: "configuration: \(error)"))
        case .failure(let error):
            return .failure(Failure(requestID: request.requestID, code: .internalError, message: "\(error)"))
        case .success(let timeline):
            return reply(to: request.requestID, kind: request.kind, timeline)
        }
    }

    private func preview(for request: PreviewRequest) -> Message {
        setClock(to: request.now, exactly: true)
        let family = previews.items.indices.contains(request.index) ? previews.items[request.index].descriptor.family : nil
        let context = TimelineProviderContext(
            family: family ?? .systemSmall, isPreview: true, displaySize: .zero,
            environmentVariants: .init(colorScheme: request.variants.map(\.colorScheme), widgetRenderingMode: request.variants.map(\.renderingMode)))
        do {
            return reply(to: request.requestID, kind: previews.items.indices.contains(request.index) ? previews.items[request.index].descriptor.kind : "",
                         try previews.archive(request, context: context))
        } catch let error as PreviewError {
            return .failure(Failure(requestID: request.requestID, code: .malformedRequest, message: "\(error)"))
        } catch {
            return .failure(Failure(requestID: request.requestID, code: .internalError, message: "\(error)"))
        }
    }

    /// The timeline message for an archived timeline, after its diagnostics.
    private func reply(to requestID: UInt64, kind: String, _ timeline: ArchivedTimeline) -> Message {
        for warning in timeline.diagnostics {
            try? channel.send(.diagnostic(Diagnostic(kind: kind, message: warning)))
        }
        let policy: ReloadPolicy = switch timeline.policy.kind {
        case .atEnd: .atEnd
        case .after(let date): .after(date)
        case .never: .never
        }
        return .timeline(TimelineReply(
            requestID: requestID,
            entries: timeline.entries.map { ArchivedEntry(date: $0.date, relevance: $0.relevance, relevanceDuration: $0.relevanceDuration,
                                                          archives: $0.archives) },
            policy: policy))
    }

    /// A widget's relevance clues (`relevance()`, a `RelevanceConfiguration`'s).
    private func relevance(for request: RelevanceRequest) -> Message {
        guard let widget = widgets.first(where: { $0.kind == request.kind }) else {
            return .failure(Failure(requestID: request.requestID, code: .unknownKind, message: "no widget of kind \(request.kind)"))
        }
        setClock(to: request.now)
        do {
            return .relevance(RelevanceReply(requestID: request.requestID, clues: try widget.relevance?() ?? []))
        } catch {
            return .failure(Failure(requestID: request.requestID, code: .internalError, message: "relevance(): \(error)"))
        }
    }

    /// A Live Activity's presentations for one content.
    private func activity(for request: ActivityRequest) -> Message {
        guard let configuration = activities.first(where: { $0.kind == request.attributesType })?.activity else {
            return .failure(Failure(requestID: request.requestID, code: .unknownKind,
                                    message: "no Live Activity configuration draws \(request.attributesType)"))
        }
        setClock(to: request.now)
        do {
            let archived = try configuration.archive(request)
            for warning in archived.diagnostics {
                try? channel.send(.diagnostic(Diagnostic(kind: request.attributesType, message: warning)))
            }
            return .activity(ActivityReply(requestID: request.requestID, presentations: archived.presentations, layout: archived.layout))
        } catch let error as ActivityArchiveError {
            return .failure(Failure(requestID: request.requestID, code: .malformedRequest, message: "\(error)"))
        } catch {
            return .failure(Failure(requestID: request.requestID, code: .internalError, message: "\(error)"))
        }
    }

    private func perform(_ request: IntentRequest) -> Message {
        setClock(to: request.now)
        let typeID = request.intent.typeIdentifier
        let parameters = request.intent.parameters
        activityLink.begin(request, mayStart: IntentRegistry.shared.isLiveActivityIntent(typeID))
        defer { _ = activityLink.finish() }
        let outcome: Result<Bool, FailureBox> = wait {
            do {
                return .success(try await IntentRegistry.shared.perform(typeIdentifier: typeID, parameters: parameters))
            } catch let error as IntentCodingError {
                return .failure(FailureBox(message: "\(error)", code: .malformedIntent))
            } catch {
                return .failure(FailureBox(message: "\(error)", code: .intentFailed))
            }
        }
        switch outcome {
        case .success(true):
            return .intentPerformed(IntentOutcome(requestID: request.requestID, activityChanges: activityLink.finish()))
        case .success(false):
            return .failure(Failure(requestID: request.requestID, code: .unknownIntent,
                                    message: "\(typeID) was not archived by this extension"))
        case .failure(let failure):
            return .failure(Failure(requestID: request.requestID, code: failure.code, message: failure.message))
        }
    }

    /// Sets this process's wall clock (as Date() sees it) to the host's `now`, never backwards: while
    /// the host's clock stands still, the extension's keeps running from where it was. A preview is a
    /// picture of one instant, so for it the clock is set `exactly` to `now`, backwards if need be:
    /// the same preview then shows the same dates however long the host took to ask. If the clock
    /// shim refuses, the extension goes on with the real clock (reported once).
    private func setClock(to now: Date, exactly: Bool = false) {
        let current = widgethost_realtime_offset()
        let shownNanos = WallClock.nanosecondsSinceEpoch
        let realNanos = shownNanos - current
        // Nanoseconds in 64 bits end in 2262: a date outside ±7.3e9 s (1738–2201) is held at the edge,
        // so that no date a host sends can overflow the offset.
        let seconds = now.timeIntervalSince1970
        guard seconds.isFinite else { return }
        let targetNanos = Int64((min(7.3e9, max(-7.3e9, seconds)) * 1e9).rounded())
        guard exactly || targetNanos > shownNanos || current == 0 else { return }
        clock.apply(targetNanos - realNanos)
    }
}

struct FailureBox: Error, Sendable {
    var message: String
    var code: Failure.Code = .internalError
}

// `@unchecked Sendable`: written by the task before it signals, read by the waiting thread after the wait: the semaphore orders the two.
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

