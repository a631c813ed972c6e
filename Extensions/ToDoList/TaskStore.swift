import Foundation

struct TaskItem: Codable, Hashable, Identifiable, Sendable {
    let id: String
    let title: String
    var done: Bool
    var locked: Bool = false
}

struct LockedTaskError: Error, CustomStringConvertible {
    let title: String
    var description: String { "\"\(title)\" is locked by its owner" }
}

/// The task list, persisted in the extension's data folder (`WIDGET_EXTENSION_DATA`) before an intent
/// returns, since the host reloads the timeline right after.
// `@unchecked Sendable`: the task list is only read and written with `lock` held.
final class TaskStore: @unchecked Sendable {
    static let shared = TaskStore()
    static let defaults: [TaskItem] = [
        TaskItem(id: "milk", title: "Buy milk", done: false),
        TaskItem(id: "call", title: "Call Mom", done: true),
        TaskItem(id: "plants", title: "Water the plants", done: false),
        TaskItem(id: "report", title: "Team report", done: false, locked: true),
    ]

    private let lock = NSLock()
    private let file: URL?

    init() {
        file = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map {
            URL(fileURLWithPath: $0).appendingPathComponent("tasks.json")
        }
    }

    func tasks() -> [TaskItem] { lock.withLock { load() } }

    func toggle(_ id: String) throws {
        try lock.withLock {
            var all = load()
            guard let i = all.firstIndex(where: { $0.id == id }) else { return }
            guard !all[i].locked else { throw LockedTaskError(title: all[i].title) }
            all[i].done.toggle()
            if let file { try JSONEncoder().encode(all).write(to: file, options: .atomic) }
            memory = all
        }
    }

    private var memory: [TaskItem]?

    private func load() -> [TaskItem] {
        if let file, let data = try? Data(contentsOf: file), let saved = try? JSONDecoder().decode([TaskItem].self, from: data) {
            return saved
        }
        return memory ?? Self.defaults
    }
}
