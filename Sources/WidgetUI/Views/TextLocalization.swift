import Foundation
import FoundationAdditions
import WidgetArchive

extension LocalizedStringKey {
    /// The key's runs with the text translated by the app's tables, as SwiftUI translates a `Text`'s
    /// key: a literal key only (an interpolated key, looked up by its format on Apple's platforms, is
    /// shown as written). The same lookup as `String(localized:)`, in the environment's locale when a view
    /// or the device set one.
    func localizedRuns(table: String?, bundle: Bundle?) -> [TextRun] {
        guard runs.count == 1, case .literal(let key) = runs[0].content, runs[0] == TextRun(.literal(key)),
              let translation = LocalizedStringTables.translation(of: key, table: table, bundle: bundle, locale: EnvironmentValues.current.explicitLocale) else {
            return runs
        }
        return [TextRun(.literal(translation))]
    }
}
