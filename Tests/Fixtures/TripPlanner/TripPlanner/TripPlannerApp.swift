// The app's entry point: a member of the app target only. The widget target must not compile it
// (it would be a second `@main`).
import SwiftUI

@main
struct TripPlannerApp: App {
    var body: some Scene {
        WindowGroup { Text("Trips") }
    }
}
