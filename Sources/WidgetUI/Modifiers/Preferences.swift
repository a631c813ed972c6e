import Foundation
import WidgetArchive

/// `PreferenceKey`: a value views pass up to their ancestors.
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

nonisolated extension View {
    /// `.preference(key:value:)`: sets a value for ancestors; nothing in the archive draws it.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View { self }

    /// `.transformPreference(_:_:)`.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View { self }

    /// `.onPreferenceChange(_:perform:)`: the action would change state after the view is laid out,
    /// which a widget's archive cannot show.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View
    where K.Value: Equatable {
        inert(".onPreferenceChange")
    }
}
