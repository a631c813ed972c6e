import Foundation
import WidgetUI

/// `@Query`: the models a view shows, fetched from the environment's model context when the view
/// is evaluated (a widget's view is evaluated once per entry, so there is nothing to observe).
@propertyWrapper
public struct Query<Element: PersistentModel> {
    private let descriptor: FetchDescriptor<Element>

    public init(_ descriptor: FetchDescriptor<Element>, animation: Animation = .default) { self.descriptor = descriptor }

    public init(filter: Predicate<Element>? = nil, sort: [SortDescriptor<Element>] = [], animation: Animation = .default) {
        descriptor = FetchDescriptor(predicate: filter, sortBy: sort)
    }

    public init<Value: Comparable>(
        filter: Predicate<Element>? = nil, sort keyPath: KeyPath<Element, Value> & Sendable, order: SortOrder = .forward, animation: Animation = .default
    ) {
        descriptor = FetchDescriptor(predicate: filter, sortBy: [SortDescriptor(keyPath, order: order)])
    }

    public init<Value: Comparable>(
        filter: Predicate<Element>? = nil, sort keyPath: KeyPath<Element, Value?> & Sendable, order: SortOrder = .forward, animation: Animation = .default
    ) {
        descriptor = FetchDescriptor(predicate: filter, sortBy: [SortDescriptor(keyPath, order: order)])
    }

    public var wrappedValue: [Element] {
        (try? EnvironmentValues.current.modelContext.fetch(descriptor)) ?? []
    }

    /// `$items.fetchError`: the fetch's error, if any.
    public var fetchError: (any Error)? {
        do {
            _ = try EnvironmentValues.current.modelContext.fetch(descriptor)
            return nil
        } catch {
            return error
        }
    }

    public var projectedValue: Query<Element> { self }
}

private struct ModelContextKey: EnvironmentKey {
    static var defaultValue: ModelContext { ModelContext(ModelContainer.empty) }
}

extension EnvironmentValues {
    /// `modelContext`: the context `.modelContainer(_:)` put above this view (an empty one otherwise).
    public var modelContext: ModelContext {
        get { self[ModelContextKey.self] }
        set { self[ModelContextKey.self] = newValue }
    }
}

nonisolated extension View {
    /// `.modelContainer(_:)`: the container whose models `@Query` and `modelContext` below see.
    public func modelContainer(_ container: ModelContainer) -> some View {
        environment(\.modelContext, ModelContext(container))
    }

    /// `.modelContainer(for:inMemory:isAutosaveEnabled:isUndoEnabled:onSetup:)`.
    public func modelContainer(
        for modelType: any PersistentModel.Type, inMemory: Bool = false, isAutosaveEnabled: Bool = true, isUndoEnabled: Bool = false,
        onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }
    ) -> some View {
        modelContainer(for: [modelType], inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, isUndoEnabled: isUndoEnabled, onSetup: onSetup)
    }

    public func modelContainer(
        for modelTypes: [any PersistentModel.Type], inMemory: Bool = false, isAutosaveEnabled: Bool = true, isUndoEnabled: Bool = false,
        onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }
    ) -> some View {
        let result = Result { try ModelContainer(for: Schema(modelTypes), configurations: [ModelConfiguration(isStoredInMemoryOnly: inMemory)]) }
        onSetup(result)
        return environment(\.modelContext, ModelContext((try? result.get()) ?? ModelContainer.empty))
    }
}

extension ModelContainer {
    /// An in-memory container of no model: what a view sees with no `.modelContainer(_:)` above it.
    static var empty: ModelContainer { ModelContainer(empty: ()) }
}
