import SwiftUI
import WidgetKit

@main
struct TripWidgetBundle: WidgetBundle {
    var body: some Widget {
        NextTripWidget()
        // As Apple's samples keep widgets for the platforms that show them: compiled for iOS, the
        // target's SDKROOT, though the package is built on Linux.
        #if os(iOS) || os(watchOS)
        ChosenTripWidget()
        #elseif os(macOS)
        MacOnlyTripWidget()
        #endif
    }
}
