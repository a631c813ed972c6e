import CoreData
import Foundation
import SwiftUI
import XCTest

// The classes as `widget-host import` writes them from `@NSManaged` declarations: computed
// properties reading and writing the object's values, relationship accessors with bodies.

final class Errand: NSManagedObject {
    class func fetchRequest() -> NSFetchRequest<Errand> { NSFetchRequest<Errand>(entityName: "Errand") }
    var title: String? { get { _managedValue(forKey: "title") } set { _setManagedValue(newValue, forKey: "title") } }
    var due: Date? { get { _managedValue(forKey: "due") } set { _setManagedValue(newValue, forKey: "due") } }
    var done: Bool { get { _managedValue(forKey: "done") } set { _setManagedValue(newValue, forKey: "done") } }
    var priority: Int16 { get { _managedValue(forKey: "priority") } set { _setManagedValue(newValue, forKey: "priority") } }
    var estimate: Int32 { get { _managedValue(forKey: "estimate") } set { _setManagedValue(newValue, forKey: "estimate") } }
    var cost: Double { get { _managedValue(forKey: "cost") } set { _setManagedValue(newValue, forKey: "cost") } }
    var identifier: UUID? { get { _managedValue(forKey: "identifier") } set { _setManagedValue(newValue, forKey: "identifier") } }
    var tags: [String]? { get { _managedValue(forKey: "tags") } set { _setManagedValue(newValue, forKey: "tags") } }
    var checklist: Checklist? { get { _managedValue(forKey: "checklist") } set { _setManagedValue(newValue, forKey: "checklist") } }
}

final class Checklist: NSManagedObject {
    var name: String? { get { _managedValue(forKey: "name") } set { _setManagedValue(newValue, forKey: "name") } }
    var createdAt: Date? { get { _managedValue(forKey: "createdAt") } set { _setManagedValue(newValue, forKey: "createdAt") } }
    var errands: NSSet? { get { _managedValue(forKey: "errands") } set { _setManagedValue(newValue, forKey: "errands") } }
    var owner: Owner? { get { _managedValue(forKey: "owner") } set { _setManagedValue(newValue, forKey: "owner") } }
    func addToErrands(_ value: Errand) { _managedAdd(value, toKey: "errands") }
    func removeFromErrands(_ value: Errand) { _managedRemove(value, fromKey: "errands") }
    func addToErrands(_ values: NSSet) { _managedAdd(values, toKey: "errands") }
}

final class Owner: NSManagedObject {
    var name: String? { get { _managedValue(forKey: "name") } set { _setManagedValue(newValue, forKey: "name") } }
    var checklist: Checklist? { get { _managedValue(forKey: "checklist") } set { _setManagedValue(newValue, forKey: "checklist") } }
}

/// Core Data as a widget uses it: a model read from a `.xcdatamodeld`, objects saved to a store file
/// and read back by a second container as a second launch would, fetched with format predicates,
/// sort descriptors, limits and offsets; relationships with their inverses and delete rules.
final class CoreDataTests: XCTestCase {
    static let modelXML = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="22E261" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            <!-- as Xcode writes it -->
            <entity name="Errand" representedClassName="Errand" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="due" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
                <attribute name="done" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                <attribute name="priority" attributeType="Integer 16" defaultValueString="2" usesScalarValueType="YES"/>
                <attribute name="estimate" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                <attribute name="cost" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
                <attribute name="identifier" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>
                <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                <relationship name="checklist" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Checklist" inverseName="errands" inverseEntity="Checklist"/>
            </entity>
            <entity name="Checklist" representedClassName=".Checklist" syncable="YES" codeGenerationType="class">
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="createdAt" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
                <relationship name="errands" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Errand" inverseName="checklist" inverseEntity="Errand"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Owner" inverseName="checklist" inverseEntity="Owner"/>
            </entity>
            <entity name="Owner" representedClassName="Owner" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="checklist" optional="YES" maxCount="1" deletionRule="Deny" destinationEntity="Checklist" inverseName="owner" inverseEntity="Checklist"/>
            </entity>
            <fetchRequest name="OpenErrands" entity="Errand" predicateString="done == NO"/>
            <elements>
                <element name="Errand" positionX="-63" positionY="-18" width="128" height="44"/>
            </elements>
        </model>
        """

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coredata-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// `Errands.xcdatamodeld` with two versions, `.xccurrentversion` choosing the second (the real one).
    private func modelBundle(in folder: URL) throws -> URL {
        let bundle = folder.appendingPathComponent("Errands.xcdatamodeld")
        for (version, xml) in [("Errands.xcdatamodel", "<model><entity name=\"Old\"/></model>"), ("Errands 2.xcdatamodel", Self.modelXML)] {
            let path = bundle.appendingPathComponent(version)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: path.appendingPathComponent("contents"))
        }
        let current = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Errands 2.xcdatamodel</string></dict></plist>
            """
        try Data(current.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        return bundle
    }

