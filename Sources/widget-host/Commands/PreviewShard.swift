import Foundation
import WidgetHostCore

/// `preview --shard K/N`: this run renders the units of work (each widget row, each declared preview)
/// whose number is K - 1 modulo N, and writes a manifest beside them; `preview --merge` joins the N
/// shards' folders into one, with the contact sheet an unsharded run would have written.
struct PreviewShard: Equatable {
    /// 1 ... count.
    let index: Int
    let count: Int

    /// The largest number of shards accepted: more than any CI matrix would run.
    static let largestCount = 1000

    /// `K/N`, with 1 ≤ K ≤ N ≤ 1000.
    init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...Self.largestCount).contains(n), (1...n).contains(k) else {
            throw UsageError("--shard must be K/N with 1 ≤ K ≤ N ≤ \(Self.largestCount) (got \(text))")
        }
        index = k
        count = n
    }

    var manifestName: String { "shard-\(index)-of-\(count).json" }

    /// What a shard leaves for `--merge`: its rows of the contact sheet with their unit numbers, what
    /// the extension reported per unit, and what failed.
    struct Manifest: Codable {
        struct Diagnostics: Codable {
            var unit: Int
            var messages: [String]
        }
        struct Failure: Codable {
            var unit: Int
            var message: String
        }
        var extensionID: String
        var shard: Int
        var of: Int
        var units: Int
        var rows: [ContactSheet.SheetRow]
        var diagnostics: [Diagnostics]
        var assetWarnings: [String]
        var failures: [Failure]
        var written: Int
        var transitions: Int

        /// The warnings the contact sheet lists: what the extension reported, in the order of the
        /// units that first reported it (before any unit: at launch), then the asset warnings.
        var warnings: [String] {
            var seen: Set<String> = []
            let reported = diagnostics.sorted { $0.unit < $1.unit }.flatMap(\.messages)
            return (reported + assetWarnings.sorted()).filter { seen.insert($0).inserted }
        }

        func encoded() throws -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return [UInt8](try encoder.encode(self))
        }

        /// The shards joined: rows and reports in unit order, as one run would have made them.
        static func joined(_ shards: [Manifest]) -> Manifest {
            var whole = shards[0]
            whole.shard = 1
            whole.of = 1
            whole.rows = shards.flatMap(\.rows).enumerated().sorted { ($0.element.unit, $0.offset) < ($1.element.unit, $1.offset) }.map(\.element)
            whole.diagnostics = shards.flatMap(\.diagnostics).sorted { $0.unit < $1.unit }
            whole.assetWarnings = Array(Set(shards.flatMap(\.assetWarnings))).sorted()
            whole.failures = shards.flatMap(\.failures).sorted { $0.unit < $1.unit }
            whole.written = shards.reduce(0) { $0 + $1.written }
            whole.transitions = shards.reduce(0) { $0 + $1.transitions }
            return whole
        }
    }
}

/// `preview --merge DIR… --out DIR`.
enum PreviewMerge {
    static func run(shards folders: [String], out: URL) throws {
        guard !folders.isEmpty else { throw UsageError("--merge needs the shards' folders") }
        var manifests: [(URL, PreviewShard.Manifest)] = []
        for folder in folders {
            let url = URL(fileURLWithPath: folder, isDirectory: true)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            let found = names.filter { $0.hasPrefix("shard-") && $0.hasSuffix(".json") }
            guard found.count == 1, let name = found.first else {
                throw CommandFailure("\(folder) is not the output of one preview --shard run (\(found.isEmpty ? "no" : "\(found.count)") shard manifests)")
            }
            let manifest: PreviewShard.Manifest
            do {
                manifest = try JSONDecoder().decode(PreviewShard.Manifest.self, from: SettingsFile.read(url.appendingPathComponent(name).path))
            } catch {
                throw CommandFailure("\(folder)/\(name) is not a shard manifest: \(error)")
            }
            manifests.append((url, manifest))
        }
        try check(manifests.map(\.1), folders: folders)
        try OutputFile.createDirectory(out)
        for (folder, _) in manifests { try copyRendered(from: folder, to: out) }
        let whole = PreviewShard.Manifest.joined(manifests.map(\.1))
        var sheet = ContactSheet(title: whole.extensionID)
        sheet.rows = whole.rows
        sheet.warnings = whole.warnings
        try OutputFile.write(sheet.html(), to: out.appendingPathComponent("index.html"))
        for warning in sheet.warnings { print("warning: \(warning)") }
        print("merged \(manifests.count) shard(s) of \(whole.extensionID): \(whole.written) entries and \(whole.transitions) transition(s) in \(out.path) (open index.html)")
        if !whole.failures.isEmpty {
            throw CommandFailure("some widgets failed:\n  " + whole.failures.map(\.message).joined(separator: "\n  "))
        }
    }

    /// The shards belong together: one extension, one count, each shard once, the same units.
    private static func check(_ manifests: [PreviewShard.Manifest], folders: [String]) throws {
        let first = manifests[0]
        for (m, folder) in zip(manifests, folders) where m.extensionID != first.extensionID || m.of != first.of || m.units != first.units {
            throw CommandFailure("\(folder) is a shard of another preview (\(m.extensionID), \(m.of) shards, \(m.units) units) than \(folders[0]) (\(first.extensionID), \(first.of) shards, \(first.units) units)")
        }
        let shards = manifests.map(\.shard).sorted()
        guard shards == Array(1...first.of) else {
            let missing = Set(1...first.of).subtracting(shards).sorted()
            let twice = Dictionary(grouping: shards, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            throw CommandFailure("the shards do not make the whole preview: \(first.of) expected"
                + (missing.isEmpty ? "" : "; missing \(missing.map(String.init).joined(separator: ", "))")
                + (twice.isEmpty ? "" : "; given twice \(twice.map(String.init).joined(separator: ", "))"))
        }
    }

    /// Every rendered file of a shard (not its manifest, its partial sheet or its store), copied into
    /// the same place under `out`.
    private static func copyRendered(from folder: URL, to out: URL) throws {
        guard let paths = FileManager.default.subpaths(atPath: folder.path) else { return }
        for path in paths.sorted() {
            let top = path.split(separator: "/").first.map(String.init) ?? path
            if top == ".store" || path == "index.html" || (top == path && top.hasPrefix("shard-") && top.hasSuffix(".json")) { continue }
            let source = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let target = out.appendingPathComponent(path)
            if source.standardizedFileURL == target.standardizedFileURL { continue }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard let bytes = FileManager.default.contents(atPath: source.path) else { throw CommandFailure("cannot read \(source.path)") }
            try OutputFile.write([UInt8](bytes), to: target)
        }
    }
}
