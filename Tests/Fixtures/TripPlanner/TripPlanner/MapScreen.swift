// App-only: MapKit has no Linux version, and the widget target does not list this file.
import MapKit
import SwiftUI

struct MapScreen: View {
    var body: some View { Map() }
}
