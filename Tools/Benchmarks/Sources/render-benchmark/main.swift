// Renders a systemSmall scene at 2× to PNG in process, and compares it with `rsvg-convert` turning the
// same scene's SVG into a PNG, in the same run; then the whole `widget-host render` process against the
// whole `rsvg-convert` process. Usage: render-benchmark WIDGET_HOST RSVG_CONVERT
#if canImport(Glibc)
import BenchmarkSummary
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: render-benchmark WIDGET_HOST RSVG_CONVERT (run Tools/Benchmarks/render-benchmark.sh)")
    exit(2)
}
let widgetHost = arguments[1], rsvg = arguments[2]
let t0 = Date(timeIntervalSince1970: 1_763_712_000)

let scene = WidgetArchiveValue(
    kind: "Caffeine", family: .systemSmall, entryDate: t0,
    root: .modified(
        .stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: .leading, vertical: .center), spacing: 4, children: [
            .modified(.text(TextNode("Total Caffeine")), .font(FontSpec(size: .style(.caption)))),
            .modified(.text(TextNode("128 mg")), .font(FontSpec(size: .style(.title), weight: .bold))),
            .modified(.text(TextNode(runs: [TextRun(.literal("Espresso ")), TextRun(.date(t0.addingTimeInterval(-3600), .relative))])), .font(FontSpec(size: .style(.caption2)))),
            .spacer(minLength: 0),
            .progress(ProgressNode(value: .fraction(value: 0.4, total: 1), style: .linear)),
            .control(ControlNode(kind: .button(label: .stack(StackNode(axis: .horizontal, spacing: 4, children: [
                .image(ImageNode(source: .system("plus"))), .text(TextNode("Espresso")),
            ]))), action: .intent(IntentReference(typeIdentifier: "LogDrink", parameters: [1])))),
        ])),
        .containerBackground(.shape(ShapeNode(kind: .rectangle, fill: .linearGradient(
            stops: [GradientStop(color: .rgba(red: 0.98, green: 0.95, blue: 0.88, opacity: 1), location: 0),
                    GradientStop(color: .rgba(red: 0.93, green: 0.86, blue: 0.74, opacity: 1), location: 1)],
            start: UnitPointValue(x: 0, y: 0), end: UnitPointValue(x: 1, y: 1)))))))

let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("widgethost-render-bench-\(getpid())")
try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
let archivePath = dir.appendingPathComponent("scene.wgar").path
let svgPath = dir.appendingPathComponent("scene.svg").path
try Data(ArchiveEncoder.encode(scene)).write(to: URL(fileURLWithPath: archivePath))
let context = RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)
try Data(SVGWriter.svg(WidgetRenderer.render(scene, context: context)).utf8).write(to: URL(fileURLWithPath: svgPath))

func nanos(_ d: Duration) -> Double { let (s, a) = d.components; return Double(s) * 1e9 + Double(a) / 1e9 }
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

/// posix_spawn + waitpid: no run-loop polling in the measurement.
func run(_ argv: [String]) -> Double {
    var pid: pid_t = 0
    var cargs = argv.map { strdup($0) } + [nil]
    defer { for p in cargs { free(p) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let start = ContinuousClock.now
    guard posix_spawn(&pid, argv[0], &actions, nil, &cargs, environ) == 0 else {
        print("cannot run \(argv[0])")
        exit(2)
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let elapsed = nanos(ContinuousClock.now - start)
    guard status == 0 else {
        print("\(argv.joined(separator: " ")) failed with status \(status)")
        exit(2)
    }
    return elapsed
}

let painter = PNGRenderer()
var sink = 0
// `PROFILE_RENDERS=N`: only N in-process renders to PNG, for a profiler (`perf record`).
if let count = ProcessInfo.processInfo.environment["PROFILE_RENDERS"].flatMap(Int.init) {
    for _ in 0..<count { sink &+= painter.png(WidgetRenderer.render(scene, context: context), scale: 2).count }
    print("\(count) renders, \(sink) bytes")
    try? FileManager.default.removeItem(at: dir)
    exit(0)
}
var inProcess: [Double] = []
for _ in 0..<15 {
    let start = ContinuousClock.now
    sink &+= painter.png(WidgetRenderer.render(scene, context: context), scale: 2).count
    inProcess.append(nanos(ContinuousClock.now - start))
}
var layoutTimes: [Double] = [], rasterTimes: [Double] = [], encodeTimes: [Double] = []
for _ in 0..<15 {
    let a = ContinuousClock.now
    let tree = WidgetRenderer.render(scene, context: context)
    let b = ContinuousClock.now
    let canvas = painter.canvas(tree, scale: 2)
    let c = ContinuousClock.now
    sink &+= PNGEncoder.encode(canvas).count
    let d = ContinuousClock.now
    layoutTimes.append(nanos(b - a)); rasterTimes.append(nanos(c - b)); encodeTimes.append(nanos(d - c))
}
let fontStart = ContinuousClock.now
_ = PNGRenderer()
let fontLoad = nanos(ContinuousClock.now - fontStart)
print(String(format: "breakdown: layout %.2f ms, raster %.2f ms, PNG encode %.2f ms; font load %.2f ms",
             median(layoutTimes) / 1e6, median(rasterTimes) / 1e6, median(encodeTimes) / 1e6, fontLoad / 1e6))
let rsvgPNG = dir.appendingPathComponent("rsvg.png").path
let hostPNG = dir.appendingPathComponent("host.png").path
var rsvgRuns: [Double] = [], hostRuns: [Double] = []
for _ in 0..<15 {
    rsvgRuns.append(run([rsvg, "--zoom=2", "-o", rsvgPNG, svgPath]))
    hostRuns.append(run([widgetHost, "render", archivePath, "--family", "systemSmall", "--format", "png", "--scale", "2", "--out", hostPNG]))
}
let ours = median(inProcess), theirs = median(rsvgRuns), hostProcess = median(hostRuns)
print(String(format: "in-process render to PNG (316×316):   %8.2f ms", ours / 1e6))
print(String(format: "rsvg-convert process (same scene):    %8.2f ms", theirs / 1e6))
print(String(format: "widget-host render process:           %8.2f ms", hostProcess / 1e6))
let r1 = theirs / ours, r2 = theirs / hostProcess
print(String(format: "in-process vs rsvg-convert: %.1f× faster (target ≥ 10×) %@", r1, r1 >= 10 ? "met" : "NOT MET"))
print(String(format: "widget-host process vs rsvg-convert process: %.1f× faster (target ≥ 3×) %@", r2, r2 >= 3 ? "met" : "NOT MET"))
SummaryRow(path: "render systemSmall @2× to PNG, in process", figure: String(format: "%.2f ms", ours / 1e6),
           peer: String(format: "rsvg-convert process %.1f ms", theirs / 1e6), ratio: r1, direction: .fasterThanPeer, target: 30).print()
if sink == 1 { print("") }
try? FileManager.default.removeItem(at: dir)  // exit() skips the defer above
exit(r1 >= 10 && r2 >= 3 ? 0 : 1)
