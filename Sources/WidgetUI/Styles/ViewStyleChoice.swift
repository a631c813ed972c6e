import Foundation

/// The style in effect for one kind of view (progress views, gauges, group boxes): a built-in one the
/// view archives as, or a custom one whose `makeBody(configuration:)` is evaluated here and archived
/// like any view. A custom style keeps the style it was applied over, which `ProgressView(configuration)`
/// (and the like) inside its body draws with, as in SwiftUI.
indirect enum ViewStyleChoice<BuiltIn, Configuration> {
    case builtIn(BuiltIn)
    case custom(makeBody: (Configuration) -> AnyView, outer: ViewStyleChoice)
}

nonisolated extension View {
    /// Sets the style of one kind of view for the subtree: built-in styles by their value, custom ones by
    /// their body, over the style in effect here.
    func choosingStyle<BuiltIn, Configuration>(
        _ key: WritableKeyPath<EnvironmentValues, ViewStyleChoice<BuiltIn, Configuration>>, builtIn: BuiltIn?,
        makeBody: @escaping (Configuration) -> AnyView
    ) -> some View {
        archived(environment: { environment in
            if let builtIn {
                environment[keyPath: key] = .builtIn(builtIn)
            } else {
                environment[keyPath: key] = .custom(makeBody: makeBody, outer: environment[keyPath: key])
            }
        })
    }
}
