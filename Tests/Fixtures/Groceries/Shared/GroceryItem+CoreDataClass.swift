//
//  GroceryItem+CoreDataClass.swift
//  Groceries
//
//  This file was generated once by Xcode ("Manual/None" codegen) and is edited by hand.
//

import Foundation
import CoreData

@objc(GroceryItem)
public class GroceryItem: NSManagedObject {
    /// "Milk ×2", or just "Milk" for one.
    var label: String {
        let title = name ?? "Something"
        return quantity > 1 ? "\(title) ×\(quantity)" : title
    }
}
