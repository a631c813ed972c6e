import Foundation
import WidgetUI

/// `@FetchRequest`: the objects a view shows, fetched from the environment's `managedObjectContext`
/// when the view is evaluated (a widget's view is evaluated once per entry, so nothing is observed).
/// Apple declares it in SwiftUI; here it comes with `import CoreData`.
@propertyWrapper
public struct FetchRequest<Result: NSFetchRequestResult> {
    private let request: NSFetchRequest<Result>

    public init(fetchRequest: NSFetchRequest<Result>, animation: Animation? = nil) { request = fetchRequest }

    public init(entity: NSEntityDescription, sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        let made = NSFetchRequest<Result>(entityName: entity.name ?? "")
        made.entity = entity
        made.sortDescriptors = sortDescriptors
        made.predicate = predicate
        request = made
    }

    /// The wrapped value's results.
    public var wrappedValue: FetchedResults<Result> {
        let context = EnvironmentValues.current.managedObjectContext
        do {
            return FetchedResults(results: try context.fetch(request), request: request)
        } catch {
            CoreDataDiagnostics.report("@FetchRequest (\(request.entityName ?? "?")): \(error); the view shows no results")
            return FetchedResults(results: [], request: request)
        }
    }

    public var projectedValue: FetchRequest<Result> { self }
}

extension FetchRequest where Result: NSManagedObject {
    /// `@FetchRequest(sortDescriptors:predicate:animation:)`: the entity of the result class.
    public init(sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        let made = NSFetchRequest<Result>(entityName: Result.entity().name ?? String(describing: Result.self))
        made.sortDescriptors = sortDescriptors
        made.predicate = predicate
        request = made
    }

    /// `@FetchRequest(sortDescriptors: [SortDescriptor(\.date)])` (the other where a literal fits both).
    @_disfavoredOverload
    public init(sortDescriptors: [SortDescriptor<Result>], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        self.init(sortDescriptors: sortDescriptors.map(NSSortDescriptor.init), predicate: predicate, animation: animation)
    }
}

/// `FetchedResults`: the objects of a `@FetchRequest`.
public struct FetchedResults<Result: NSFetchRequestResult>: RandomAccessCollection {
    private let results: [Result]
    private let request: NSFetchRequest<Result>

    init(results: [Result], request: NSFetchRequest<Result>) {
        self.results = results
        self.request = request
    }

    public var startIndex: Int { results.startIndex }
    public var endIndex: Int { results.endIndex }
    public subscript(position: Int) -> Result { results[position] }

    public var nsSortDescriptors: [NSSortDescriptor] { request.sortDescriptors ?? [] }
    public var nsPredicate: NSPredicate? { request.predicate }
}

private struct ManagedObjectContextKey: EnvironmentKey {
    /// A context with no store: what a view sees with no `managedObjectContext` set above it (a
    /// fetch from it fails, and `@FetchRequest` shows no results).
    static var defaultValue: NSManagedObjectContext { NSManagedObjectContext.unconnected }
}

extension NSManagedObjectContext {
    static let unconnected = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
}

extension EnvironmentValues {
    /// `managedObjectContext`: the context `.environment(\.managedObjectContext, …)` put above the view.
    public var managedObjectContext: NSManagedObjectContext {
        get { self[ManagedObjectContextKey.self] }
        set { self[ManagedObjectContextKey.self] = newValue }
    }
}
