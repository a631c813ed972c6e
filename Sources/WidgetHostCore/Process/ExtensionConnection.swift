import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProcess
import WidgetProtocol
import WidgetRender

/// A running extension process after a successful handshake: ask it for timelines, send it intents.
/// Every wait has a deadline. Threads may share a connection: requests are written whole, one at a
/// time, and replies are read by one thread at a time, which keeps a reply meant for another waiting
/// request for it; a reply nobody waits for any more (an abandoned request's) is dropped.
///
/// `@unchecked Sendable`: `kept`, `refusedReported`, `nextRequestID`, `waiting` and `arrived` are guarded by
/// `lock`; the channel's writes by `writing` and its reads by `reading` (`FrameChannel` keeps reads and
/// writes apart); `maximumUnsolicitedMessages` is set before the connection is shared.
public final class ExtensionConnection: @unchecked Sendable {
    public let process: LaunchedProcess
    public let hello: Hello
    /// The host's name for the extension: its executable's file name. It decides the store and data
    /// folders; the extension's `hello` must say the same.
    public let extensionID: String
    /// Warnings the extension reported (inert controls…), oldest first.
    public var diagnostics: [Diagnostic] {
        let refused = process.refusedReads?.paths ?? []
        return lock.withLock {
            // Appended as they arrive, so that the list only grows (readers index into it).
            for path in refused.dropFirst(refusedReported) {
                kept.append(Diagnostic(kind: "sandbox", message: "tried to open \(path), which is not in its root in the full sandbox (readPaths in a run configuration grants it)"))
            }
            refusedReported = refused.count
            return kept
        }
    }
    private var refusedReported = 0
    private var kept: [Diagnostic] = []
    private var nextRequestID: UInt64 = 1
    /// Requests sent whose replies someone still waits for.
    private var waiting: Set<UInt64> = []
    /// Replies read by one thread for a request another thread waits for.
    private var arrived: [UInt64: Message] = [:]
    private let lock = NSLock()
    private let writing = NSLock()
    private let reading = NSLock()
    /// Messages tolerated while waiting for one answer (see `SupervisionPolicy`).
    public var maximumUnsolicitedMessages = 1_000

    /// Launches `spec`, waits for `hello` until `handshakeTimeout` seconds.
    public static func open(_ spec: LaunchSpec, launcher: ProcessLauncher, handshakeTimeout: Double = 10) throws(HostError) -> ExtensionConnection {
        let process: LaunchedProcess
        do {
            process = try launcher.launch(spec)
        } catch {
            throw .launch(error)
        }
        let name = URL(fileURLWithPath: spec.executable).lastPathComponent
        let message: Message
        do {
            message = try process.channel.receive(deadline: .now + .milliseconds(Int(handshakeTimeout * 1000)))
        } catch .timedOut {
            process.kill()
            throw .handshakeFailed(extensionID: name, .noHello(seconds: handshakeTimeout))
        } catch {
            process.kill()
            throw .handshakeFailed(extensionID: name, .connection(error))
        }
        guard case .hello(let hello) = message else {
            process.kill()
            throw .handshakeFailed(extensionID: name, .notHello)
        }
        guard hello.protocolVersion == widgetProtocolVersion else {
            process.kill()
            throw .protocolVersionMismatch(extensionID: name, found: hello.protocolVersion, expected: widgetProtocolVersion)
        }
        guard hello.extensionID == name else {
            process.kill()
            throw .identityMismatch(extensionID: name, declared: hello.extensionID)
        }
        return ExtensionConnection(process: process, hello: hello, extensionID: name)
    }

    init(process: LaunchedProcess, hello: Hello, extensionID: String) {
        self.process = process
        self.hello = hello
        self.extensionID = extensionID
    }

    public func descriptor(kind: String) -> WidgetDescriptor? { hello.widgets.first { $0.kind == kind } }

    /// A new request id, registered as awaiting its reply.
    private func makeRequestID() -> UInt64 {
        lock.withLock {
            defer { nextRequestID += 1 }
            waiting.insert(nextRequestID)
            return nextRequestID
        }
    }

