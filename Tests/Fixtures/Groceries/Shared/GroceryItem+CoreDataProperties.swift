//
//  GroceryItem+CoreDataProperties.swift
//  Groceries
//
//  This file was generated once by Xcode ("Manual/None" codegen).
//

import Foundation
import CoreData


extension GroceryItem {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<GroceryItem> {
        return NSFetchRequest<GroceryItem>(entityName: "GroceryItem")
    }

    @NSManaged public var addedAt: Date?
    @NSManaged public var done: Bool
    @NSManaged public var name: String?
    @NSManaged public var quantity: Int16
    @NSManaged public var list: ShoppingList?

}

extension GroceryItem : Identifiable {

}