    private func model() throws -> NSManagedObjectModel {
        try XCTUnwrap(NSManagedObjectModel(contentsOf: try modelBundle(in: try folder())))
    }

    /// A container on a store file, loaded.
    private func container(_ store: URL, model: NSManagedObjectModel) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Errands", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: store)]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        return container
    }

    private func inMemoryContext() throws -> NSManagedObjectContext {
        let container = NSPersistentContainer(name: "Errands", managedObjectModel: try model())
        let description = NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { _, error in XCTAssertNil(error) }
        return container.viewContext
    }

    private func errand(_ title: String, in context: NSManagedObjectContext, done: Bool = false, priority: Int16 = 2, cost: Double = 0,
                        due: Date? = nil) -> Errand {
        let errand = Errand(context: context)
        errand.title = title
        errand.done = done
        errand.priority = priority
        errand.cost = cost
        errand.due = due
        return errand
    }

    // MARK: - Model

    func testTheModelIsReadFromTheCurrentVersionOfTheModelBundle() throws {
        let model = try model()
        XCTAssertEqual(model.entities.compactMap(\.name), ["Errand", "Checklist", "Owner"])
        let errand = try XCTUnwrap(model.entitiesByName["Errand"])
        XCTAssertEqual(errand.attributesByName["priority"]?.attributeType, .integer16AttributeType)
        XCTAssertEqual(errand.attributesByName["priority"]?.defaultValue as? Int64, 2)
        XCTAssertEqual(errand.attributesByName["title"]?.isOptional, true)
        XCTAssertEqual(errand.attributesByName["done"]?.isOptional, false)
        let errands = try XCTUnwrap(model.entitiesByName["Checklist"]?.relationshipsByName["errands"])
        XCTAssertTrue(errands.isToMany)
        XCTAssertEqual(errands.deleteRule, .cascadeDeleteRule)
        XCTAssertTrue(errands.destinationEntity === errand)
        XCTAssertEqual(errands.inverseRelationship?.name, "checklist")
        XCTAssertEqual(model.entitiesByName["Checklist"]?.managedObjectClassName, ".Checklist")
        let template = try XCTUnwrap(model.fetchRequestTemplate(forName: "OpenErrands"))
        XCTAssertEqual(template.entityName, "Errand")
        XCTAssertNil(NSManagedObjectModel(contentsOf: URL(fileURLWithPath: "/nonexistent/Model.xcdatamodeld")), "unreadable: nil, as Apple's")
    }

    // MARK: - Persisting

    func testObjectsSavedInOneContainerAreReadByASecondOnTheSameFile() throws {
        let model = try model()
        let store = try folder().appendingPathComponent("Errands.sqlite")
        let first = try container(store, model: model)
        let context = first.viewContext
        let list = Checklist(context: context)
        list.name = "Weekend"
        list.createdAt = Date(timeIntervalSince1970: 1_800_000_000.25)
        let milk = errand("Milk", in: context, priority: 3, cost: 1.5, due: Date(timeIntervalSince1970: 1_800_000_100))
        milk.identifier = UUID(uuidString: "6A1F0C3E-9A38-4E1B-9A6B-2F1C1E0B8F10")
        milk.tags = ["dairy", "cold"]
        milk.checklist = list
        _ = errand("Eggs", in: context, done: true)
        XCTAssertTrue(context.hasChanges)
        XCTAssertTrue(milk.objectID.isTemporaryID)
        try context.save()
        XCTAssertFalse(context.hasChanges)
        XCTAssertFalse(milk.objectID.isTemporaryID)

        let text = try String(contentsOf: store, encoding: .utf8)
        XCTAssertTrue(text.contains("\"WidgetHostCoreDataStore\" : 1"), text)

        let second = try container(store, model: model)
        let request = Errand.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: false)]
        let errands = try second.viewContext.fetch(request)
        XCTAssertEqual(errands.map(\.title), ["Milk", "Eggs"])
        let read = errands[0]
        XCTAssertEqual(read.priority, 3)
        XCTAssertEqual(read.cost, 1.5)
        XCTAssertEqual(read.due, Date(timeIntervalSince1970: 1_800_000_100))
        XCTAssertEqual(read.identifier, milk.identifier)
        XCTAssertEqual(read.tags, ["dairy", "cold"])
        XCTAssertEqual(read.checklist?.name, "Weekend")
        XCTAssertEqual(read.checklist?.createdAt, Date(timeIntervalSince1970: 1_800_000_000.25))
        XCTAssertEqual(read.objectID, milk.objectID, "an object's ID is the same in every container")
        XCTAssertTrue(errands[1].done)

        // A change saved by the second is seen by the first's next fetch.
        read.title = "Oat milk"
        try second.viewContext.save()
        let again = try first.viewContext.fetch(NSFetchRequest<Errand>(entityName: "Errand"))
        XCTAssertTrue(again.contains { $0.title == "Oat milk" })
        XCTAssertTrue(again.contains { $0 === milk }, "one object per context")
    }

    func testTwoContainersSavingDifferentPropertiesKeepBoth() throws {
        let model = try model()
        let store = try folder().appendingPathComponent("Errands.sqlite")
        let a = try container(store, model: model).viewContext
        _ = errand("Bread", in: a)
        try a.save()
        let b = try container(store, model: model).viewContext
        let inA = try XCTUnwrap(a.fetch(Errand.fetchRequest()).first), inB = try XCTUnwrap(b.fetch(Errand.fetchRequest()).first)
        inA.done = true
        inB.cost = 2.25
        try a.save()
        try b.save()
        let c = try container(store, model: model).viewContext
        let read = try XCTUnwrap(c.fetch(Errand.fetchRequest()).first)
        XCTAssertTrue(read.done)
        XCTAssertEqual(read.cost, 2.25)
    }

    func testABackgroundContextsSaveReachesAViewContextThatMergesAutomatically() throws {
        let container = try container(try folder().appendingPathComponent("E.sqlite"), model: try model())
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        let shown = errand("Laundry", in: container.viewContext)
        try container.viewContext.save()
        let saved = expectation(description: "background save")
        container.performBackgroundTask { context in
            let request = Errand.fetchRequest()
            request.predicate = NSPredicate(format: "title == %@", "Laundry")
            let found = try? context.fetch(request).first
            found?.done = true
            try? context.save()
            saved.fulfill()
        }
        wait(for: [saved], timeout: 10)
        XCTAssertTrue(shown.done, "refreshed by the merge, without a fetch")
        let count = try container.viewContext.performAndWait { try container.viewContext.count(for: Errand.fetchRequest()) }
        XCTAssertEqual(count, 1)
    }

    func testAChildContextSavesIntoItsParent() throws {
        let parent = try inMemoryContext()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        let draft = errand("Draft", in: child)
        try child.save()
        XCTAssertEqual(try parent.fetch(Errand.fetchRequest()).map(\.title), ["Draft"])
        XCTAssertTrue(parent.hasChanges, "the parent holds the change until it saves")
        try parent.save()
        XCTAssertFalse(parent.hasChanges)
        child.delete(draft)
        try child.save()
        XCTAssertEqual(try parent.count(for: Errand.fetchRequest()), 0)
    }

    // MARK: - Predicates

    private func predicateFixture() throws -> NSManagedObjectContext {
        let context = try inMemoryContext()
        let list = Checklist(context: context)
        list.name = "Groceries"
        let other = Checklist(context: context)
        other.name = "Chores"
        let day = 86_400.0
        for (index, (title, done, priority, cost)) in [("Milk", false, 3, 1.5), ("Eggs", true, 1, 3.0), ("Éclair", false, 2, 4.25), ("Bread", false, 5, 2.0),
                                                       ("Vacuum", true, 2, 0.0)].enumerated() {
            let item = errand(title, in: context, done: done, priority: Int16(priority), cost: cost, due: Date(timeIntervalSince1970: Double(index) * day))
            item.checklist = title == "Vacuum" ? other : list
        }
        try context.save()
        return context
    }

    private func titles(_ context: NSManagedObjectContext, _ predicate: NSPredicate) throws -> [String] {
        let request = Errand.fetchRequest()
        request.predicate = predicate
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        return try context.fetch(request).compactMap(\.title)
    }

    func testComparisonPredicatesWithSubstitutions() throws {
        let c = try predicateFixture()
        XCTAssertEqual(try titles(c, NSPredicate(format: "done == NO")), ["Bread", "Milk", "Éclair"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "done = YES")), ["Eggs", "Vacuum"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "done == TRUE AND priority != 1")), ["Vacuum"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority > %d", 2)), ["Bread", "Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority >= %i", 3)), ["Bread", "Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority < 2")), ["Eggs"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority <= 2 && cost > %f", 1.0)), ["Eggs", "Éclair"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "%K == %@", "title", "Milk")), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "due >= %@", Date(timeIntervalSince1970: 3 * 86_400) as NSDate)), ["Bread", "Vacuum"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "due < %@", Date(timeIntervalSince1970: 86_400) as CVarArg)), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "cost == %@", NSNumber(value: 3))), ["Eggs"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "identifier == nil AND title != nil")).count, 5)
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority BETWEEN {2, 3}")), ["Milk", "Vacuum", "Éclair"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority IN %@", [1, 5])), ["Bread", "Eggs"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title IN %@", ["Milk", "Tea"] as NSArray)), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "priority * 2 > 7")), ["Bread"])
    }

    func testStringPredicatesAndTheirOptions() throws {
        let c = try predicateFixture()
        XCTAssertEqual(try titles(c, NSPredicate(format: "title BEGINSWITH 'M'")), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title beginswith[c] 'm'")), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title ENDSWITH %@", "ad")), ["Bread"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title CONTAINS 'gg'")), ["Eggs"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title CONTAINS[c] %@", "E")), ["Bread", "Eggs"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title CONTAINS[cd] %@", "e")), ["Bread", "Eggs", "Éclair"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title ==[cd] 'eclair'")), ["Éclair"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title LIKE 'M*k'")), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title LIKE[c] '?ggs'")), ["Eggs"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "title MATCHES '[A-C].*'")), ["Bread"])
    }

    func testCompoundPredicatesKeyPathsAndCollections() throws {
        let c = try predicateFixture()
        XCTAssertEqual(try titles(c, NSPredicate(format: "NOT (done == YES) AND (priority == 3 OR priority == 5)")), ["Bread", "Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "!(title == 'Milk') && done == NO")), ["Bread", "Éclair"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "checklist.name == %@", "Chores")), ["Vacuum"])
        let compound = NSCompoundPredicate(andPredicateWithSubpredicates: [NSPredicate(format: "done == NO"), NSPredicate(format: "cost > 2")])
        XCTAssertEqual(try titles(c, compound), ["Éclair"])
        let either = NSCompoundPredicate(orPredicateWithSubpredicates: [NSPredicate(format: "title == 'Eggs'"), NSPredicate(format: "title == 'Vacuum'")])
        XCTAssertEqual(try titles(c, either), ["Eggs", "Vacuum"])
        XCTAssertEqual(try titles(c, NSCompoundPredicate(notPredicateWithSubpredicate: either)).count, 3)

        let lists = NSFetchRequest<Checklist>(entityName: "Checklist")
        lists.predicate = NSPredicate(format: "ANY errands.done == YES AND errands.@count > 1")
        XCTAssertEqual(try c.fetch(lists).compactMap(\.name), ["Groceries"])
        lists.predicate = NSPredicate(format: "errands.@count == 1")
        XCTAssertEqual(try c.fetch(lists).compactMap(\.name), ["Chores"])
        lists.predicate = NSPredicate(format: "ALL errands.done == YES")
        XCTAssertEqual(try c.fetch(lists).compactMap(\.name), ["Chores"])
        lists.predicate = NSPredicate(format: "NONE errands.priority > 4")
        XCTAssertEqual(try c.fetch(lists).compactMap(\.name), ["Chores"])
        lists.predicate = NSPredicate(format: "errands.@sum.cost > 10")
        XCTAssertEqual(try c.fetch(lists).compactMap(\.name), ["Groceries"])
        let milk = try XCTUnwrap(c.fetch(Errand.fetchRequest()).first { $0.title == "Milk" })
        lists.predicate = NSPredicate(format: "%@ IN errands", milk)
        XCTAssertEqual(try c.fetch(lists).compactMap(\.name), ["Groceries"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "checklist == %@", milk.checklist as Any)).count, 4)
        XCTAssertEqual(try titles(c, NSPredicate(format: "SELF == %@", milk)), ["Milk"])
        XCTAssertEqual(try titles(c, NSPredicate(format: "TRUEPREDICATE")).count, 5)
        XCTAssertEqual(try titles(c, NSPredicate(format: "FALSEPREDICATE")).count, 0)

        // Plain values: dictionaries and arrays, as `NSArray.filtered(using:)` evaluates them.
        let people: [[String: Any]] = [["name": "Ada", "age": 36], ["name": "Alan", "age": 41]]
        XCTAssertEqual(people.filter { NSPredicate(format: "age > 40").evaluate(with: $0) }.count, 1)
        let template = try XCTUnwrap(c.persistentStoreCoordinator?.managedObjectModel.fetchRequestTemplate(forName: "OpenErrands"))
        XCTAssertEqual(try c.count(for: template), 3)
    }

    func testAPredicateFormatThatDoesNotParseMatchesNothingAndSaysWhere() throws {
        XCTAssertThrowsError(try NSPredicate.validatedFormat("title == ")) { error in
            XCTAssertEqual((error as? PredicateFormatError)?.offset, 9, "\(error)")
        }
        XCTAssertThrowsError(try NSPredicate.validatedFormat("title == %@")) { error in
            XCTAssertTrue("\(error)".contains("%@ has no argument"), "\(error)")
        }
        XCTAssertThrowsError(try NSPredicate.validatedFormat("title FROB 'x'"))
        XCTAssertThrowsError(try NSPredicate.validatedFormat("title == 'open"))
        XCTAssertThrowsError(try NSPredicate.validatedFormat("%K == 1", 5), "a %K argument must be a key")
        let c = try predicateFixture()
        XCTAssertEqual(try titles(c, NSPredicate(format: "title === 'Milk'")), [], "a typo matches nothing rather than crashing")
    }

    // MARK: - Sorting, limits, counting

    func testSortDescriptorsByKeyAndByKeyPath() throws {
        let c = try predicateFixture()
        let request = Errand.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "priority", ascending: false), NSSortDescriptor(key: "title", ascending: true)]
        XCTAssertEqual(try c.fetch(request).compactMap(\.title), ["Bread", "Milk", "Vacuum", "Éclair", "Eggs"])
        request.sortDescriptors = [NSSortDescriptor(keyPath: \Errand.due, ascending: false)]
        XCTAssertEqual(try c.fetch(request).compactMap(\.title), ["Vacuum", "Bread", "Éclair", "Eggs", "Milk"])
        request.sortDescriptors = [NSSortDescriptor(keyPath: \Errand.cost, ascending: true)]
        XCTAssertEqual(try c.fetch(request).compactMap(\.title), ["Vacuum", "Milk", "Bread", "Eggs", "Éclair"])
        request.sortDescriptors = [NSSortDescriptor(keyPath: \Errand.done, ascending: true), NSSortDescriptor(key: "checklist.name", ascending: true),
                                   NSSortDescriptor(SortDescriptor(\Errand.priority, order: .reverse))]
        XCTAssertEqual(try c.fetch(request).compactMap(\.title), ["Bread", "Milk", "Éclair", "Vacuum", "Eggs"])
    }

    func testLimitOffsetAndCount() throws {
        let c = try predicateFixture()
        let request = Errand.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        request.fetchLimit = 2
        XCTAssertEqual(try c.fetch(request).compactMap(\.title), ["Bread", "Eggs"])
        request.fetchOffset = 3
        XCTAssertEqual(try c.fetch(request).compactMap(\.title), ["Vacuum", "Éclair"])
        request.fetchOffset = 10
        XCTAssertEqual(try c.fetch(request).count, 0)
        let all = Errand.fetchRequest()
        XCTAssertEqual(try c.count(for: all), 5)
        all.predicate = NSPredicate(format: "done == NO")
        XCTAssertEqual(try c.count(for: all), 3)
        let ids = NSFetchRequest<NSManagedObjectID>(entityName: "Errand")
        ids.resultType = .managedObjectIDResultType
        XCTAssertEqual(try c.fetch(ids).count, 5)
        let loose = NSFetchRequest<NSFetchRequestResult>(entityName: "Errand")
        XCTAssertEqual(try c.fetch(loose).count, 5, "NSFetchRequest<NSFetchRequestResult>, as older code writes it")
        let dictionaries = NSFetchRequest<NSDictionary>(entityName: "Errand")
        dictionaries.resultType = .dictionaryResultType
        dictionaries.propertiesToFetch = ["title"]
        dictionaries.predicate = NSPredicate(format: "priority == 5")
        XCTAssertEqual(try c.fetch(dictionaries).first?["title"] as? String, "Bread")
    }

    // MARK: - Deleting

    func testDeletingAndDeleteRules() throws {
        let store = try folder().appendingPathComponent("D.sqlite")
        let model = try model()
        let c = try container(store, model: model).viewContext
        let list = Checklist(context: c)
        list.name = "Trip"
        let owner = Owner(context: c)
        owner.name = "Ada"
        owner.checklist = list
        for title in ["Tickets", "Passport"] { errand(title, in: c).checklist = list }
        let loose = errand("Loose", in: c)
        try c.save()

        c.delete(loose)
        XCTAssertTrue(loose.isDeleted)
        XCTAssertEqual(try c.count(for: Errand.fetchRequest()), 2, "a deleted object leaves fetches before the save")
        try c.save()

        // Deny: the owner cannot go while it has a checklist.
        c.delete(owner)
        XCTAssertThrowsError(try c.save()) { error in
            XCTAssertEqual((error as NSError).code, NSValidationRelationshipDeniedDeleteError)
        }
        c.rollback()
        XCTAssertFalse(owner.isDeleted)

        // Cascade to the errands; nullify the owner's side.
        c.delete(list)
        XCTAssertNil(owner.checklist)
        try c.save()
        let fresh = try container(store, model: model).viewContext
        XCTAssertEqual(try fresh.count(for: Errand.fetchRequest()), 0)
        XCTAssertEqual(try fresh.count(for: NSFetchRequest<Checklist>(entityName: "Checklist")), 0)
        let owners = try fresh.fetch(NSFetchRequest<Owner>(entityName: "Owner"))
        XCTAssertEqual(owners.map(\.name), ["Ada"])
        XCTAssertNil(owners.first?.checklist)
    }

    // MARK: - Relationships

    func testRelationshipsKeepTheirInverses() throws {
        let c = try inMemoryContext()
        let list = Checklist(context: c)
        let other = Checklist(context: c)
        let a = errand("A", in: c), b = errand("B", in: c)
        list.addToErrands(a)
        XCTAssertTrue(a.checklist === list, "to-many set, to-one inverse follows")
        b.checklist = list
        XCTAssertEqual(Set((list.errands as? Set<Errand>)?.compactMap(\.title) ?? []), ["A", "B"], "to-one set, to-many inverse follows")
        b.checklist = other
        XCTAssertEqual((list.errands?.allObjects as? [Errand])?.map(\.title), ["A"], "moved: it leaves the former list")
        XCTAssertEqual(other.errands?.count, 1)
        list.removeFromErrands(a)
        XCTAssertNil(a.checklist)
        list.addToErrands(NSSet(array: [a, b]))
        XCTAssertEqual(list.errands?.count, 2)
        XCTAssertEqual(other.errands?.count, 0)

        // One-to-one: taking a partner releases the former one.
        let ada = Owner(context: c), alan = Owner(context: c)
        ada.name = "Ada"
        alan.name = "Alan"
        list.owner = ada
        XCTAssertTrue(ada.checklist === list)
        alan.checklist = list
        XCTAssertTrue(list.owner === alan)
        XCTAssertNil(ada.checklist)
        XCTAssertEqual(list.value(forKeyPath: "owner.name") as? String, "Alan")
        XCTAssertEqual((list.value(forKey: "errands") as? NSSet)?.count, 2)
    }

    // MARK: - Defaults and validation

    func testUnsetNonOptionalAttributesReadTheirDefaultsAndASaveSaysWhichIsMissing() throws {
        let c = try inMemoryContext()
        let fresh = Errand(context: c)
        XCTAssertEqual(fresh.priority, 2, "the model's default")
        XCTAssertEqual(fresh.done, false)
        XCTAssertEqual(fresh.estimate, 0, "no value: zero, not a trap")
        XCTAssertEqual(fresh.cost, 0)
        XCTAssertNil(fresh.title)
        XCTAssertNil(fresh.tags)
        try c.save()
        let nameless = Owner(context: c)
        XCTAssertEqual(nameless.value(forKey: "name") as? String, nil)
        XCTAssertThrowsError(try c.save()) { error in
            let ns = error as NSError
            XCTAssertEqual(ns.code, NSValidationMissingMandatoryPropertyError)
            XCTAssertEqual(ns.domain, NSCocoaErrorDomain)
            XCTAssertTrue(ns.localizedDescription.contains("Owner.name"), ns.localizedDescription)
        }
        nameless.name = "Grace"
        try c.save()
        // A value of the wrong type for the attribute is not set (said on stderr).
        fresh.setValue("high", forKey: "priority")
        XCTAssertEqual(fresh.priority, 2)
        fresh.setValue(NSNumber(value: 7), forKey: "priority")
        XCTAssertEqual(fresh.priority, 7)
        // As Clok updates a project from the server's copy.
        nameless.setValuesForKeys(["name": "Ada"])
        XCTAssertEqual(nameless.name, "Ada")
    }

    // MARK: - Stores

    func testADamagedOrForeignStoreIsReportedToTheCompletionHandler() throws {
        let folder = try folder()
        let model = try model()
        let cases: [(String, Data, Int)] = [
            ("garbage.sqlite", Data("not json at all".utf8), NSFileReadCorruptFileError),
            ("other.sqlite", Data("{\"something\": 1}".utf8), NSFileReadCorruptFileError),
            ("apple.sqlite", Data("SQLite format 3\0".utf8) + Data(repeating: 0, count: 84), NSPersistentStoreIncompatibleVersionHashError),
        ]
        for (name, contents, code) in cases {
            let url = folder.appendingPathComponent(name)
            try contents.write(to: url)
            let container = NSPersistentContainer(name: "Errands", managedObjectModel: model)
            container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
            var reported: NSError?
            var calls = 0
            container.loadPersistentStores { description, error in
                calls += 1
                XCTAssertEqual(description.url, url)
                reported = error as NSError?
            }
            XCTAssertEqual(calls, 1)
            XCTAssertEqual(reported?.code, code, name)
            XCTAssertEqual(reported?.userInfo[NSFilePathErrorKey] as? String, url.path)
            XCTAssertThrowsError(try container.viewContext.fetch(Errand.fetchRequest()), "no store was added")
            XCTAssertEqual(try Data(contentsOf: url), contents, "the file is left as it was")
        }
    }

    func testObjectIDsRoundTripThroughTheirURIs() throws {
        let store = try folder().appendingPathComponent("U.sqlite")
        let model = try model()
        let c = try container(store, model: model).viewContext
        let saved = errand("Keys", in: c)
        try c.save()
        let uri = saved.objectID.uriRepresentation()
        XCTAssertEqual(uri.scheme, "x-coredata")
        let other = try container(store, model: model)
        let id = try XCTUnwrap(other.persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri))
        XCTAssertEqual((try other.viewContext.existingObject(with: id) as? Errand)?.title, "Keys")
    }

    func testAHandWrittenStoreIsRead() throws {
        let url = try folder().appendingPathComponent("Seed.sqlite")
        let seed = """
            { "WidgetHostCoreDataStore": 1,
              "entities": {
                "Checklist": { "home": { "name": "Home", "errands": ["Errand/1", "Errand/2"] } },
                "Errand": { "1": { "title": "Paint", "due": "2027-01-15T09:00:00Z", "priority": 4, "checklist": "Checklist/home" },
                            "2": { "title": "Sweep", "done": true, "checklist": "Checklist/home" } } } }
            """
        try Data(seed.utf8).write(to: url)
        let c = try container(url, model: try model()).viewContext
        let errands = try c.fetch(Errand.fetchRequest())
        XCTAssertEqual(errands.compactMap(\.title), ["Paint", "Sweep"], "in identifier order without sort descriptors")
        XCTAssertEqual(errands[0].due, ISO8601DateFormatter().date(from: "2027-01-15T09:00:00Z"))
        XCTAssertEqual(errands[0].checklist?.name, "Home")
        XCTAssertEqual(errands[1].priority, 2, "a non-optional value the seed leaves out is the model's default, as a migration fills it")
        XCTAssertNil(errands[1].due)
    }

    // MARK: - SwiftUI

    func testFetchRequestReadsTheEnvironmentsContext() throws {
        let c = try predicateFixture()
        var environment = EnvironmentValues()
        environment.managedObjectContext = c
        let titles = EnvironmentValues.$current.withValue(environment) { () -> [String] in
            let wrapper = FetchRequest<Errand>(sortDescriptors: [NSSortDescriptor(key: "title", ascending: true)], predicate: NSPredicate(format: "done == NO"))
            return wrapper.wrappedValue.compactMap(\.title)
        }
        XCTAssertEqual(titles, ["Bread", "Milk", "Éclair"])
        let none = FetchRequest<Errand>(sortDescriptors: []).wrappedValue
        XCTAssertTrue(none.isEmpty, "no context in the environment: no results")
    }

    /// A save error's merge conflicts, read as apps read them (gdombiak/OctoPod,
    /// `OctoPod/Model/PrinterManager.swift`): the snapshots are `[String: Any]`.
    func testMergeConflictsAreReadFromASaveErrorsUserInfo() throws {
        let context = try inMemoryContext()
        let source = errand("Post", in: context)
        let conflict = NSMergeConflict(source: source, newVersion: 3, oldVersion: 2,
                                       cachedSnapshot: ["title": "Post"], persistedSnapshot: ["title": "Parcel"])
        let error = NSError(domain: NSCocoaErrorDomain, code: 133_020, userInfo: [NSPersistentStoreSaveConflictsErrorKey: [conflict]])
        let conflicts = try XCTUnwrap(error.userInfo[NSPersistentStoreSaveConflictsErrorKey] as? [NSMergeConflict])
        let changed = conflicts.flatMap { conflict -> [String] in
            let cached = conflict.cachedSnapshot ?? [:], persisted = conflict.persistedSnapshot ?? [:]
            return cached.keys.filter { cached[$0] as? String != persisted[$0] as? String }
        }
        XCTAssertEqual(changed, ["title"])
        XCTAssertTrue(conflicts.first?.sourceObject === source)
        XCTAssertEqual(conflicts.first.map { [$0.oldVersionNumber, $0.newVersionNumber] }, [2, 3])
        XCTAssertNil(conflicts.first?.objectSnapshot)
    }
}