    /// Nobody will read the reply to `pending`: when it comes, it is dropped.
    public func abandon(_ pending: PendingRequest) {
        lock.withLock {
            waiting.remove(pending.id)
            arrived[pending.id] = nil
        }
    }

    /// What a timeline request asks for, besides its id and instant.
    public struct TimelineArguments: Sendable {
        public var kind: String
        public var family: WidgetFamily
        public var variants: [EnvironmentVariant]
        public var displaySize: (Double, Double)
        public var isPreview: Bool
        public var configuration: [UInt8]
        /// The placement the entries will be shown in (`Placement.id`; empty for the family's natural one).
        public var placement: String

        /// `displaySize` defaults to the family's size in the placement.
        public init(kind: String, family: WidgetFamily, variants: [EnvironmentVariant] = [.standard], displaySize: (Double, Double)? = nil,
                    isPreview: Bool = false, configuration: [UInt8] = [], placement: String = "") {
            self.kind = kind
            self.family = family
            self.variants = variants
            self.placement = placement
            let shown = Placement.named(placement) ?? Placement.natural(for: family)
            let size = shown.size(for: family) ?? Placement.natural(for: family).size(for: family) ?? Size(width: 0, height: 0)
            self.displaySize = displaySize ?? (size.width, size.height)
            self.isPreview = isPreview
            self.configuration = configuration
        }
    }

    /// A request that has been sent and whose reply has not been read yet.
    public struct PendingRequest: Sendable {
        let id: UInt64
        let what: String
        let kind: String
        let timeout: Double
    }

    /// Asks for a timeline and waits for the reply (diagnostics on the way are kept).
    public func timeline(
        kind: String, family: WidgetFamily, variants: [EnvironmentVariant], now: Date, displaySize: (Double, Double) = (0, 0),
        isPreview: Bool = false, configuration: [UInt8] = [], timeout: Double = 15
    ) throws(HostError) -> TimelineReply {
        let arguments = TimelineArguments(kind: kind, family: family, variants: variants, displaySize: displaySize,
                                          isPreview: isPreview, configuration: configuration)
        return try timeline(requestTimeline(arguments, now: now, timeout: timeout))
    }

    /// Sends a timeline request without waiting: `timeline(_:)` reads the reply. Sent right behind an
    /// intent, it is served as soon as the intent is performed (the extension serves requests in order),
    /// without a round trip back to the host in between.
    public func requestTimeline(_ arguments: TimelineArguments, now: Date, timeout: Double = 15) throws(HostError) -> PendingRequest {
        guard let widget = descriptor(kind: arguments.kind), widget.families.contains(arguments.family) else {
            throw .unknownWidget(extensionID: extensionID, kind: arguments.kind, family: arguments.family.rawValue)
        }
        let id = makeRequestID()
        let request = TimelineRequest(requestID: id, kind: arguments.kind, family: arguments.family, variants: arguments.variants,
                                      now: now, displayWidth: arguments.displaySize.0, displayHeight: arguments.displaySize.1,
                                      isPreview: arguments.isPreview, configuration: arguments.configuration,
                                      placement: arguments.placement)
        return try send(.getTimeline(request), id: id, what: "getTimeline(\(arguments.kind), \(arguments.family))",
                        kind: arguments.kind, timeout: timeout)
    }

    /// Waits for the reply to a timeline request sent by `requestTimeline`.
    public func timeline(_ pending: PendingRequest) throws(HostError) -> TimelineReply {
        guard case .timeline(let timeline) = try reply(to: pending) else {
            throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
        }
        return timeline
    }

