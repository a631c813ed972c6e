/// `@Entry var name: Type = value` in an extension of `EnvironmentValues` (SwiftUI 2024): the
/// environment value with its key, which the macro writes (`Sources/WidgetMacros/EntryMacro.swift`).
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "WidgetMacros", type: "EntryMacro")
