import CoreDataModelFile
import Foundation
import XCTest
@testable import WidgetImport
@testable import XcodeProject

/// What `import` makes of a Core Data widget: the classes Xcode would generate from the model, the
/// `@NSManaged` files rewritten to build without the Objective-C runtime, and the plan linking the
/// `CoreData` framework.
final class CoreDataImportTests: XCTestCase {
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
            <entity name="List" representedClassName="ShoppingList" syncable="YES" codeGenerationType="class">
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="position" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="budget" optional="YES" attributeType="Double" usesScalarValueType="NO"/>
                <attribute name="total" optional="YES" attributeType="Decimal"/>
                <attribute name="archived" attributeType="Boolean" usesScalarValueType="YES"/>
                <attribute name="tags" optional="YES" attributeType="Transformable" customClassName="[String]"/>
                <attribute name="color" optional="YES" attributeType="Transformable" customClassName="UIColor); import Evil; (x"/>
                <attribute name="default" optional="YES" attributeType="String"/>
                <relationship name="items" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Item" inverseName="list" inverseEntity="Item"/>
                <relationship name="steps" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Item"/>
            </entity>
            <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="category">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="list" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="List" inverseName="items" inverseEntity="List"/>
            </entity>
            <entity name="Special" representedClassName="MyApp.SpecialList" parentEntity="List" syncable="YES" codeGenerationType="class">
                <attribute name="badge" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>
            </entity>
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="text" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """

    private func modelFile() throws -> ModelFile {
        try ModelFile(xml: Data(Self.model.utf8), name: "Shop", path: "Shop.xcdatamodel/contents")
    }

    func testTheModelFileIsReadAsXcodeWritesIt() throws {
        let model = try modelFile()
        XCTAssertEqual(model.entities.map(\.name), ["List", "Item", "Special", "Note"])
        XCTAssertEqual(model.entities.map(\.codeGeneration), [.classDefinition, .category, .classDefinition, .manual])
        XCTAssertEqual(model.entity(named: "Special")?.swiftClassName, "SpecialList")
        let items = try XCTUnwrap(model.entity(named: "List")?.relationships.first)
        XCTAssertTrue(items.isToMany)
        XCTAssertEqual(items.inverseName, "list")
        XCTAssertEqual(model.entity(named: "List")?.attributes.first { $0.name == "budget" }?.usesScalarValueType, false)

        XCTAssertThrowsError(try ModelFile(xml: Data("<model><entity name=\"A\"><attribute name=\"x\"></model>".utf8), name: "M", path: "M")) { error in
            XCTAssertTrue("\(error)".contains("M:1: the Core Data model is malformed"), "\(error)")
        }
        XCTAssertThrowsError(try ModelFile(xml: Data("<plist/>".utf8), name: "M", path: "M"))
        XCTAssertThrowsError(try ModelFile(xml: Data("<model><entity name=\"A\"><relationship name=\"r\" destinationEntity=\"Nowhere\"/></entity></model>".utf8),
                                           name: "M", path: "M")) { error in
            XCTAssertTrue("\(error)".contains("leads to Nowhere"), "\(error)")
        }
    }

    func testClassDefinitionAndCategoryEntitiesGetXcodesFiles() throws {
        let sources = CoreDataModelCodegen.sources(for: try modelFile(), fileName: "Shop.xcdatamodeld")
        XCTAssertEqual(sources.keys.sorted(), [
            "Item+CoreDataProperties.swift", "ShoppingList+CoreDataClass.swift", "ShoppingList+CoreDataProperties.swift",
            "SpecialList+CoreDataClass.swift", "SpecialList+CoreDataProperties.swift",
        ], "a category entity gets its properties only; a manual one nothing")
        let listClass = try XCTUnwrap(sources["ShoppingList+CoreDataClass.swift"])
        XCTAssertTrue(listClass.contains("import CoreData\n"))
        XCTAssertTrue(listClass.contains("public class ShoppingList: NSManagedObject {\n}"))
        XCTAssertTrue(try XCTUnwrap(sources["SpecialList+CoreDataClass.swift"]).contains("public class SpecialList: ShoppingList {"))

        let list = try XCTUnwrap(sources["ShoppingList+CoreDataProperties.swift"])
        let expected = [
            "extension ShoppingList {",
            "    public class func fetchRequest() -> NSFetchRequest<ShoppingList> {",
            "        return NSFetchRequest<ShoppingList>(entityName: \"List\")",
            "    public var name: String? { get { _managedValue(forKey: \"name\") } set { _setManagedValue(newValue, forKey: \"name\") } }",
            "    public var position: Int32 { get { _managedValue(forKey: \"position\") }",
            "    public var budget: NSNumber? {",
            "    public var total: NSDecimalNumber? {",
            "    public var archived: Bool {",
            "    public var tags: [String]? {",
            "    public var color: NSObject? {",
            "    public var `default`: String? { get { _managedValue(forKey: \"default\") }",
            "    public var items: NSSet? {",
            "    public var steps: NSOrderedSet? {",
            "// MARK: Generated accessors for items",
            "    public func addToItems(_ value: Item) { _managedAdd(value, toKey: \"items\") }",
            "    public func removeFromItems(_ value: Item) { _managedRemove(value, fromKey: \"items\") }",
            "    public func addToItems(_ values: NSSet) { _managedAdd(values, toKey: \"items\") }",
            "    public func insertIntoSteps(_ value: Item, at idx: Int) { _managedInsert(value, at: idx, intoKey: \"steps\") }",
            "    public func removeFromSteps(at indexes: NSIndexSet) { _managedRemove(at: indexes, fromKey: \"steps\") }",
            "    public func replaceSteps(at idx: Int, with value: Item) { _managedReplace(at: idx, with: value, inKey: \"steps\") }",
            "    public func addToSteps(_ values: NSOrderedSet) { _managedAdd(values, toKey: \"steps\") }",
            "extension ShoppingList: Identifiable {",
        ]
        for line in expected { XCTAssertTrue(list.contains(line), "missing \(line) in\n\(list)") }
        XCTAssertFalse(list.contains("Evil"), "a custom class name that is not a type name is not written into source")
        XCTAssertFalse(list.contains("@NSManaged"))
        XCTAssertFalse(try XCTUnwrap(sources["SpecialList+CoreDataProperties.swift"]).contains("Identifiable"), "inherited from ShoppingList")
        XCTAssertTrue(try XCTUnwrap(sources["Item+CoreDataProperties.swift"]).contains("    public var list: ShoppingList? {"))
    }

    /// Clok writes its entity initializer `@objc private override init(entity:insertInto:)`.
    func testAPrivateEntityInitializerBecomesARequiredInternalOne() {
        XCTAssertEqual(ManagedSourceRewriter.requiringEntityInitializer("    private override init(entity: E, insertInto c: C?) {"),
                       "    required init(entity: E, insertInto c: C?) {")
        XCTAssertEqual(ManagedSourceRewriter.requiringEntityInitializer("override public init(entity: E, insertInto c: C?)"),
                       "public required init(entity: E, insertInto c: C?)")
        XCTAssertEqual(ManagedSourceRewriter.requiringEntityInitializer("override init(from decoder: Decoder)"), "override init(from decoder: Decoder)")
    }

    func testManagedPropertiesAreRewrittenLineForLineNamingTheOriginal() throws {
        let original = """
            import Foundation
            import CoreData

