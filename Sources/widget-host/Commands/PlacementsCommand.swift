import WidgetRender

/// `widget-host placements`: the placement table.
enum PlacementsCommand {
    static func run(_ args: [String]) throws {
        guard args.isEmpty else { throw UsageError("placements takes no arguments") }
        for p in Placement.all {
            let families = p.families.map { f -> String in
                let s = p.sizes[f]!
                return "\(f.rawValue) \(Int(s.width))x\(Int(s.height))"
            }
            print("\(p.id.padding(toLength: 20, withPad: " ", startingAt: 0)) \(p.name): \(p.renderingMode), background \(p.removesContainerBackground ? "removed" : "shown"), @\(Int(p.scale))x; \(families.joined(separator: ", "))")
        }
    }
}
