import CoreData

/// The app's Core Data stack, shared with the widget through the app group.
struct PersistenceController {
    static let shared = PersistenceController()
    static let appGroup = "group.com.example.groceries"

    let container: NSPersistentContainer

    init() {
        container = NSPersistentContainer(name: "Groceries")
        let storeURL = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.appGroup)!
            .appendingPathComponent("Groceries.sqlite")
        let description = NSPersistentStoreDescription(url: storeURL)
        description.setOption(true as NSNumber, forKey: NSPersistentHistoryTrackingKey)
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { description, error in
            if let error = error as NSError? {
                print("Unresolved error \(error), \(error.userInfo)")
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
    }
}
