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

/// `DisplayRepresentation`: how an entity is shown in a picker: a title, a subtitle, an image.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// `DisplayRepresentation.Image`: a symbol, a catalog image, image data or a URL.
    public struct Image: Hashable, Sendable {
        public enum Source: Hashable, Sendable {
            case systemName(String), named(String), data(Data), url(URL)
        }
        public let source: Source
        public let isTemplate: Bool
        public init(systemName: String, isTemplate: Bool? = nil) { (source, self.isTemplate) = (.systemName(systemName), isTemplate ?? true) }
        public init(named name: String, isTemplate: Bool = false) { (source, self.isTemplate) = (.named(name), isTemplate) }
        public init(data: Data, isTemplate: Bool = false) { (source, self.isTemplate) = (.data(data), isTemplate) }
        public init(url: URL, isTemplate: Bool = false) { (source, self.isTemplate) = (.url(url), isTemplate) }
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
