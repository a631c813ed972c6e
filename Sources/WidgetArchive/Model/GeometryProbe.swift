/// A view whose size the extension has not learnt yet (a `GeometryReader`, a custom `Shape`), marked
/// in the tree it lays out to learn it. Named by its place among the readers: its index within each
/// enclosing reader, outermost first. It lives only inside the extension, between layout passes:
/// the archive encoder writes the marked content alone, and no decoder makes one.
public struct GeometryProbe: Hashable, Sendable, Codable, CustomStringConvertible {
    public var path: [Int]

    public init(path: [Int]) { self.path = path }

    /// `/0/1`: the second reader inside the first.
    public var description: String { path.map { "/\($0)" }.joined() }
}
