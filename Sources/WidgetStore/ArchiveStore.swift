import ByteCoding
import Foundation
import SystemCalls
import WidgetArchive
import WidgetProtocol

/// The on-disk store: one folder per extension, one `.timeline` file per widget kind and family.
///
/// ```
/// ROOT/<extension-id>/timelines/<kind>@<family>.timeline
/// ROOT/<extension-id>/data/        the extension's own files (WIDGET_EXTENSION_DATA)
/// ROOT/<extension-id>/extension.log
/// ROOT/<extension-id>/quarantine/  corrupt files moved aside
/// ```
public struct ArchiveStore: Sendable {
    public let root: URL
    public var options: ArchiveDecodingOptions
    /// Where the store's writes and reads of timelines go: the disk, or faults put in for a test.
    public var fileSystem: any StoreFileSystem

    public init(root: URL, options: ArchiveDecodingOptions = .default, fileSystem: any StoreFileSystem = PosixStoreFileSystem()) {
        self.root = root
        self.options = options
        self.fileSystem = fileSystem
    }

    /// A name safe as one path component: letters, digits, `.`, `_`, `-` kept; anything else
    /// percent-escaped, so no extension or kind can name a path outside its folder.
    public static func safeComponent(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || (c == "." && !out.isEmpty)) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out.isEmpty ? "%00" : out
    }

    public func extensionDirectory(_ extensionID: String) -> URL {
        root.appendingPathComponent(Self.safeComponent(extensionID), isDirectory: true)
    }

    public func dataDirectory(_ extensionID: String) -> URL { extensionDirectory(extensionID).appendingPathComponent("data", isDirectory: true) }

    public func logFile(_ extensionID: String) -> URL { extensionDirectory(extensionID).appendingPathComponent("extension.log") }

    /// `<kind>@<family>.timeline`, with `-<crc32 of the configuration>` for configured widgets so that
    /// two configurations of one widget keep separate timelines.
    public func timelineFile(extensionID: String, kind: String, family: WidgetFamily, configuration: [UInt8] = []) -> URL {
        let suffix = configuration.isEmpty ? "" : "-" + String(CRC32.checksum(configuration), radix: 16)
        return extensionDirectory(extensionID).appendingPathComponent("timelines", isDirectory: true)
            .appendingPathComponent("\(Self.safeComponent(kind))@\(family.rawValue)\(suffix).timeline")
    }

    /// Creates the extension's folders.
    public func prepare(extensionID: String) throws(StoreError) {
        for dir in [extensionDirectory(extensionID), dataDirectory(extensionID),
                    extensionDirectory(extensionID).appendingPathComponent("timelines", isDirectory: true)] {
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .io(path: dir.path, Errno(EACCES))
            }
        }
    }

    /// Writes a timeline durably (one atomic file replacement). Returns the file.
    @discardableResult
    public func save(_ timeline: StoredTimeline) throws(StoreError) -> URL {
        let file = timelineFile(extensionID: timeline.extensionID, kind: timeline.kind, family: timeline.family,
                                configuration: timeline.configuration)
        do {
            try DurableFile.write(TimelineFileCodec.encode(timeline), to: file.path, fileSystem: fileSystem)
        } catch .io(_, let e) where e.code == ENOENT {
            // First write for this extension: make its folders, then write.
            try prepare(extensionID: timeline.extensionID)
            try DurableFile.write(TimelineFileCodec.encode(timeline), to: file.path, fileSystem: fileSystem)
        }
        return file
    }

    /// The stored timeline, or `nil` if none. A file that fails its checksum or decoding is an error.
    public func load(extensionID: String, kind: String, family: WidgetFamily, configuration: [UInt8] = []) throws(StoreError) -> StoredTimeline? {
        let file = timelineFile(extensionID: extensionID, kind: kind, family: family, configuration: configuration)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let bytes = try DurableFile.read(file.path, fileSystem: fileSystem)
        do {
            return try TimelineFileCodec.decode(bytes, options: options)
        } catch {
            throw .corrupt(path: file.path, error)
        }
    }
}

