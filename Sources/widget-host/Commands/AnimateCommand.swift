import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetRender

/// `widget-host animate FILE --family F [--placement P] [--from N] [--to M] [--fps F]
/// [--format apng|frames|json] --out PATH`: the transition from one entry of a stored timeline to
/// another, as the host plays it, written as an animated PNG, numbered PNG frames, or the plan.
enum AnimateCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: ["family", "placement", "from", "to", "fps", "format", "out", "scale", "font"])
        guard a.positional.count == 1, let path = a.positional.first else { throw UsageError("animate takes one FILE (a .timeline)") }
        let (family, placement) = try RenderCommand.familyAndPlacement(a)
        let out = try a.required("out")
        let format = a.value("format") ?? (out.hasSuffix(".json") ? "json" : out.hasSuffix(".png") || out == "-" ? "apng" : "frames")
        guard ["apng", "frames", "json"].contains(format) else { throw UsageError("unknown format \(format): use --format apng, frames or json") }
        if format == "frames" && out == "-" { throw UsageError("--format frames writes a folder: give --out DIR") }
        let fps = try a.number("fps", above: 0, atMost: 120, unit: "frames a second") ?? 60
        let scale = try a.number("scale", above: 0, atMost: 8, unit: "pixels a point")
        if let font = a.value("font"), TrueTypeFont(path: font) == nil { throw UsageError("--font \(font) is not a readable TrueType font") }
        guard case .timeline(let timeline) = try LoadedFile.load(path) else {
            throw CommandFailure("\(path) is an archive, not a timeline: animate plays a timeline's entries")
        }
        let count = timeline.entries.count
        guard count >= 2 else { throw CommandFailure("\(path): a transition needs two entries; the timeline has \(count)") }
        let from = try a.integer("from", in: 0...(count - 1)) ?? 0
        let to = try a.integer("to", in: 0...(count - 1)) ?? min(count - 1, from + 1)
        guard from != to else { throw UsageError("--from and --to name the same entry (\(from))") }

        func tree(_ index: Int) throws -> RenderTree {
            guard let bytes = timeline.archive(entry: index) else { throw CommandFailure("\(path): entry \(index) has no archive") }
            let archive = try LoadedFile.decodeArchive(bytes, path: "\(path) entry \(index)")
            return WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: family, date: archive.entryDate))
        }
        let plan = TransitionPlanner.plan(from: try tree(from), to: try tree(to))
        let frames = TransitionFrames(plan)
        let painter = PNGRenderer(fontPath: a.value("font"))
        let instants = frames.instants(fps: fps)
        let summary = "\(timeline.kind) \(family) entry \(from) → \(to): \(plan.changes.count) change(s) over \(String(format: "%.2f", plan.duration)) s"
        switch format {
        case "json":
            try OutputFile.deliver(Array(plan.json().utf8), to: out, summary: "animated \(summary)")
        case "apng":
            let bytes = frames.apng(fps: fps, painter: painter, scale: scale)
            try OutputFile.deliver(bytes, to: out, summary: "animated \(summary), \(instants.count) frames")
        default:
            let folder = URL(fileURLWithPath: out, isDirectory: true)
            try OutputFile.createDirectory(folder)
            for (n, instant) in instants.enumerated() {
                let name = "frame-" + String(n).leftPadded(4) + ".png"
                try OutputFile.write(painter.png(frames.tree(at: instant), scale: scale), to: folder.appendingPathComponent(name))
            }
            print("animated \(summary) to \(instants.count) frames in \(out)")
        }
    }
}
