import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetStore

/// `widget-host inspect FILE`: the decoded tree, or a clear error with the byte offset.
enum InspectCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: ["entry"], flags: ["json"])
        guard a.positional.count == 1, let path = a.positional.first else { throw UsageError("inspect takes one FILE") }
        let entry = try a.integer("entry", in: 0...Int(Int32.max))
        let file = try LoadedFile.load(path)
        if a.has("json") { return try printJSON(file, path: path, entry: entry) }
        switch file {
        case .archive(let value):
            print(ArchiveTextDump.dump(value), terminator: "")
        case .timeline(let timeline):
            print("timeline extension=\(timeline.extensionID) kind=\(timeline.kind) family=\(timeline.family) entries=\(timeline.entries.count) policy=\(timeline.policy) variants=\(timeline.variants.map(\.description).joined(separator: ","))")
            let indices = entry.map { [$0] } ?? Array(timeline.entries.indices)
            var nodes = 0
            for i in indices {
                guard timeline.entries.indices.contains(i) else {
                    throw UsageError("--entry \(i) is out of range (the timeline has \(timeline.entries.count) entries)")
                }
                for (v, bytes) in timeline.entries[i].archives.enumerated() {
                    let value = try LoadedFile.decodeArchive(bytes, path: "\(path) entry \(i) variant \(v)", nodes: &nodes)
                    print("entry \(i) variant \(timeline.variants[v]):")
                    print(ArchiveTextDump.dump(value), terminator: "")
                }
            }
        }
    }
}

extension InspectCommand {
    /// A stored timeline as `--json` shows it: its header, and each entry's decoded variants.
    struct TimelineDocument: Encodable {
        struct Entry: Encodable {
            var index: Int
            var date: Date
            var variants: [String: WidgetArchiveValue]
        }
        var extensionID: String
        var kind: String
        var family: String
        var policy: String
        var entries: [Entry]
    }

    static func printJSON(_ file: LoadedFile, path: String, entry: Int?) throws {
        switch file {
        case .archive(let value):
            try JSONOutput.print(value)
        case .timeline(let timeline):
            var nodes = 0
            var entries: [TimelineDocument.Entry] = []
            for i in entry.map({ [$0] }) ?? Array(timeline.entries.indices) {
                guard timeline.entries.indices.contains(i) else {
                    throw UsageError("--entry \(i) is out of range (the timeline has \(timeline.entries.count) entries)")
                }
                var variants: [String: WidgetArchiveValue] = [:]
                for (v, bytes) in timeline.entries[i].archives.enumerated() {
                    variants[timeline.variants[v].description] = try LoadedFile.decodeArchive(bytes, path: "\(path) entry \(i) variant \(v)", nodes: &nodes)
                }
                entries.append(TimelineDocument.Entry(index: i, date: timeline.entries[i].date, variants: variants))
            }
            try JSONOutput.print(TimelineDocument(extensionID: timeline.extensionID, kind: timeline.kind, family: "\(timeline.family)",
                                                  policy: "\(timeline.policy)", entries: entries))
        }
    }
}

/// An archive or timeline file read from disk, with errors that name the file and offset.
enum LoadedFile {
    case archive(WidgetArchiveValue)
    case timeline(StoredTimeline)

    static func load(_ path: String) throws -> LoadedFile {
        let bytes: [UInt8]
        do {
            bytes = try DurableFile.read(path)
        } catch .io(_, let code) {
            switch code.code {
            case ENOENT: throw CommandFailure("\(path): no such file")
            case EISDIR: throw CommandFailure("\(path) is a directory, not an archive")
            default: throw CommandFailure("\(path) is not readable: \(code)")
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        if bytes.starts(with: TimelineFileCodec.magic) {
            do {
                return .timeline(try TimelineFileCodec.decode(bytes))
            } catch {
                throw CommandFailure("\(path): \(error)")
            }
        }
        return .archive(try decodeArchive(bytes, path: path))
    }

    static func decodeArchive(_ bytes: [UInt8], path: String) throws -> WidgetArchiveValue {
        var nodes = 0
        return try decodeArchive(bytes, path: path, nodes: &nodes)
    }

    /// One of a timeline's archives, its nodes counted into `nodes` (bounded across the timeline).
    static func decodeArchive(_ bytes: [UInt8], path: String, nodes: inout Int) throws -> WidgetArchiveValue {
        do {
            return try ArchiveDecoder().decode(bytes, addingNodesTo: &nodes)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
    }
}
