import Foundation
import FoundationAdditions

// The texts an intent and its entities show, each made of `LocalizedStringResource`s (declared with
// Foundation's additions, as Apple declares it in Foundation).

/// `IntentDescription`.
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var description: LocalizedStringResource
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource]
    public init(_ description: LocalizedStringResource, categoryName: LocalizedStringResource? = nil, searchKeywords: [LocalizedStringResource] = []) {
        self.description = description
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
    }
    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation))) }
}

/// `DisplayRepresentation`: how an entity is shown in a picker.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {
        self.title = title
        self.subtitle = subtitle
    }
    public init(stringLiteral value: String) { self.init(title: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation))) }
}

/// `TypeDisplayRepresentation`: the name of an entity type.
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource
    public var numericFormat: LocalizedStringResource?
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }
    public init(stringLiteral value: String) { self.init(name: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(name: LocalizedStringResource(String(stringInterpolation: stringInterpolation))) }
}