    /// Asks for preview `index` of those the extension's source declares (`hello.previews`) and waits
    /// for its entries: each archive names the family it is shown in.
    public func preview(
        index: Int, variants: [EnvironmentVariant] = [.standard], now: Date, placement: String = "", timeout: Double = 15
    ) throws(HostError) -> TimelineReply {
        guard hello.previews.indices.contains(index) else {
            throw .unknownWidget(extensionID: extensionID, kind: "preview \(index)", family: "-")
        }
        let id = makeRequestID()
        let descriptor = hello.previews[index]
        let pending = try send(
            .getPreview(PreviewRequest(requestID: id, index: index, variants: variants, now: now, placement: placement)), id: id,
            what: "getPreview(\(index): \(descriptor.name))", kind: descriptor.kind, timeout: timeout)
        return try timeline(pending)
    }

    /// Sends an intent to perform and waits for the extension to finish it. `whileWaiting` runs once the
    /// request is on its way, so the host's own work (the optimistic render) overlaps the extension's.
    /// `thenTimeline`, if given, is a timeline request sent right behind the intent, before
    /// `whileWaiting` runs; its reply is read later with `timeline(_:)` or, if the intent fails, skipped
    /// as stale.
    ///
    /// `activities` are the app's Live Activities as the intent sees them (`Activity.activities`), and
    /// how many more it may start; what the intent did to them comes back in the outcome.
    @discardableResult
    public func performIntent(
        _ intent: IntentReference, kind: String, now: Date, timeout: Double = 15, activities: ActivityContext = ActivityContext(),
        thenTimeline next: TimelineArguments? = nil, whileWaiting: (() -> Void)? = nil
    ) throws(HostError) -> PerformedIntent {
        let id = makeRequestID()
        let request = IntentRequest(requestID: id, intent: intent, kind: kind, now: now, activities: activities.snapshots,
                                    activityStartsLeft: activities.startsLeft)
        let pending = try send(.performIntent(request), id: id, what: "performIntent(\(intent.typeIdentifier))", kind: kind, timeout: timeout)
        var following: PendingRequest?
        if let next {
            following = try requestTimeline(next, now: now, timeout: timeout)
        }
        whileWaiting?()
        do throws(HostError) {
            guard case .intentPerformed(let outcome) = try reply(to: pending) else {
                throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
            }
            return PerformedIntent(timeline: following, activityChanges: outcome.activityChanges)
        } catch {
            // The timeline asked for behind the intent is stale now: its reply is skipped.
            if let following { abandon(following) }
            throw error
        }
    }

    /// The app's Live Activities as an intent is told of them.
    public struct ActivityContext: Sendable {
        public var snapshots: [ActivitySnapshot]
        public var startsLeft: Int
        public init(snapshots: [ActivitySnapshot] = [], startsLeft: Int = 0) {
            self.snapshots = snapshots
            self.startsLeft = startsLeft
        }
    }

    /// An intent performed: the timeline request sent behind it (if any), and what it did to the app's
    /// Live Activities.
    public struct PerformedIntent: Sendable {
        public var timeline: PendingRequest?
        public var activityChanges: [ActivityChange]
    }

    /// Asks for a widget's relevance clues (`relevance()`).
    public func relevance(kind: String, now: Date, timeout: Double = 15) throws(HostError) -> [RelevanceClue] {
        let id = makeRequestID()
        let pending = try send(.getRelevance(RelevanceRequest(requestID: id, kind: kind, now: now)), id: id, what: "getRelevance(\(kind))",
                               kind: kind, timeout: timeout)
        guard case .relevance(let reply) = try self.reply(to: pending) else {
            throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
        }
        return reply.clues
    }

    /// Asks the extension to archive a Live Activity's presentations and waits for them.
    public func activity(_ request: ActivityRequest, timeout: Double = 15) throws(HostError) -> ActivityReply {
        let id = makeRequestID()
        var request = request
        request.requestID = id
        let pending = try send(.getActivity(request), id: id, what: "getActivity(\(request.attributesType))", kind: request.attributesType,
                               timeout: timeout)
        guard case .activity(let reply) = try self.reply(to: pending) else {
            throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
        }
        return reply
    }

