import Foundation
import FoundationAdditions

/// A file that imports Foundation only, compiled with the implicit import of `FoundationAdditions` (as
/// `widget-host import` compiles an app): it names what Apple's Foundation has and Linux's lacks.
enum FoundationAdditionsProbe {
    static func names() -> (resource: LocalizedStringResource, relative: String, localized: String, value: String.LocalizationValue) {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .full
        return (LocalizedStringResource("Delivered", comment: "A delivery's state"),
                formatter.localizedString(fromTimeInterval: -7_200),
                String(localized: "Swallow", table: "Birds", comment: "Bird 1 name"),
                "\(2) birds")
    }
}
