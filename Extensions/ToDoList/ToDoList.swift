// The bundled interactive example: a to-do list whose rows are toggles backed by an App Intent. Tapping
// a row flips it at once in the host (both states are archived); the intent runs here, in the
// extension's process, persists the change, and the host reloads the timeline. A locked task refuses
// to change: its intent throws, and the host reverts the optimistic flip.
import AppIntents
import SwiftUI
import WidgetKit

@main
struct ToDoWidgets: WidgetBundle {
    /// The app opens `todo://` URLs.
    static var urlSchemes: [String] { ["todo"] }

    var body: some Widget {
        ToDoListWidget()
    }
}

struct ToDoListWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ToDoList", provider: ToDoProvider()) { entry in
            ToDoListView(entry: entry)
        }
        .configurationDisplayName("To Do")
        .description("Check off tasks right from the widget.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        // A list to tick off wants attention a driver should not give it.
        .disfavoredLocations([.carPlay], for: [.systemSmall])
    }
}

struct ToDoEntry: TimelineEntry {
    let date: Date
    let tasks: [TaskItem]
}

struct ToDoProvider: TimelineProvider {
    func placeholder(in context: Context) -> ToDoEntry { ToDoEntry(date: Date(), tasks: TaskStore.defaults) }

    func getSnapshot(in context: Context, completion: @escaping (ToDoEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ToDoEntry>) -> Void) {
        // Tasks change only when tapped: nothing to schedule.
        completion(Timeline(entries: [ToDoEntry(date: Date(), tasks: TaskStore.shared.tasks())], policy: .never))
    }
}

/// A checkbox look that reads `configuration.isOn`, as custom styles must: both states are archived.
struct CheckboxToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 6) {
            Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle")
                .foregroundColor(configuration.isOn ? .green : .secondary)
            configuration.label
                .opacity(configuration.isOn ? 0.5 : 1)
        }
    }
}

struct ToDoListView: View {
    let entry: ToDoEntry
    @Environment(\.widgetFamily) private var family

    private var visible: [TaskItem] {
        Array(entry.tasks.prefix(family == .systemLarge ? 8 : family == .systemMedium ? 4 : 3))
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text("To Do").font(.headline)
                    .widgetURL(URL(string: "todo://list"))
                Spacer()
                Text("\(entry.tasks.filter { !$0.done }.count) left")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .invalidatableContent()
                    .id("remaining")
            }
            ForEach(visible) { task in
                Toggle(isOn: task.done, intent: ToggleTaskIntent(taskID: task.id)) {
                    Text(task.title).font(.subheadline).lineLimit(1)
                }
            }
            Spacer(minLength: 0)
        }
        .toggleStyle(CheckboxToggleStyle())
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(for: .widget) { Color.white }
    }
}

/// Flips one task. Only `taskID` is persisted in the archive.
struct ToggleTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Toggle task"

    @Parameter(title: "Task")
    var taskID: String

    init() {}
    init(taskID: String) { self.taskID = taskID }

    func perform() async throws -> some IntentResult {
        try TaskStore.shared.toggle(taskID)
        FileHandle.standardError.write(Data("ToDoList[\(getpid())]: toggled \(taskID)\n".utf8))
        return .result()
    }
}
