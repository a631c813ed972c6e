// In the app's synchronized folder and not shared with the widget: the widget target must not see it.
import SwiftUI

struct AppSettingsScreen: View {
    var body: some View { Text(appOnlySymbolTheWidgetWouldNotFind) }
}
