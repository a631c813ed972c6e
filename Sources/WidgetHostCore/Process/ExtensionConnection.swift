import Foundation
import WidgetArchive
import WidgetProtocol

/// A running extension process after a successful handshake: ask it for timelines, send it intents.
/// One request at a time; every wait has a deadline.
public final class ExtensionConnection: @unchecked Sendable {
    public let process: LaunchedProcess
    public let hello: Hello
    public var extensionID: String { hello.extensionID }
    /// Warnings the extension reported (inert controls…), oldest first.
    public private(set) var diagnostics: [Diagnostic] = []
    private var nextRequestID: UInt64 = 1
    private let lock = NSLock()
    /// Messages tolerated while waiting for one answer (see `SupervisionPolicy`).
    public var maximumUnsolicitedMessages = 1_000

    /// Launches `spec`, waits for `hello` until `handshakeTimeout` seconds.
    public static func open(_ spec: LaunchSpec, launcher: ProcessLauncher, handshakeTimeout: Double = 10) throws(HostError) -> ExtensionConnection {
        let process = try launcher.launch(spec)
        let name = URL(fileURLWithPath: spec.executable).lastPathComponent
        let message: Message
        do {
            message = try process.channel.receive(deadline: .now + .milliseconds(Int(handshakeTimeout * 1000)))
        } catch .timedOut {
            process.kill()
            throw .handshakeFailed(extensionID: name, reason: "no hello within \(handshakeTimeout) s")
        } catch {
            process.kill()
            throw .handshakeFailed(extensionID: name, reason: "\(error)")
        }
        guard case .hello(let hello) = message else {
            process.kill()
            throw .handshakeFailed(extensionID: name, reason: "first message was not hello")
        }
        guard hello.protocolVersion == widgetProtocolVersion else {
            process.kill()
            throw .protocolVersionMismatch(extensionID: hello.extensionID, found: hello.protocolVersion, expected: widgetProtocolVersion)
        }
        return ExtensionConnection(process: process, hello: hello)
    }

    init(process: LaunchedProcess, hello: Hello) {
        self.process = process
        self.hello = hello
    }

    public func descriptor(kind: String) -> WidgetDescriptor? { hello.widgets.first { $0.kind == kind } }

    private func makeRequestID() -> UInt64 {
        lock.withLock {
            defer { nextRequestID += 1 }
            return nextRequestID
        }
    }

    /// Asks for a timeline and waits for the reply (diagnostics on the way are kept).
    public func timeline(
        kind: String, family: WidgetFamily, variants: [EnvironmentVariant], now: Date, displaySize: (Double, Double) = (0, 0),
        isPreview: Bool = false, configuration: [UInt8] = [], timeout: Double = 15
    ) throws(HostError) -> TimelineReply {
        guard let widget = descriptor(kind: kind), widget.families.contains(family) else {
            throw .unknownWidget(extensionID: extensionID, kind: kind, family: family.rawValue)
        }
        let id = makeRequestID()
        let request = TimelineRequest(requestID: id, kind: kind, family: family, variants: variants, now: now,
                                      displayWidth: displaySize.0, displayHeight: displaySize.1, isPreview: isPreview,
                                      configuration: configuration)
        let reply = try roundTrip(.getTimeline(request), id: id, timeout: timeout, what: "getTimeline(\(kind), \(family))", kind: kind)
        guard case .timeline(let timeline) = reply else {
            throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
        }
        return timeline
    }

    /// Sends an intent to perform and waits for the extension to finish it. `whileWaiting` runs once the
    /// request is on its way, so the host's own work (the optimistic render) overlaps the extension's.
    public func performIntent(
        _ intent: IntentReference, kind: String, now: Date, timeout: Double = 15, whileWaiting: (() -> Void)? = nil
    ) throws(HostError) {
        let id = makeRequestID()
        let reply = try roundTrip(.performIntent(IntentRequest(requestID: id, intent: intent, kind: kind, now: now)), id: id,
                                  timeout: timeout, what: "performIntent(\(intent.typeIdentifier))", kind: kind,
                                  whileWaiting: whileWaiting)
        guard case .intentPerformed = reply else {
            throw .connectionFailed(extensionID: extensionID, .unknownMessageType(0))
        }
    }

    private func roundTrip(
        _ message: Message, id: UInt64, timeout: Double, what: String, kind: String, whileWaiting: (() -> Void)? = nil
    ) throws(HostError) -> Message {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        do {
            try process.channel.send(message)
            whileWaiting?()
            var unsolicited = 0
            while true {
                let reply = try process.channel.receive(deadline: deadline)
                if reply.requestID != id {
                    unsolicited += 1
                    if unsolicited > maximumUnsolicitedMessages {
                        throw ProtocolError.limitExceeded(field: "unsolicited messages", count: UInt64(unsolicited), limit: maximumUnsolicitedMessages)
                    }
                }
                switch reply {
                case .diagnostic(let d):
                    lock.withLock { if diagnostics.count < 100 { diagnostics.append(d) } }
                case .failure(let f) where f.requestID == id:
                    throw HostError.requestFailed(extensionID: extensionID, kind: kind, code: "\(f.code)", message: f.message)
                case let other where other.requestID == id:
                    return other
                default:
                    continue  // a stale answer to an abandoned request
                }
            }
        } catch let error as HostError {
            throw error
        } catch ProtocolError.timedOut {
            throw .timedOut(extensionID: extensionID, request: what, seconds: timeout)
        } catch let error as ProtocolError {
            throw .connectionFailed(extensionID: extensionID, error)
        } catch {
            throw .connectionFailed(extensionID: extensionID, .closed(midFrame: false))
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
