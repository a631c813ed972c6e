import Foundation
import WidgetArchive
import WidgetProtocol
import WidgetRender

/// The host: launches extensions, asks them for timelines, validates and stores the archives, and
/// renders the entry current at an instant. Never runs extension code itself.
public final class WidgetHost: @unchecked Sendable {
    public let store: ArchiveStore
    public let clock: HostClock
    public let launcher: ProcessLauncher
    public var handshakeTimeout: Double = 10
    public var requestTimeout: Double = 15
    /// Where host events go (one line each); tests and the CLI choose.
    public var log: @Sendable (String) -> Void = { _ in }

    private var connections: [String: ExtensionConnection] = [:]
    private let lock = NSLock()

    public init(store: ArchiveStore, clock: HostClock, launcher: ProcessLauncher = PosixProcessLauncher()) {
        self.store = store
        self.clock = clock
        self.launcher = launcher
    }

    /// The running connection to `executable`, launching it if needed.
    public func connection(to executable: String) throws(HostError) -> ExtensionConnection {
        if let existing = lock.withLock({ connections[executable] }), !existing.process.hasExited() {
            return existing
        }
        let name = URL(fileURLWithPath: executable).lastPathComponent
        try store.prepare(extensionID: name)
        let spec = LaunchSpec(executable: executable, logFile: store.logFile(name).path,
                              dataDirectory: store.dataDirectory(name).path)
        let connection = try ExtensionConnection.open(spec, launcher: launcher, handshakeTimeout: handshakeTimeout)
        if connection.extensionID != name { try store.prepare(extensionID: connection.extensionID) }
        log("launched \(connection.extensionID) (pid \(connection.process.pid)): \(connection.hello.widgets.map(\.kind).joined(separator: ", "))")
        lock.withLock { connections[executable] = connection }
        return connection
    }

    /// Asks the extension for a timeline, validates every archive, and stores it durably. On any
    /// failure nothing is written: the last good timeline stays.
    @discardableResult
    public func reload(
        executable: String, kind: String, family: WidgetFamily, variants: [EnvironmentVariant] = [.standard],
        isPreview: Bool = false, configuration: [UInt8] = []
    ) throws(HostError) -> StoredTimeline {
        let connection = try connection(to: executable)
        let size = Placement.natural(for: family).size(for: family) ?? Size(width: 0, height: 0)
        let now = clock.now
        let reply: TimelineReply
        do {
            reply = try connection.timeline(kind: kind, family: family, variants: variants, now: now,
                                            displaySize: (size.width, size.height), isPreview: isPreview,
                                            configuration: configuration, timeout: requestTimeout)
        } catch {
            if case .connectionFailed = error { forget(executable) }
            if case .timedOut = error { connection.process.kill(); forget(executable) }
            throw error
        }
        var timeline = try validate(reply, connection: connection, kind: kind, family: family, variants: variants, fetchedAt: now)
        timeline.configuration = configuration
        try store.save(timeline)
        log("stored \(timeline.entries.count) entries of \(connection.extensionID) \(kind) \(family) (policy \(reply.policy))")
        return timeline
    }

    private func validate(
        _ reply: TimelineReply, connection: ExtensionConnection, kind: String, family: WidgetFamily,
        variants: [EnvironmentVariant], fetchedAt: Date
    ) throws(HostError) -> StoredTimeline {
        let decoder = ArchiveDecoder(options: store.options)
        var entries: [StoredTimeline.Entry] = []
        for (i, entry) in reply.entries.enumerated() {
            guard entry.archives.count == variants.count else {
                throw .invalidArchive(extensionID: connection.extensionID, kind: kind, entry: i,
                                      reason: "\(entry.archives.count) archives for \(variants.count) variants")
            }
            for (bytes, variant) in zip(entry.archives, variants) {
                let value: WidgetArchiveValue
                do {
                    value = try decoder.decode(bytes)
                } catch {
                    throw .invalidArchive(extensionID: connection.extensionID, kind: kind, entry: i, reason: "\(error)")
                }
                guard value.kind == kind, value.family == family, value.variant == variant else {
                    throw .invalidArchive(extensionID: connection.extensionID, kind: kind, entry: i,
                                          reason: "archive is for \(value.kind) \(value.family) \(value.variant), not \(kind) \(family) \(variant)")
                }
            }
            entries.append(StoredTimeline.Entry(date: entry.date, relevance: entry.relevance, archives: entry.archives))
        }
        return StoredTimeline(extensionID: connection.extensionID, kind: kind, family: family, fetchedAt: fetchedAt,
                              policy: reply.policy, variants: variants, entries: entries)
    }

    private func forget(_ executable: String) {
        _ = lock.withLock { connections.removeValue(forKey: executable) }
    }

    /// Decodes the entry current at `date` and renders it.
    public func render(_ timeline: StoredTimeline, at date: Date, context: RenderContext) throws(HostError) -> (RenderTree, WidgetArchiveValue) {
        guard let index = timeline.entryIndex(at: date), let bytes = timeline.archive(entry: index) else {
            throw .noTimeline(extensionID: timeline.extensionID, kind: timeline.kind, family: timeline.family.rawValue)
        }
        let archive: WidgetArchiveValue
        do {
            archive = try ArchiveDecoder(options: store.options).decode(bytes)
        } catch {
            throw .invalidArchive(extensionID: timeline.extensionID, kind: timeline.kind, entry: index, reason: "\(error)")
        }
        return (WidgetRenderer.render(archive, context: context), archive)
    }

    /// Shuts every extension down.
    public func shutdown() {
        let all = lock.withLock { () -> [ExtensionConnection] in
            defer { connections.removeAll() }
            return Array(connections.values)
        }
        for connection in all { connection.shutdown() }
    }

    deinit { shutdown() }
}
