import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetRender

/// `widget-host render FILE --family F [--placement P] [--at DATE] [--contrast C] [--extension EXE] --out PATH`.
enum RenderCommand {
    /// `--family F [--placement P]`, checked: the placement must show the family.
    static func familyAndPlacement(_ a: Arguments) throws -> (WidgetFamily, Placement) {
        let familyName = try a.required("family")
        guard let family = WidgetFamily(rawValue: familyName) else {
            throw UsageError("unknown family \(familyName) (one of \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let placement = try a.value("placement").map { id -> Placement in
            guard let p = Placement.named(id) else {
                throw UsageError("unknown placement \(id) (one of \(Placement.all.map(\.id).joined(separator: ", ")))")
            }
            return p
        } ?? Placement.natural(for: family)
        guard placement.size(for: family) != nil else {
            throw UsageError("placement \(placement.id) does not show \(family) (it shows \(placement.families.map(\.rawValue).joined(separator: ", ")))")
        }
        return (family, placement)
    }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: Set(["family", "placement", "at", "out", "format", "entry", "mode", "scheme", "font", "scale", "contrast", "extension"])
                              .union(DeviceArguments.settingOptions))
        guard a.positional.count == 1, let path = a.positional.first else { throw UsageError("render takes one FILE") }
        let (family, standardPlacement) = try familyAndPlacement(a)
        let placement = try DeviceArguments.model(a).map { standardPlacement.on($0) } ?? standardPlacement
        let out = try a.required("out")
        let format = a.value("format") ?? URL(fileURLWithPath: out).pathExtension.replacingOccurrences(of: "txt", with: "text")
        guard ["json", "text", "svg", "png"].contains(format) else {
            throw UsageError("unknown format \(format.isEmpty ? "(none)" : format): use --format png, svg, json or text")
        }
        let scale = try a.value("scale").map { v -> Double in
            guard let s = Double(v), s > 0, s <= 8 else { throw UsageError("--scale must be a number in (0, 8]") }
            return s
        }
        if let font = a.value("font"), TrueTypeFont(path: font) == nil {
            throw UsageError("--font \(font) is not a readable TrueType font")
        }
        let mode = try a.value("mode").map { m -> WidgetRenderingMode in
            guard let v = WidgetRenderingMode.allCases.first(where: { $0.description == m }) else {
                throw UsageError("unknown rendering mode \(m) (fullColor, accented or vibrant)")
            }
            return v
        }
        let scheme = try a.value("scheme").map { s -> ColorScheme in
            guard let v = ColorScheme.allCases.first(where: { $0.description == s }) else { throw UsageError("unknown color scheme \(s) (light or dark)") }
            return v
        }

        let device = try DeviceArguments.settings(a)
        let increasedContrast: Bool
        switch a.value("contrast") ?? "standard" {
        case "standard": increasedContrast = false
        case "increased": increasedContrast = true
        case let other: throw UsageError("unknown contrast \(other) (standard or increased)")
        }
        let resources = try a.value("extension").map { executable -> ExtensionResources in
            guard FileManager.default.isExecutableFile(atPath: executable) else { throw CommandFailure("\(executable) is not an executable file") }
            return ExtensionResources(executable: executable)
        }

        let archive: WidgetArchiveValue
        var at = try a.value("at").map(DateArgument.parse)
        switch try LoadedFile.load(path) {
        case .archive(let value):
            archive = value
        case .timeline(let timeline):
            let index: Int
            if let e = a.value("entry") {
                guard let n = Int(e), timeline.entries.indices.contains(n) else {
                    throw UsageError("--entry \(e) is out of range (the timeline has \(timeline.entries.count) entries)")
                }
                index = n
            } else {
                guard let i = timeline.entryIndex(at: at ?? timeline.entries.first?.date ?? Date(timeIntervalSince1970: 0)) else {
                    throw CommandFailure("\(path): the timeline has no entries")
                }
                index = i
            }
            guard let bytes = timeline.archive(entry: index) else { throw CommandFailure("\(path): entry \(index) has no archive") }
            archive = try LoadedFile.decodeArchive(bytes, path: path)
        }
        if archive.family != family {
            FileHandle.standardError.write(Data("widget-host: note: the archive was made for \(archive.family), rendering it as \(family)\n".utf8))
        }
        at = at ?? archive.entryDate
        // Without device settings, those the archive was made in.
        var context = RenderContext(placement: placement, family: family, date: at!, colorScheme: scheme, renderingMode: mode, device: device)
        context.increasedContrast = increasedContrast
        let tree = WidgetRenderer.render(archive, context: context)
        for name in SymbolGlyphs.standIns(in: tree) {
            FileHandle.standardError.write(Data("widget-host: note: system image \"\(name)\" has no glyph here; drawn as a stand-in\n".utf8))
        }
        var painter = PNGRenderer(fontPath: a.value("font"))
        if let resources { painter.assets = AssetImageLoader(resources: resources).image }
        let bytes: [UInt8] = switch format {
        case "png": painter.png(tree, scale: scale)
        case "svg": Array(SVGWriter.svg(tree).utf8)
        case "json": Array(tree.json().utf8)
        default: Array(RenderTreeDump.dump(tree).utf8)
        }
        let summary = "rendered \(archive.kind) \(family) on \(placement.id) at \(CivilDate.isoDate(at!))"
        try OutputFile.deliver(bytes, to: out, summary: summary)
    }
}
