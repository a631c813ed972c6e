import Foundation
import WidgetControl

/// What `status` answers, kept up to date as things change (a reload, a new entry, a decision), so that
/// the control server answers at once: it never waits for widget work, launches an extension or
/// renders anything. Each row is encoded when it changes, by whoever changed it; an answer is the rows'
/// bytes joined, however many instances there are and however busy the host is.
///
/// `@unchecked Sendable`: `rows` and `encoded` are guarded by `lock`.
final class StatusBoard: @unchecked Sendable {
    private var rows: [InstanceStatus]
    private var encoded: [[UInt8]]
    /// Rows of instances no longer configured: kept in place (rows are addressed by index), not shown.
    private var removed: Set<Int> = []
    /// The Smart Stacks' tops, encoded as `"stacks":[…]` (empty: none configured).
    private var stacks: [UInt8] = []
    private let lock = NSLock()

    /// The Smart Stacks' current tops.
    func updateStacks(_ rows: [StackStatus]) {
        let bytes = rows.isEmpty ? [] : Array(#","stacks":"#.utf8) + ((try? JSONEncoder().encode(rows)).map { [UInt8]($0) } ?? Array("[]".utf8))
        lock.withLock { stacks = bytes }
    }

    init(_ instances: [WidgetInstance]) {
        rows = instances.map(Self.row)
        encoded = rows.map(Self.encode)
    }

    private static func row(_ instance: WidgetInstance) -> InstanceStatus {
        InstanceStatus(id: instance.id, kind: instance.kind, family: instance.family.rawValue, placement: instance.resolvedPlacement.id,
                       extensionPID: nil, entries: 0, currentEntry: nil, nextReload: nil, texts: [], lastError: nil, budgetLeft: nil)
    }

    /// A row for an instance added to the configuration.
    func append(_ instance: WidgetInstance) {
        let row = Self.row(instance)
        let bytes = Self.encode(row)
        lock.withLock {
            rows.append(row)
            encoded.append(bytes)
        }
    }

    /// Hides the row of an instance taken out of the configuration, and lets go of what it showed.
    func remove(_ index: Int) {
        lock.withLock {
            _ = removed.insert(index)
            encoded[index] = []
        }
    }

    /// A row for an instance added in the place of a removed one.
    func replace(_ index: Int, with instance: WidgetInstance) {
        let row = Self.row(instance)
        let bytes = Self.encode(row)
        lock.withLock {
            rows[index] = row
            encoded[index] = bytes
            removed.remove(index)
        }
    }

    private static func encode(_ row: InstanceStatus) -> [UInt8] {
        (try? JSONEncoder().encode(row)).map { [UInt8]($0) } ?? Array("{}".utf8)
    }

    func update(_ index: Int, _ change: (inout InstanceStatus) -> Void) {
        var row = lock.withLock { rows[index] }
        let before = row
        change(&row)
        guard row != before else { return }
        let bytes = Self.encode(row)
        lock.withLock {
            rows[index] = row
            encoded[index] = bytes
        }
    }

    func row(_ index: Int) -> InstanceStatus { lock.withLock { rows[index] } }

    var snapshot: [InstanceStatus] { lock.withLock { rows.indices.filter { !removed.contains($0) }.map { rows[$0] } } }

    /// The whole `status` answer, a `ControlResponse` as one JSON line's bytes (without the newline).
    func statusLine() -> [UInt8] {
        let (parts, stackPart) = lock.withLock { (encoded.indices.filter { !removed.contains($0) }.map { encoded[$0] }, stacks) }
        var line = Array(#"{"ok":true,"message":"\#(parts.count) instance(s)","instances":["#.utf8)
        line.reserveCapacity(parts.reduce(line.count + 2) { $0 + $1.count + 1 })
        for (i, part) in parts.enumerated() {
            if i > 0 { line.append(UInt8(ascii: ",")) }
            line += part
        }
        line += Array("]".utf8) + stackPart + Array("}".utf8)
        return line
    }
}
