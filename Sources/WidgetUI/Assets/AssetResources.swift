import Foundation

/// `ColorResource` (DeveloperToolsSupport, re-exported by SwiftUI): a colour set of the target's
/// asset catalog, by name. Xcode generates one static member per colour set (`.brand`); so does
/// `widget-host import`. Drawn as `Color("name")` is: from the catalog the extension ships.
public struct ColorResource: Hashable, Sendable {
    public let name: String
    public init(name: String, bundle: Bundle) { self.name = name }
}

/// `ImageResource`: an image set of the target's asset catalog, by name (`Image(.logo)`).
public struct ImageResource: Hashable, Sendable {
    public let name: String
    public init(name: String, bundle: Bundle) { self.name = name }
}

extension Color {
    /// `Color(.brand)`: the colour set's light, dark and high-contrast appearances.
    public init(_ resource: ColorResource) { self.init(resource.name) }
}

extension Image {
    /// `Image(.logo)`: the image set, drawn by the host from the extension's catalog.
    public init(_ resource: ImageResource) { self.init(resource.name) }
}
