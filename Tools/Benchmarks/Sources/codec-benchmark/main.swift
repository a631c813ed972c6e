// Encodes and decodes the same ~200-node widget tree with the archive codec and with Foundation's
// JSONEncoder/JSONDecoder and binary PropertyListEncoder/Decoder, in the same run, and prints
// nanoseconds per node and the ratios against the issue's targets.
import BenchmarkSummary
import Foundation
import WidgetArchive

/// A realistic list widget: 16 rows of icon, title, subtitle, spacer and value, with modifiers.
func sampleTree() -> WidgetArchiveValue {
    let rows: [ViewNode] = (0..<16).map { i in
        .modified(
            .stack(StackNode(axis: .horizontal, alignment: .center, spacing: 6, children: [
                .modified(.image(ImageNode(source: .system(i % 2 == 0 ? "cup.and.saucer.fill" : "drop.fill"))), .foreground(.color(.system(.orange, opacity: 1)))),
                .stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: .leading, vertical: .center), spacing: 0, children: [
                    .modified(.text(TextNode("Row \(i) title")), .font(FontSpec(size: .style(.headline)))),
                    .modified(.text(TextNode(runs: [TextRun(.literal("updated ")), TextRun(.date(Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 60), .relative))])), .foreground(.foreground(level: 1))),
                ])),
                .spacer(minLength: nil),
                .modified(.modified(.text(TextNode("\(i * 64) mg")), .lineLimit(1)), .minimumScaleFactor(0.8)),
            ])),
            .identity("row-\(i)"))
    }
    let root = ViewNode.modified(
        .modified(.stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: .leading, vertical: .center), spacing: 4, children: rows)),
                  .padding(PaddingSpec(top: 8, leading: 8, bottom: 8, trailing: 8))),
        .containerBackground(.color(.rgba(red: 0.98, green: 0.95, blue: 0.88, opacity: 1))))
    return WidgetArchiveValue(kind: "Benchmark", family: .systemLarge, entryDate: Date(timeIntervalSince1970: 1_700_000_000), root: root)
}

/// Median nanoseconds per call of `body` over `rounds` rounds of `iterations` calls.
func measure(iterations: Int, rounds: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for _ in 0..<iterations { try body() }
        let elapsed = ContinuousClock.now - start
        let (s, atto) = elapsed.components
        samples.append((Double(s) * 1e9 + Double(atto) / 1e9) / Double(iterations))
    }
    return samples.sorted()[samples.count / 2]
}

let value = sampleTree()
let nodes = Double(value.root.nodeCount)
let ours = ArchiveEncoder.encode(value)
let jsonEncoder = JSONEncoder()
let plistEncoder = PropertyListEncoder()
plistEncoder.outputFormat = .binary
let json = try jsonEncoder.encode(value)
let plist = try plistEncoder.encode(value)
let roundTrips = [
    try ArchiveDecoder().decode(ours), try JSONDecoder().decode(WidgetArchiveValue.self, from: json),
    try PropertyListDecoder().decode(WidgetArchiveValue.self, from: plist),
]
guard roundTrips.allSatisfy({ $0 == value }) else {
    print("a codec does not round-trip the sample tree")
    exit(2)
}

// `--profile encode|decode CALLS` runs one path alone, a fixed number of times, for a profiler to
// attribute (`perf record`) or count (`valgrind --tool=callgrind`, the same figure in every run).
let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--profile", let calls = Int(arguments[3]), calls > 0 {
    var total = 0
    for _ in 0..<calls {
        total &+= arguments[2] == "encode" ? ArchiveEncoder.encode(value).count : try ArchiveDecoder().decode(ours).kind.count
    }
    print("\(arguments[2]): \(calls) calls (\(total))")
    exit(0)
}

print("tree: \(Int(nodes)) nodes; sizes: archive \(ours.count) B, JSON \(json.count) B, binary plist \(plist.count) B")
var sink = 0
let encodeOurs = measure(iterations: 2000) { sink &+= ArchiveEncoder.encode(value).count }
let decodeOurs = try measure(iterations: 2000) { sink &+= try ArchiveDecoder().decode(ours).kind.count }
let encodeJSON = try measure(iterations: 60) { sink &+= try jsonEncoder.encode(value).count }
let decodeJSON = try measure(iterations: 60) { sink &+= try JSONDecoder().decode(WidgetArchiveValue.self, from: json).kind.count }
let encodePlist = try measure(iterations: 60) { sink &+= try plistEncoder.encode(value).count }
let decodePlist = try measure(iterations: 60) { sink &+= try PropertyListDecoder().decode(WidgetArchiveValue.self, from: plist).kind.count }

func row(_ name: String, _ ns: Double) -> String {
    name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%10.1f ns/node", ns / nodes)
}
print(row("archive encode", encodeOurs))
print(row("archive decode", decodeOurs))
print(row("JSONEncoder", encodeJSON))
print(row("JSONDecoder", decodeJSON))
print(row("PropertyListEncoder (binary)", encodePlist))
print(row("PropertyListDecoder (binary)", decodePlist))

let checks: [(String, Double, Double)] = [
    ("decode vs JSONDecoder", decodeJSON / decodeOurs, 50),
    ("decode vs PropertyListDecoder", decodePlist / decodeOurs, 100),
    ("encode vs JSONEncoder", encodeJSON / encodeOurs, 50),
]
var allMet = true
for (name, ratio, target) in checks {
    let met = ratio >= target
    allMet = allMet && met
    print(String(format: "%@ %.0f× faster (target ≥ %.0f×) %@", name.padding(toLength: 32, withPad: " ", startingAt: 0), ratio, target, met ? "met" : "NOT MET"))
}
print(String(format: "encode vs binary PropertyListEncoder %.0f× faster (reported, no target)", encodePlist / encodeOurs))
// The next targets, for all.sh's table.
SummaryRow(path: "archive decode, \(Int(nodes)) nodes", figure: String(format: "%.0f ns/node", decodeOurs / nodes),
           peer: String(format: "JSONDecoder %.0f ns/node", decodeJSON / nodes), ratio: decodeJSON / decodeOurs, direction: .fasterThanPeer, target: 150).print()
SummaryRow(path: "archive encode, \(Int(nodes)) nodes", figure: String(format: "%.0f ns/node", encodeOurs / nodes),
           peer: String(format: "JSONEncoder %.0f ns/node", encodeJSON / nodes), ratio: encodeJSON / encodeOurs, direction: .fasterThanPeer, target: 150).print()
if sink == 42 { print("") }
exit(allMet ? 0 : 1)
