import CoreData
import SwiftUI

@main
struct GroceriesApp: App {
    let persistence = PersistenceController.shared

    var body: some Scene {
        WindowGroup {
            Text("Groceries")
                .environment(\.managedObjectContext, persistence.container.viewContext)
        }
    }
}