    /// Tells the extension the push tokens issued to it and what they reach; returns once its push
    /// handlers have been told.
    public func deliverPushTokens(widgetToken: [UInt8], widgets: [PushTokenUpdate.ConfiguredWidget],
                                  controls: [PushTokenUpdate.ConfiguredControl], timeout: Double = 15) throws(HostError) {
        let id = makeRequestID()
        let update = PushTokenUpdate(requestID: id, widgetToken: widgetToken, widgets: widgets, controls: controls)
        let pending = try send(.pushTokens(update), id: id, what: "pushTokens", kind: "", timeout: timeout)
        guard case .pushTokensDelivered = try reply(to: pending) else {
            throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
        }
    }

    private func send(_ message: Message, id: UInt64, what: String, kind: String, timeout: Double) throws(HostError) -> PendingRequest {
        let pending = PendingRequest(id: id, what: what, kind: kind, timeout: timeout)
        writing.lock()
        defer { writing.unlock() }
        do {
            try process.channel.send(message)
        } catch {
            abandon(pending)
            throw hostError(error, what: what, timeout: timeout)
        }
        return pending
    }

    /// Waits for the reply to `pending` (within its timeout, counted from now), keeping diagnostics,
    /// keeping replies that other waiting requests are owed, and dropping those nobody waits for.
    private func reply(to pending: PendingRequest) throws(HostError) -> Message {
        let deadline = ContinuousClock.now + .milliseconds(Int(pending.timeout * 1000))
        defer { abandon(pending) }
        do {
            var unsolicited = 0
            while true {
                // Another thread may have read it already.
                if let kept = lock.withLock({ arrived.removeValue(forKey: pending.id) }) { return try answer(kept, to: pending) }
                guard let reply = try readUnlessKept(pending, deadline: deadline) else { continue }
                if reply.requestID == pending.id { return try answer(reply, to: pending) }
                unsolicited += 1
                if unsolicited > maximumUnsolicitedMessages {
                    throw ProtocolError.limitExceeded(field: "unsolicited messages", count: UInt64(unsolicited), limit: maximumUnsolicitedMessages)
                }
                lock.withLock {
                    if case .diagnostic(let d) = reply {
                        if kept.count < 100 { kept.append(d) }
                    } else if let id = reply.requestID, waiting.contains(id) {
                        // Owed to another waiting request. A request whose reader gave up without
                        // saying so must not make this grow: the oldest kept reply goes first.
                        if arrived.count >= 64, let oldest = arrived.keys.min() { arrived[oldest] = nil }
                        arrived[id] = reply
                    }  // else a stale answer to an abandoned request
                }
            }
        } catch {
            throw hostError(error, what: pending.what, timeout: pending.timeout)
        }
    }

    /// The next message from the channel, read with the channel to this thread alone; nil if, by the
    /// time the channel was free, another reader had already kept the reply to `pending`.
    private func readUnlessKept(_ pending: PendingRequest, deadline: ContinuousClock.Instant) throws(ProtocolError) -> Message? {
        reading.lock()
        defer { reading.unlock() }
        if lock.withLock({ arrived[pending.id] != nil }) { return nil }
        return try process.channel.receive(deadline: deadline)
    }

    /// The reply to `pending`, or the failure it reports.
    private func answer(_ reply: Message, to pending: PendingRequest) throws(HostError) -> Message {
        if case .failure(let f) = reply {
            throw .requestFailed(extensionID: extensionID, kind: pending.kind, code: f.code, message: f.message)
        }
        return reply
    }

    private func hostError(_ error: any Error, what: String, timeout: Double) -> HostError {
        switch error {
        case let error as HostError: error
        case ProtocolError.timedOut: .timedOut(extensionID: extensionID, request: what, seconds: timeout)
        case let error as ProtocolError: .connectionFailed(extensionID: extensionID, error)
        default: .connectionFailed(extensionID: extensionID, .closed(midFrame: false))
        }
    }

    /// Asks the extension to exit, then makes sure it did.
    public func shutdown(grace: Double = 1) {
        try? process.channel.send(.shutdown)
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        while ContinuousClock.now < deadline {
            if process.hasExited() { return }
            usleep(1000)
        }
        process.kill()
    }
}
