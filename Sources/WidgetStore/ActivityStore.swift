import Foundation
import SystemCalls
import LiveActivities
import WidgetArchive
import WidgetProtocol

/// A Live Activity as the store keeps it: the system's record (the source of truth: an acknowledged
/// start, update or end is in it) and the presentations last archived for its content, as the
/// extension's `activity` reply frame (so they decode under the protocol's limits like any reply).
public struct StoredActivity: Sendable {
    public var record: ActivityRecord
    public var reply: ActivityReply?
    /// Whether those presentations were archived with `isStale` set.
    public var archivedStale: Bool

    public init(record: ActivityRecord, reply: ActivityReply?, archivedStale: Bool) {
        self.record = record
        self.reply = reply
        self.archivedStale = archivedStale
    }
}

/// Its file: JSON, the reply frame in base64.
private struct StoredActivityFile: Codable {
    var record: ActivityRecord
    var presentations: Data?
    var archivedStale: Bool
}

extension ArchiveStore {
    /// `ROOT/<extension-id>/activities/<id>.activity`: one file per activity, replaced atomically.
    public func activityDirectory(_ extensionID: String) -> URL {
        extensionDirectory(extensionID).appendingPathComponent("activities", isDirectory: true)
    }

    public func activityFile(extensionID: String, id: String) -> URL {
        activityDirectory(extensionID).appendingPathComponent(Self.safeComponent(id) + ".activity")
    }

    /// Writes an activity durably (one atomic file replacement).
    public func save(_ activity: StoredActivity) throws(StoreError) {
        let file = activityFile(extensionID: activity.record.extensionID, id: activity.record.id)
        let frame = activity.reply.map { Data(MessageCodec.encode(.activity($0))) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(StoredActivityFile(record: activity.record, presentations: frame,
                                                                 archivedStale: activity.archivedStale)) else {
            throw .unencodableActivity(path: file.path)
        }
        do {
            try DurableFile.write([UInt8](bytes), to: file.path)
        } catch .io(_, let e) where e.code == ENOENT {
            try prepare(extensionID: activity.record.extensionID)
            do {
                try FileManager.default.createDirectory(at: activityDirectory(activity.record.extensionID), withIntermediateDirectories: true)
            } catch {
                throw .io(path: activityDirectory(activity.record.extensionID).path, Errno(EACCES))
            }
            try DurableFile.write([UInt8](bytes), to: file.path)
        }
    }

    /// Forgets an activity that has left every screen.
    public func removeActivity(extensionID: String, id: String) {
        try? FileManager.default.removeItem(at: activityFile(extensionID: extensionID, id: id))
    }

    /// Every stored activity; a file that does not decode is quarantined and named in `quarantined`.
    public func loadActivities(now: Date) -> (activities: [StoredActivity], quarantined: [String]) {
        var found: [StoredActivity] = [], quarantined: [String] = []
        let extensions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for folder in extensions.sorted() {
            let directory = root.appendingPathComponent(folder).appendingPathComponent("activities")
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() where name.hasSuffix(".activity") {
                let file = directory.appendingPathComponent(name)
                if let stored = readActivity(file) {
                    found.append(stored)
                } else {
                    quarantined.append(file.path)
                    _ = try? quarantine(file, extensionID: folder.removingPercentEncoding ?? folder, now: now)
                }
            }
        }
        return (found.sorted { $0.record.requestedAt < $1.record.requestedAt }, quarantined)
    }

    private func readActivity(_ file: URL) -> StoredActivity? {
        guard let bytes = try? DurableFile.read(file.path, limit: 16 << 20),
              let stored = try? JSONDecoder().decode(StoredActivityFile.self, from: Data(bytes)) else { return nil }
        var reply: ActivityReply?
        if let frame = stored.presentations {
            guard case .activity(let decoded)? = try? MessageCodec.decode([UInt8](frame)) else { return nil }
            reply = decoded
        }
        return StoredActivity(record: stored.record, reply: reply, archivedStale: stored.archivedStale)
    }
}
