// The widget: the newest shopping list (a class Xcode generates from the model) and what is left to
// buy on it (a class the app wrote with @NSManaged), read from the app group's Core Data store.
import CoreData
import SwiftUI
import WidgetKit

struct ListEntry: TimelineEntry {
    let date: Date
    let listName: String
    let toBuy: [String]
    let total: Int
}

struct ListProvider: TimelineProvider {
    func placeholder(in context: Context) -> ListEntry { ListEntry(date: Date(), listName: "Groceries", toBuy: ["Milk"], total: 1) }

    func getSnapshot(in context: Context, completion: @escaping (ListEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ListEntry>) -> Void) {
        let viewContext = PersistenceController.shared.container.viewContext
        var entry = ListEntry(date: Date(), listName: "No list", toBuy: [], total: 0)
        viewContext.performAndWait {
            let lists: NSFetchRequest<ShoppingList> = ShoppingList.fetchRequest()
            lists.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false)]
            lists.fetchLimit = 1
            guard let list = try? viewContext.fetch(lists).first else { return }
            let items: NSFetchRequest<GroceryItem> = GroceryItem.fetchRequest()
            items.predicate = NSPredicate(format: "list == %@ AND done == NO AND quantity > %d", list, 0)
            items.sortDescriptors = [NSSortDescriptor(keyPath: \GroceryItem.addedAt, ascending: true)]
            let toBuy = (try? viewContext.fetch(items)) ?? []
            entry = ListEntry(date: Date(), listName: list.name ?? "Untitled", toBuy: toBuy.map(\.label), total: list.items?.count ?? 0)
        }
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct ListView: View {
    let entry: ListEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.listName).font(.headline)
            Text("\(entry.toBuy.count) of \(entry.total) to buy")
            ForEach(entry.toBuy, id: \.self) { item in
                Text(item).font(.caption)
            }
        }
        .containerBackground(.white, for: .widget)
    }
}

@main
struct GroceriesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Groceries", provider: ListProvider()) { entry in
            ListView(entry: entry)
        }
        .configurationDisplayName("Groceries")
        .supportedFamilies([.systemSmall])
    }
}
