import Foundation
import WidgetLayout
import WidgetRender
import WidgetTesting

/// `swift run widget-fidelity [--references DIR] [--out DIR]`: renders each pair's view here at the
/// reference's size and scale, and reports how close it is to iOS's own render (mean absolute channel
/// difference, SSIM), pair by pair and on average. Side-by-side images (iOS left, here right) go to
/// the output folder.
struct Pair {
    var name: String, repository: String, commit: String, path: String
    var layout: ViewSnapshotLayout, scale: Double, background: RGBA?, subject: String
}

enum FidelityError: Error, CustomStringConvertible {
    case usage(String), pairs(line: Int, String), reference(String, String)
    var description: String {
        switch self {
        case .usage(let message): "usage: widget-fidelity [--references DIR] [--out DIR] [--pairs FILE] [--font FILE.ttf]: \(message)"
        case .pairs(let line, let message): "pairs.tsv line \(line): \(message)"
        case .reference(let name, let message): "\(name): \(message)"
        }
    }
}

func readPairs(_ url: URL) throws -> [Pair] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var pairs: [Pair] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.hasPrefix("#") && !line.isEmpty {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 8 else { throw FidelityError.pairs(line: index + 1, "8 tab-separated fields expected, found \(fields.count)") }
        let layout: ViewSnapshotLayout
        if fields[4] == "fits" {
            layout = .sizeThatFits
        } else {
            let sides = fields[4].split(separator: "x").compactMap { Double($0) }
            guard sides.count == 2, sides.allSatisfy({ $0 > 0 && $0 < 5000 }) else { throw FidelityError.pairs(line: index + 1, "layout \(fields[4]) is neither fits nor WxH") }
            layout = .fixed(width: sides[0], height: sides[1])
        }
        guard let scale = Double(fields[5]), (1...4).contains(scale) else { throw FidelityError.pairs(line: index + 1, "scale \(fields[5]) is not 1 to 4") }
        let background: RGBA?
        switch fields[6] {
        case "none": background = nil
        case "white": background = RGBA(1, 1, 1)
        default: throw FidelityError.pairs(line: index + 1, "background \(fields[6]) is neither none nor white")
        }
        pairs.append(Pair(name: fields[0], repository: fields[1], commit: fields[2], path: fields[3], layout: layout, scale: scale,
                          background: background, subject: fields[7]))
    }
    return pairs
}

/// `image` on a canvas of `width` × `height`, centred (cropped where it is larger).
func centred(_ image: PNGDecoder.Image, width: Int, height: Int) -> PNGDecoder.Image {
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let dx = (width - image.width) / 2, dy = (height - image.height) / 2
    for y in 0..<image.height where (0..<height).contains(y + dy) {
        for x in 0..<image.width where (0..<width).contains(x + dx) {
            let from = (y * image.width + x) * 4, to = ((y + dy) * width + x + dx) * 4
            for k in 0..<4 { rgba[to + k] = image.rgba[from + k] }
        }
    }
    return PNGDecoder.Image(width: width, height: height, rgba: rgba)
}

/// iOS's render and this one side by side over white, with a gap.
func sideBySide(_ a: PNGDecoder.Image, _ b: PNGDecoder.Image) -> [UInt8] {
    let gap = 8, width = a.width + gap + b.width, height = max(a.height, b.height)
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for (image, left) in [(a, 0), (b, a.width + gap)] {
        for y in 0..<image.height {
            for x in 0..<image.width {
                let from = (y * image.width + x) * 4, to = (y * width + left + x) * 4
                let alpha = Double(image.rgba[from + 3]) / 255
                for k in 0..<3 { rgba[to + k] = UInt8((Double(image.rgba[from + k]) * alpha + 255 * (1 - alpha)).rounded()) }
            }
        }
    }
    return PNGEncoder.encode(width: width, height: height, rgba: rgba)
}

@MainActor func run() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var options: [String: String] = [:]
    while let flag = arguments.first {
        guard ["--references", "--out", "--pairs", "--font"].contains(flag), arguments.count >= 2 else { throw FidelityError.usage("unknown or incomplete option \(flag)") }
        options[String(flag.dropFirst(2))] = arguments[1]
        arguments.removeFirst(2)
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let pairsFile = options["pairs"].map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("Tools/Fidelity/pairs.tsv")
    let references = URL(fileURLWithPath: options["references"] ?? root.appendingPathComponent(".fidelity/references").path, isDirectory: true)
    let out = URL(fileURLWithPath: options["out"] ?? root.appendingPathComponent(".fidelity/out").path, isDirectory: true)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let renderer = PNGRenderer(fontPath: options["font"])
    var rows: [(Pair, ImageSimilarity, String)] = []
    var byKind: [ElementKind: [Double]] = [:]
    print("pair                  iOS px      here px     MAD    SSIM   subject")
    for pair in try readPairs(pairsFile) {
        guard let render = FidelityViews.all[pair.name] else { throw FidelityError.reference(pair.name, "no view of this name in FidelityViews.swift") }
        let file = references.appendingPathComponent("\(pair.name).png")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw FidelityError.reference(pair.name, "\(file.path) is missing; run Tools/Fidelity/fetch.sh")
        }
        let (reference, convertedFromP3) = try ReferenceImage.read(file)
        let tree = render(pair.layout, pair.scale, pair.background)
        let ours = try PNGDecoder.decode(renderer.png(tree, scale: pair.scale))
        let aligned = centred(ours, width: reference.width, height: reference.height)
        guard let similarity = ImageSimilarity.measure(reference, aligned) else { continue }
        try Data(sideBySide(reference, ours)).write(to: out.appendingPathComponent("\(pair.name).png"))
        try Data(renderer.png(tree, scale: pair.scale)).write(to: out.appendingPathComponent("\(pair.name).here.png"))
        let offset = ((reference.width - ours.width) / 2, (reference.height - ours.height) / 2)
        for (kind, mask) in ElementKind.masks(tree, scale: pair.scale, width: reference.width, height: reference.height, offset: offset) {
            if let mad = ElementKind.meanAbsoluteDifference(reference, aligned, mask: mask) { byKind[kind, default: []].append(mad) }
        }
        let note = convertedFromP3 ? " (iOS's in Display P3, converted)" : ""
        rows.append((pair, similarity, note))
        print(pair.name.padding(toLength: 22, withPad: " ", startingAt: 0)
              + "\(reference.width)×\(reference.height)".padding(toLength: 12, withPad: " ", startingAt: 0)
              + "\(ours.width)×\(ours.height)".padding(toLength: 12, withPad: " ", startingAt: 0)
              + String(format: "%5.1f  %6.3f   ", similarity.meanAbsoluteDifference, similarity.structuralSimilarity) + pair.subject + note)
    }
    guard !rows.isEmpty else { return }
    let mad = rows.map(\.1.meanAbsoluteDifference).reduce(0, +) / Double(rows.count)
    let ssim = rows.map(\.1.structuralSimilarity).reduce(0, +) / Double(rows.count)
    print(String(format: "mean of %d pairs: MAD %.1f (0 is identical, of 255), SSIM %.3f (1 is identical)", rows.count, mad, ssim))
    for kind in ElementKind.allCases {
        guard let values = byKind[kind], !values.isEmpty else { print("\(kind.rawValue): in no pair"); continue }
        print(String(format: "%@: MAD %.1f inside their frames, mean of %d pairs", kind.rawValue, values.reduce(0, +) / Double(values.count), values.count))
    }
    print("side by side (iOS left, here right), and here alone (NAME.here.png): \(out.path)")
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("widget-fidelity: \(error)\n".utf8))
    exit(1)
}