extension ArchiveStore {
    /// Where corrupt files are moved, per extension.
    public func quarantineDirectory(_ extensionID: String) -> URL {
        extensionDirectory(extensionID).appendingPathComponent("quarantine", isDirectory: true)
    }

    /// Moves a corrupt file aside (never deleted: it is evidence) and returns its new place.
    @discardableResult
    public func quarantine(_ file: URL, extensionID: String, now: Date) throws(StoreError) -> URL {
        let dir = quarantineDirectory(extensionID)
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let target = dir.appendingPathComponent("\(file.lastPathComponent).\(Int(now.timeIntervalSince1970))")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: file, to: target)
            return target
        } catch {
            throw .io(path: file.path, Errno(EIO))
        }
    }

    /// The stored timeline if it is intact. A corrupt one (checksum or decoding) is quarantined and
    /// `nil` returned, so the caller asks the extension again — once, not in a loop. One that cannot be
    /// read (an I/O error) is left where it is, for it may be whole: `nil` too, and the error logged.
    public func loadOrQuarantine(extensionID: String, kind: String, family: WidgetFamily, configuration: [UInt8] = [],
                                 now: Date, log: (String) -> Void = { _ in }) -> StoredTimeline? {
        do {
            return try load(extensionID: extensionID, kind: kind, family: family, configuration: configuration)
        } catch .corrupt(let path, let reason) {
            let file = timelineFile(extensionID: extensionID, kind: kind, family: family, configuration: configuration)
            let moved = try? quarantine(file, extensionID: extensionID, now: now)
            log("\(extensionID) \(kind) \(family): store file \(path) is corrupt: \(reason); moved to \(moved?.path ?? "(could not move)") and asking the extension again")
            return nil
        } catch {
            log("\(extensionID) \(kind) \(family): \(error); left in place and asking the extension again")
            return nil
        }
    }
}

/// What start-up recovery found.
public struct StoreRecovery: Hashable, Sendable {
    /// Temporary files of writes that never completed (the host died before their rename).
    public var removedTemporaries: [String] = []
    /// Timeline files that failed their checksum or decoding, moved to `quarantine/`.
    public var quarantined: [String] = []
    /// Timeline files that decoded.
    public var intact = 0
    /// Timeline files that could not be read (an I/O error, a file too large), each with its path and
    /// reason: left where they are.
    public var unreadable: [String] = []
}

extension ArchiveStore {
    /// Run at start: removes incomplete temporary files, checks every timeline file, quarantines the
    /// corrupt ones. After a crash at any moment, every timeline that was reported stored is intact.
    public func recover(now: Date) -> StoreRecovery {
        var report = StoreRecovery()
        let fm = FileManager.default
        guard let extensions = try? fm.contentsOfDirectory(atPath: root.path) else { return report }
        for ext in extensions.sorted() {
            let timelines = root.appendingPathComponent(ext).appendingPathComponent("timelines")
            guard let files = try? fm.contentsOfDirectory(atPath: timelines.path) else { continue }
            for name in files.sorted() {
                let file = timelines.appendingPathComponent(name)
                if name.hasSuffix(DurableFile.temporarySuffix) {
                    try? fm.removeItem(at: file)
                    report.removedTemporaries.append(file.path)
                    continue
                }
                guard name.hasSuffix(".timeline") else { continue }
                let bytes: [UInt8]
                do {
                    bytes = try DurableFile.read(file.path, fileSystem: fileSystem)
                } catch {
                    // Not read is not corrupt: it stays, and is tried again when it is needed.
                    report.unreadable.append("\(error)")
                    continue
                }
                if (try? TimelineFileCodec.decode(bytes, options: options)) != nil {
                    report.intact += 1
                } else if let moved = try? quarantine(file, extensionID: ext, now: now) {
                    report.quarantined.append(moved.path)
                }
            }
        }
        return report
    }
}

