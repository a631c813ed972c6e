import WidgetLayout
import WidgetRender

/// `widget-host placements`: the placement table.
enum PlacementsCommand {
    /// A placement as `--json` lists it.
    struct Listed: Encodable {
        struct Family: Encodable {
            var family: String
            var width: Double
            var height: Double
        }
        var id: String
        var name: String
        var renderingMode: String
        var removesContainerBackground: Bool
        var scale: Double
        var families: [Family]
    }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: [], flags: ["json"])
        guard a.positional.isEmpty else { throw UsageError("placements takes no positional arguments") }
        if a.has("json") {
            return try JSONOutput.print(Placement.all.map { p in
                Listed(id: p.id, name: p.name, renderingMode: "\(p.renderingMode)", removesContainerBackground: p.removesContainerBackground,
                       scale: p.scale, families: p.families.compactMap { f in
                           p.sizes[f].map { Listed.Family(family: f.rawValue, width: $0.width, height: $0.height) }
                       })
            })
        }
        let width = Placement.all.map(\.id.count).max() ?? 0
        for p in Placement.all {
            let families = p.families.compactMap { f -> String? in
                p.sizes[f].map { "\(f.rawValue) \(Int($0.width))x\(Int($0.height))" }
            }
            print("\(p.id.padding(toLength: width + 1, withPad: " ", startingAt: 0)) \(p.name): \(p.renderingMode), background \(p.removesContainerBackground ? "removed" : "shown"), @\(Int(p.scale))x; \(families.joined(separator: ", "))")
        }
    }
}
