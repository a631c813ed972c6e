import Foundation

/// What `status` answers, kept up to date as things change (a reload, a new entry, a decision), so that
/// the control server answers at once: it never waits for widget work, launches an extension or
/// renders anything.
///
/// `@unchecked Sendable`: `rows` is guarded by `lock`.
final class StatusBoard: @unchecked Sendable {
    private var rows: [InstanceStatus]
    private let lock = NSLock()

    init(_ instances: [WidgetInstance]) {
        rows = instances.map {
            InstanceStatus(id: $0.id, kind: $0.kind, family: $0.family.rawValue, placement: $0.resolvedPlacement.id, extensionPID: nil,
                           entries: 0, currentEntry: nil, nextReload: nil, texts: [], lastError: nil, budgetLeft: nil)
        }
    }

    func update(_ index: Int, _ change: (inout InstanceStatus) -> Void) {
        lock.withLock { change(&rows[index]) }
    }

    func row(_ index: Int) -> InstanceStatus { lock.withLock { rows[index] } }

    var snapshot: [InstanceStatus] { lock.withLock { rows } }
}
