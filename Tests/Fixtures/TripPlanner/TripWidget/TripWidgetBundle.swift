import SwiftUI
import WidgetKit

@main
struct TripWidgetBundle: WidgetBundle {
    var body: some Widget {
        NextTripWidget()
        ChosenTripWidget()
    }
}
