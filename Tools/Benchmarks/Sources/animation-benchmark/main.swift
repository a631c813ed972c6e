// Transitions between entries, each figure next to a peer measured in the same run:
//   a one-second systemSmall transition at 2×, 60 frames a second, planned, drawn and encoded as an
//   animated PNG in process; peer: rsvg-convert turning the same frames' SVGs into PNGs, one process
//   a frame (what a script around an SVG renderer would do)                    target ≥ 20× the frames/s
//   the plan between two entries of about 200 nodes                            target ≤ 0.2 ms
// Usage: animation-benchmark RSVG_CONVERT (Tools/Benchmarks/animation-benchmark.sh installs it)
#if canImport(Glibc)
import BenchmarkSummary
import Glibc
#endif
import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetLayout
import WidgetRender

guard CommandLine.arguments.count == 2 else {
    print("usage: animation-benchmark RSVG_CONVERT (run Tools/Benchmarks/animation-benchmark.sh)")
    exit(2)
}
let rsvg = CommandLine.arguments[1]
let t0 = Date(timeIntervalSince1970: 1_763_712_000)

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

/// The caffeine widget with `rows` drinks: about 2 nodes a row, the total rolling, a new row pushed in.
func entry(total: Int, rows: Int, animation: AnimationValue) -> RenderTree {
    let drinks = (0..<rows).map { i in
        ViewNode.modified(.modified(.stack(StackNode(axis: .horizontal, children: [.text(TextNode("Drink \(i)")), .color(.system(.brown, opacity: 1))])),
                                    .identity("drink-\(i)")), .transition(.push(.bottom)))
    }
    let root = ViewNode.modified(.stack(StackNode(axis: .vertical, children: [
        .modified(.text(TextNode("\(total) mg")), .numericTextValue(Double(total))),
    ] + drinks)), .animation(animation, valueDigest: UInt64(total)))
    return WidgetRenderer.render(WidgetArchiveValue(kind: "Caffeine", family: .systemSmall, entryDate: t0, root: root),
                                 context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
}

// Profiling aids: ANIMATION_BENCHMARK_PLAN_ONLY=N plans N times and stops (frames: below).
if let runs = ProcessInfo.processInfo.environment["ANIMATION_BENCHMARK_PLAN_ONLY"].flatMap(Int.init) {
    let pair = (entry(total: 200, rows: 64, animation: .widgetDefault), entry(total: 264, rows: 65, animation: .widgetDefault))
    for _ in 0..<runs { _ = TransitionPlanner.plan(from: pair.0, to: pair.1) }
    exit(0)
}

// 1. Frames: one second, 60 fps, at 2×.
let oneSecond = AnimationValue(.easeInOut(duration: 1))
let plan = TransitionPlanner.plan(from: entry(total: 200, rows: 3, animation: oneSecond), to: entry(total: 264, rows: 4, animation: oneSecond))
let frames = TransitionFrames(plan)
let instants = Array(frames.instants(fps: 60).prefix(60))
let painter = PNGRenderer()

// Profiling aid: ANIMATION_BENCHMARK_FRAMES_ONLY=N makes the animated PNG N times and stops.
if let runs = ProcessInfo.processInfo.environment["ANIMATION_BENCHMARK_FRAMES_ONLY"].flatMap(Int.init) {
    for _ in 0..<runs { _ = TransitionFrames(plan).apng(fps: 60, painter: painter, scale: 2, limit: instants.last!) }
    exit(0)
}
var inProcess: [Double] = []
var apng: [UInt8] = []
for _ in 0..<15 {
    let start = ContinuousClock.now
    apng = TransitionFrames(TransitionPlanner.plan(from: plan.from, to: plan.to)).apng(fps: 60, painter: painter, scale: 2, limit: instants.last!)
    inProcess.append(seconds(ContinuousClock.now - start))
}
// Where a frame's time goes: drawing it whole, and writing it as the rectangle that changed.
var canvas = Canvas(width: 1, height: 1)
let drawStart = ContinuousClock.now
for t in instants { painter.draw(frames.tree(at: t), into: &canvas, scale: 2) }
let drawing = seconds(ContinuousClock.now - drawStart) / Double(instants.count)
print(String(format: "  per frame: drawing %.2f ms, the rest (tree at the instant excluded) %.2f ms", drawing * 1000,
             (median(inProcess) / Double(instants.count) - drawing) * 1000))
let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("animation-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
for (n, instant) in instants.enumerated() {
    try Data(SVGWriter.svg(frames.tree(at: instant)).utf8).write(to: dir.appendingPathComponent("frame-\(n).svg"))
}
var peer: [Double] = []
for _ in 0..<3 {
    let start = ContinuousClock.now
    for n in instants.indices {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["--zoom", "2", "--format", "png", "--output", dir.appendingPathComponent("frame-\(n).png").path,
                             dir.appendingPathComponent("frame-\(n).svg").path]
        try process.run()
        process.waitUntilExit()
    }
    peer.append(seconds(ContinuousClock.now - start))
}
let ours = Double(instants.count) / median(inProcess), theirs = Double(instants.count) / median(peer)
print(String(format: "one-second transition, 60 frames at 2× (%d KB APNG): %.0f frames/s in process; rsvg-convert %.1f frames/s; %.1f×   target ≥ 20× %@",
             apng.count / 1024, ours, theirs, ours / theirs, ours >= 20 * theirs ? "met" : "NOT MET"))

// 2. The plan between two entries of about 200 nodes.
let big = (entry(total: 200, rows: 64, animation: .widgetDefault), entry(total: 264, rows: 65, animation: .widgetDefault))
let nodes = big.1.root.allNodes().count
var plans: [Double] = []
for _ in 0..<200 {
    let start = ContinuousClock.now
    _ = TransitionPlanner.plan(from: big.0, to: big.1)
    plans.append(seconds(ContinuousClock.now - start))
}
let planMedian = median(plans) * 1000
print(String(format: "plan between two entries of %d render nodes: median %.3f ms   target ≤ 0.2 ms %@", nodes, planMedian, planMedian <= 0.2 ? "met" : "NOT MET"))
SummaryRow(path: "APNG transition, 60 frames at 2×", figure: String(format: "%.0f frames/s", ours),
           peer: String(format: "rsvg-convert %.1f frames/s", theirs), ratio: ours / theirs, direction: .fasterThanPeer, target: 20).print()
SummaryRow(path: "transition plan, \(nodes) render nodes", figure: planMedian, unit: "ms", peer: "—", atMost: 0.2).print()