            @objc(Item)
            public class Item: NSManagedObject {
                // @NSManaged in a comment stays
                let note = "@NSManaged in a string stays"
                public override init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
                    super.init(entity: entity, insertInto: context)
                }
            }

            extension Item {
                @nonobjc public class func fetchRequest() -> NSFetchRequest<Item> {
                    return NSFetchRequest<Item>(entityName: "Item")
                }
                @NSManaged public var name: String? // the title
                @NSManaged public var count: Int16
                @NSManaged
                public var tags: [String: Int]?
                @NSManaged public var entries: NSOrderedSet?
                static let sortKey = #keyPath(Item.name)
            }

            extension Item {
                @objc(addEntriesObject:)
                @NSManaged public func addToEntries(_ value: Entry)
                @objc(removeObjectFromEntriesAtIndex:)
                @NSManaged public func removeFromEntries(at idx: Int)
                @objc(replaceObjectInEntriesAtIndex:withObject:)
                @NSManaged public func replaceEntries(at idx: Int, with value: Entry)
                @objc(addEntries:)
                @NSManaged public func addToEntries(_ values: NSOrderedSet)
            }
            """
        XCTAssertTrue(ManagedSourceRewriter.needsRewrite(original))
        XCTAssertFalse(ManagedSourceRewriter.needsRewrite("struct A { @objc var b = 1 }"), "only @NSManaged and @objc(…) ask for it")
        XCTAssertFalse(ManagedSourceRewriter.needsRewrite("// written with @NSManaged\nlet a = \"@objc(A)\"\n"), "in comments and strings they do not")
        let result = ManagedSourceRewriter.rewrite(original, originalPath: "/project/Shared/Item+CoreDataProperties.swift")
        XCTAssertEqual(result.properties, 4)
        XCTAssertEqual(result.accessors, 4)
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "#sourceLocation(file: \"/project/Shared/Item+CoreDataProperties.swift\", line: 1)")
        let originalLines = original.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, originalLines.count + 3, "one line before, one after, the final newline")
        XCTAssertEqual(lines[originalLines.count + 1], "#sourceLocation()")
        /// Line `n` of the original is line `n + 1` of the copy.
        func line(_ n: Int) -> String { lines[n] }
        XCTAssertEqual(line(4), "")
        XCTAssertEqual(line(5), "public class Item: NSManagedObject {")
        XCTAssertEqual(line(6), "    // @NSManaged in a comment stays")
        XCTAssertEqual(line(7), "    let note = \"@NSManaged in a string stays\"")
        XCTAssertEqual(line(8), "    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {")
        XCTAssertEqual(line(14), "    public class func fetchRequest() -> NSFetchRequest<Item> {")
        XCTAssertEqual(line(17), "     public var name: String? { get { _managedValue(forKey: \"name\") } set { _setManagedValue(newValue, forKey: \"name\") } } // the title")
        XCTAssertEqual(line(18), "     public var count: Int16 { get { _managedValue(forKey: \"count\") } set { _setManagedValue(newValue, forKey: \"count\") } }")
        XCTAssertEqual(line(19).trimmingCharacters(in: .whitespaces), "")
        XCTAssertEqual(line(20), "    public var tags: [String: Int]? { get { _managedValue(forKey: \"tags\") } set { _setManagedValue(newValue, forKey: \"tags\") } }")
        XCTAssertEqual(line(22), "    static let sortKey = \"name\"")
        XCTAssertEqual(line(26).trimmingCharacters(in: .whitespaces), "")
        XCTAssertEqual(line(27), "     public func addToEntries(_ value: Entry) { _managedAdd(value, toKey: \"entries\") }")
        XCTAssertEqual(line(29), "     public func removeFromEntries(at idx: Int) { _managedRemove(at: idx, fromKey: \"entries\") }")
        XCTAssertEqual(line(31), "     public func replaceEntries(at idx: Int, with value: Entry) { _managedReplace(at: idx, with: value, inKey: \"entries\") }")
        XCTAssertEqual(line(33), "     public func addToEntries(_ values: NSOrderedSet) { _managedAdd(values, toKey: \"entries\") }")
        XCTAssertFalse(result.text.contains("@objc"))
        XCTAssertFalse(result.text.contains("@nonobjc"))
    }

    /// The fixture project `Tests/Fixtures/Groceries`: a widget sharing the app's Core Data stack, a
    /// model with a generated class (`ShoppingList`) and a hand-kept one (`GroceryItem`).
    func testAWidgetUsingCoreDataIsPlannedWithItsModelAndRewrittenFiles() throws {
        let folder = ImportFixture.folder.deletingLastPathComponent().appendingPathComponent("Groceries")
        let project = try XcodeProject(contentsOf: folder.appendingPathComponent("Groceries.xcodeproj"))
        let target = try WidgetTargetChoice.choose(in: project, named: nil)
        XCTAssertEqual(target.name, "GroceriesWidgetExtension")
        let plan = try ImportPlanner(project: project, widgetHostPackage: ImportFixture.widgetHost).plan(target: target)
        let module = try XCTUnwrap(plan.modules.first)
        XCTAssertEqual(module.sources.map(\.lastPathComponent), ["GroceriesWidget.swift", "PersistenceController.swift"])
        XCTAssertEqual(module.resources.map(\.lastPathComponent), ["Groceries.xcdatamodeld"])
        XCTAssertEqual(Set(module.generated.keys), [
            "CoreData/ShoppingList+CoreDataClass.swift", "CoreData/ShoppingList+CoreDataProperties.swift",
            "CoreData/GroceryItem+CoreDataClass.rewritten.swift", "CoreData/GroceryItem+CoreDataProperties.rewritten.swift",
        ])
        XCTAssertEqual(module.frameworks, ["SwiftUI", "WidgetKit", "CoreData"])
        XCTAssertEqual(plan.unavailableFrameworks, [:])
        XCTAssertTrue(plan.leftOut.contains { $0.hasPrefix("Shared/GroceryItem+CoreDataProperties.swift: compiled as the rewritten Generated/CoreData/GroceryItem+CoreDataProperties.rewritten.swift (5 @NSManaged properties") },
                      "\(plan.leftOut)")
        let rewritten = try XCTUnwrap(module.generated["CoreData/GroceryItem+CoreDataProperties.rewritten.swift"])
        XCTAssertTrue(rewritten.hasPrefix("#sourceLocation(file: \"\(folder.appendingPathComponent("Shared/GroceryItem+CoreDataProperties.swift").path)\", line: 1)"))
    }
}
