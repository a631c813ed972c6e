import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProcess
import WidgetProtocol
import WidgetRender
import WidgetStore

/// `widget-host preview --extension EXE --out DIR`: launches the extension and, for every widget kind ×
/// supported family in its natural placement (× recommendation, for configurable widgets that offer
/// some), renders the timeline's entries to PNG, SVG and render-tree JSON, plus an `index.html` contact
/// sheet.
enum PreviewCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: Set(["extension", "out", "at", "font", "entries", "store", "sandbox", "shard", "platforms", "network"])
                                .union(DeviceArguments.settingOptions).union(DeviceArguments.axisOptions),
                              flags: ["matrix", "merge"])
        if a.has("merge") {
            return try PreviewMerge.run(shards: a.positional, out: URL(fileURLWithPath: try a.required("out"), isDirectory: true))
        }
        guard a.positional.isEmpty else { throw UsageError("preview takes no positional arguments (but the shards' folders with --merge)") }
        let shard = try a.value("shard").map(PreviewShard.init)
        let executable = try a.required("extension")
        let out = URL(fileURLWithPath: try a.required("out"), isDirectory: true)
        let start = try a.value("at").map(DateArgument.parse) ?? Date()
        let maxEntries = try a.integer("entries", in: 1...1000) ?? 6
        let platforms = try a.value("platforms").map(Self.platforms)
        if platforms != nil && !a.has("matrix") { throw UsageError("--platforms chooses the placements of --matrix") }
        if let axis = DeviceArguments.axisOptions.sorted().first(where: { a.value($0) != nil }), !a.has("matrix") {
            throw UsageError("--\(axis) is an axis of --matrix (without it, --text-size, --direction and --locale set the device)")
        }
        let device = try DeviceArguments.settings(a)
        let axes = try DeviceArguments.axes(a)
        if let font = a.value("font"), TrueTypeFont(path: font) == nil {
            throw UsageError("--font \(font) is not a readable TrueType font")
        }
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CommandFailure("\(executable) is not an executable file")
        }
        let storeRoot = URL(fileURLWithPath: a.value("store") ?? out.appendingPathComponent(".store").path, isDirectory: true)
        try OutputFile.createDirectory(out)
        let host = WidgetHost(store: ArchiveStore(root: storeRoot), clock: VirtualClock(start: start), launcher: PosixProcessLauncher(sandbox: try a.sandbox()))
        host.reportsRefusedOpens = true  // an author previewing learns what the widget expected to read
        try NetworkRouting.attach(try a.network(), to: host) { event in
            FileHandle.standardError.write(Data("network: \(NetworkRouting.line(event))\n".utf8))
        }
        defer { host.shutdown() }
        let connection: ExtensionConnection
        do {
            connection = try host.connection(to: executable)
        } catch {
            throw CommandFailure("\(error)")
        }
        let preview = PreviewRun(host: host, executable: executable, connection: connection, out: out, fontPath: a.value("font"),
                                 maxEntries: maxEntries)
        preview.shard = shard
        preview.matrixPlacements = Placement.all.filter { platforms?.contains($0.platform) ?? true }
        preview.device = device
        preview.axes = axes
        preview.model = try DeviceArguments.model(a)
        preview.matrix = a.has("matrix")
        for widget in connection.hello.widgets {
            if a.has("matrix") { try preview.renderMatrix(widget) } else { try preview.render(widget) }
        }
        preview.renderDeclaredPreviews()
        try preview.finish()
    }

    /// `--platforms iOS,watchOS`: the platforms whose placements a matrix shows.
    static func platforms(_ list: String) throws -> Set<Placement.Platform> {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var chosen: Set<Placement.Platform> = []
        for name in names {
            guard let platform = Placement.Platform(rawValue: name) else {
                throw UsageError("--platforms takes a list of iOS, iPadOS, macOS, watchOS, visionOS (got \(name))")
            }
            chosen.insert(platform)
        }
        guard !chosen.isEmpty else { throw UsageError("--platforms needs at least one platform") }
        return chosen
    }
}

/// One run of `preview`: every widget's timelines, then the previews the source declares, rendered
/// into the output folder and listed on its contact sheet.
final class PreviewRun {
    let host: WidgetHost
    let executable: String
    let connection: ExtensionConnection
    let out: URL
    let maxEntries: Int
    private var painter: PNGRenderer
    private let resources: ExtensionResources
    var sheet: ContactSheet
    private var failures: [PreviewShard.Manifest.Failure] = []
    /// The unit a failure belongs to.
    private var failureUnit = -1
    var written = 0
    private var transitions = 0
    private var assetWarnings: Set<String> = []
    /// Which part of the work this run does (`--shard K/N`), if only a part.
    var shard: PreviewShard?
    /// The placements `--matrix` shows (`--platforms` keeps some).
    var matrixPlacements = Placement.all
    /// The device's settings (`--text-size`, `--direction`, `--locale`, `--time-zone`); nil: standard.
    /// In a matrix, the settings of every standard cell.
    var device: DeviceSettings?
    /// The device settings a matrix adds cells for (`--text-sizes`, `--directions`, `--locales`, `--models`).
    var axes = DeviceAxes.none
    /// The iPhone the iPhone placements are sized for (`--model`); nil: the standard one.
    var model: DeviceModel?
    /// `--matrix`: Live Activities are also drawn in each place's other colour scheme.
    var matrix = false
    /// Units of work met so far (each widget row and each declared preview is one), and the
    /// diagnostics the extension reported during each.
    private var units = 0
    private var diagnosticsSeen = 0
    private var unitDiagnostics: [PreviewShard.Manifest.Diagnostics] = []
    private let assetImages: AssetImageLoader

    init(host: WidgetHost, executable: String, connection: ExtensionConnection, out: URL, fontPath: String?, maxEntries: Int) {
        self.host = host
        self.executable = executable
        self.connection = connection
        self.out = out
        self.maxEntries = maxEntries
        resources = ExtensionResources(executable: executable)
        painter = PNGRenderer(fontPath: fontPath)
        assetImages = AssetImageLoader(resources: resources)
        painter.assets = assetImages.image
        sheet = ContactSheet(title: connection.extensionID)
    }

    /// A widget in each family it supports, in the family's natural placement. A configurable widget
    /// with recommendations is shown once per recommendation (what a watch offers, and what an instance
    /// without a configuration of its own gets); otherwise once, with the configuration intent's defaults.
    func render(_ widget: WidgetDescriptor) throws {
        let configurations: [(label: String?, bytes: [UInt8])] = widget.recommendations.isEmpty
            ? [(nil, [])]
            : widget.recommendations.enumerated().map { ("recommendation \($0.offset + 1): \($0.element.description)", $0.element.configuration) }
        for family in widget.families {
            let placement = model.map { Placement.natural(for: family).on($0) } ?? Placement.natural(for: family)
            var variant = placement.variant(flags: widget.flags)
            variant.device = device ?? .standard
            if let reason = RenderMatrix.exclusion(of: widget, family, placement) {
                // Disfavored here, or not mountable: listed in the sheet, not rendered.
                guard takeUnit() else { continue }
                sheet.add(ContactSheet.Row(kind: widget.kind, family: family, placement: placement, configuration: nil), leftOut: reason)
                continue
            }
            for (number, configuration) in configurations.enumerated() {
                guard takeUnit() else { continue }
                var row = ContactSheet.Row(kind: widget.kind, family: family, placement: placement, configuration: configuration.label)
                row.device = device
                var folder = "\(ArchiveStore.safeComponent(widget.kind))/\(family.rawValue)"
                if configuration.label != nil { folder += "/recommendation-\(number + 1)" }
                try reloadAndRender(row, variant: variant, configuration: configuration.bytes, folder: folder)
            }
        }
    }

    /// A widget in every cell of the `RenderMatrix`: each family × each placement showing it × its
    /// colour schemes, a row each (`DIR/<kind>/<family>/<placement>-<mode>-<scheme>/entry-N.*`).
    func renderMatrix(_ widget: WidgetDescriptor) throws {
        let configuration = widget.recommendations.first?.configuration ?? []
        let placements = model.map { model in matrixPlacements.map { $0.on(model) } } ?? matrixPlacements
        let matrix = RenderMatrix.cells(for: widget, placements: placements, axes: axes)
        for leftOut in matrix.leftOut {
            guard takeUnit() else { continue }
            sheet.add(ContactSheet.Row(kind: widget.kind, family: leftOut.family, placement: leftOut.placement, configuration: nil),
                      leftOut: leftOut.reason)
        }
        for var cell in matrix.cells {
            guard takeUnit() else { continue }
            if let device, cell.device.isStandard { cell.device = device }
            var row = ContactSheet.Row(kind: widget.kind, family: cell.family, placement: cell.placement,
                                       configuration: "\(cell.renderingMode), \(cell.colorScheme)", cell: cell)
            row.device = cell.device
            var folder = "\(ArchiveStore.safeComponent(widget.kind))/\(cell.family.rawValue)/\(cell.placement.id)-\(cell.renderingMode)-\(cell.colorScheme)"
            if !cell.device.isStandard { folder += "-" + ArchiveStore.safeComponent(cell.device.description) }
            try reloadAndRender(row, variant: cell.variant, configuration: configuration, folder: folder)
        }
    }

    /// Asks for a row's timeline in `variant` and renders its first entries into `folder`; a failure
    /// is listed, and shown in the row.
    private func reloadAndRender(_ row: ContactSheet.Row, variant: EnvironmentVariant, configuration: [UInt8], folder: String) throws {
        let timeline: StoredTimeline
        do {
            timeline = try host.reload(executable: executable, kind: row.kind, family: row.family, variants: [variant],
                                       isPreview: true, configuration: configuration, placement: row.placement.id)
        } catch {
            fail("\(row.title): \(error)")
            sheet.add(row, error: "\(error)")
            return
        }
        try render(timeline, row: row, folder: folder)
    }

    /// The first entries of a timeline, each to `folder/entry-N.{png,svg,json}`.
    private func render(_ timeline: StoredTimeline, row: ContactSheet.Row, folder: String) throws {
        let dir = out.appendingPathComponent(folder, isDirectory: true)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var previous: (index: Int, tree: RenderTree)?
        for (index, entry) in timeline.entries.prefix(maxEntries).enumerated() {
            let date = Self.shownDate(entry.date)
            let context = row.cell?.context(at: date) ?? RenderContext(placement: row.placement, family: row.family, date: date, device: row.device)
            let tree: RenderTree
            do {
                tree = WidgetRenderer.render(try host.decodeEntry(timeline, index: index), context: context)
            } catch {
                fail("\(row.title) entry \(index): \(error)")
                continue
            }
            if let previous { try writeTransition(from: previous, to: (index, tree), folder: folder, title: row.title) }
            try write(tree, to: dir.appendingPathComponent("entry-\(index)"))
            written += 1
            checkAssetImages(tree, kind: row.kind)
            sheet.add(row, entry: index, date: date, image: "\(folder)/entry-\(index).png", size: tree.size, texts: tree.texts)
            previous = (index, tree)
        }
    }

    /// The transition the host plays from one entry to the next, as an animated PNG in the contact
    /// sheet between them (`folder/transition-N-M.png`), so an author steps through the timeline as in
    /// Xcode's preview. Nothing is written when nothing changes.
    private func writeTransition(from: (index: Int, tree: RenderTree), to: (index: Int, tree: RenderTree), folder: String, title: String) throws {
        let plan = TransitionPlanner.plan(from: from.tree, to: to.tree)
        guard !plan.changes.isEmpty, plan.duration > 0 else { return }
        let frames = TransitionFrames(plan)
        let name = "\(folder)/transition-\(from.index)-\(to.index).png"
        // At most the first ten seconds: an archive may ask for a minute-long transition.
        try OutputFile.write(frames.apng(fps: Self.transitionFPS, painter: painter, limit: 10), to: out.appendingPathComponent(name))
        transitions += 1
        sheet.add(title: title, transition: name, from: from.index, to: to.index, size: to.tree.size,
                  caption: "\(plan.changes.count) change(s), \(String(format: "%.2f", plan.duration)) s")
    }

    /// Frames a second in the contact sheet's transitions.
    static let transitionFPS: Double = 30

    /// An entry's date as a preview shows it: to the second. The extension's clock is set exactly to
    /// the preview's instant, but the moment it takes to compute an entry can still show in the
    /// milliseconds, and a preview must come out the same on every run (and in every shard).
    static func shownDate(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite ? Date(timeIntervalSince1970: seconds.rounded()) : date
    }

    func write(_ tree: RenderTree, to base: URL) throws {
        try OutputFile.write(painter.png(tree), to: base.appendingPathExtension("png"))
        try OutputFile.write(SVGWriter.svg(tree), to: base.appendingPathExtension("svg"))
        try OutputFile.write(tree.json(), to: base.appendingPathExtension("json"))
    }

    /// Asset images come only from the extension's own resource folder: a missing or refused one is
    /// a warning naming it.
    private func checkAssetImages(_ tree: RenderTree, kind: String) {
        for name in SymbolGlyphs.standIns(in: tree) {
            assetWarnings.insert("\(kind): system image \"\(name)\" has no glyph here; drawn as a stand-in")
        }
        for node in tree.root.allNodes() where node.role == .image && node.style == .asset {
            switch resources.resolve(node.imageName ?? "") {
            case .found: break
            case .missing:
                let folders = resources.roots.map(\.path).joined(separator: ", ")
                assetWarnings.insert("\(kind): image \"\(node.imageName ?? "")\" is in no asset catalog or file under \(folders)")
            case .refused(let why): assetWarnings.insert("\(kind): image \"\(node.imageName ?? "")\" refused: \(why)")
            }
        }
    }

    /// The previews the extension's source declares (`#Preview`, `PreviewProvider`), each entry in its
    /// family's natural placement, to `DIR/previews/<n>-<name>/entry-N.*`.
    func renderDeclaredPreviews() {
        for (index, descriptor) in connection.hello.previews.enumerated() {
            guard takeUnit() else { continue }
            if let sample = descriptor.activity {
                renderActivityPreview(index: index, name: descriptor.name, sample: sample)
                continue
            }
            let title = "Preview “\(descriptor.name)”" + (descriptor.family.map { " · \($0.rawValue)" } ?? "")
            let placement = descriptor.family.map { Placement.natural(for: $0) }
            var variant = placement?.variant(flags: []) ?? EnvironmentVariant()
            variant.device = device ?? .standard
            let entries: [WidgetHost.PreviewEntry]
            do {
                entries = try host.preview(executable: executable, index: index, variant: variant)
            } catch {
                fail("\(title): \(error)")
                sheet.add(title: title, error: "\(error)")
                continue
            }
            let folder = "previews/\(index + 1)-\(ArchiveStore.safeComponent(descriptor.name))"
            let dir = out.appendingPathComponent(folder, isDirectory: true)
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            var previous: (index: Int, tree: RenderTree)?
            for (number, entry) in entries.prefix(maxEntries).enumerated() {
                let family = entry.archive.family
                let context = RenderContext(placement: Placement.natural(for: family), family: family, date: Self.shownDate(entry.date), device: device)
                let tree = WidgetRenderer.render(entry.archive, context: context)
                do {
                    if let previous, previous.tree.family == tree.family {
                        try writeTransition(from: previous, to: (number, tree), folder: folder, title: title)
                    }
                    try write(tree, to: dir.appendingPathComponent("entry-\(number)"))
                } catch {
                    fail("\(title) entry \(number): \(error)")
                    continue
                }
                written += 1
                sheet.add(title: title, entry: number, caption: family.rawValue, image: "\(folder)/entry-\(number).png", size: tree.size,
                          texts: tree.texts)
                previous = (number, tree)
            }
        }
    }

    func fail(_ message: String) { failures.append(.init(unit: failureUnit, message: message)) }

    /// Counts the next unit of work and says whether this run does it: every unit when the work is
    /// not sharded, else those whose number is K - 1 modulo N. What the extension reported since the
    /// last unit is set down against that unit.
    func takeUnit() -> Bool {
        closeUnit()
        let unit = units
        units += 1
        sheet.unit = unit
        failureUnit = unit
        return shard.map { unit % $0.count == $0.index - 1 } ?? true
    }

    private func closeUnit() {
        let all = connection.diagnostics
        guard all.count > diagnosticsSeen else { return }
        let fresh = all[diagnosticsSeen...].map { "\($0.kind): \($0.message)" }
        diagnosticsSeen = all.count
        unitDiagnostics.append(.init(unit: units - 1, messages: fresh))
    }

    /// The contact sheet and the warnings; a widget that failed makes the command fail. A shard also
    /// writes what `--merge` needs to join it with the others.
    func finish() throws {
        closeUnit()
        if assetImages.budgetSpent {
            assetWarnings.insert("asset images: more than \(assetImages.pixelBudget >> 20) M pixels in all; the rest are drawn as placeholders")
        }
        let manifest = PreviewShard.Manifest(
            extensionID: connection.extensionID, shard: shard?.index ?? 1, of: shard?.count ?? 1, units: units, rows: sheet.rows,
            diagnostics: unitDiagnostics, assetWarnings: assetWarnings.sorted(), failures: failures, written: written, transitions: transitions)
        sheet.warnings = manifest.warnings
        try OutputFile.write(sheet.html(), to: out.appendingPathComponent("index.html"))
        if let shard { try OutputFile.write(try manifest.encoded(), to: out.appendingPathComponent(shard.manifestName)) }
        for warning in sheet.warnings { print("warning: \(warning)") }
        let sandbox = (host.launcher as? PosixProcessLauncher)?.sandbox ?? .none
        let part = shard.map { " (shard \($0.index) of \($0.count))" } ?? ""
        print("previewed \(connection.extensionID)\(part) (in the \(sandbox) sandbox): \(written) entries and \(transitions) transition(s) rendered to \(out.path) (open index.html)")
        if !failures.isEmpty {
            var message = "some widgets failed:\n  " + failures.map(\.message).joined(separator: "\n  ")
            let log = host.store.logFile(connection.extensionID)
            let words = ExtensionLastWords.read(log)
            if !words.isEmpty { message += "\nthe extension's last words (\(log.path)):\n  " + words.joined(separator: "\n  ") }
            throw CommandFailure(message)
        }
    }
}

/// What an extension wrote last on its standard error before it failed: the lines that say why (a
/// fatal error, an uncaught error), without the stack trace that follows them. An author whose widget
/// crashed in preview learns the cause without opening the log.
enum ExtensionLastWords {
    static func read(_ log: URL, lines count: Int = 3) -> [String] {
        guard let handle = try? FileHandle(forReadingFrom: log) else { return [] }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        let text = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        let said = text.split(separator: "\n").map(String.init).filter { line in
            !line.hasPrefix("Current stack trace:") && !isStackFrame(line) && !line.trimmingCharacters(in: .whitespaces).isEmpty
        }
        return said.suffix(count).map { $0.count > 300 ? String($0.prefix(300)) + "…" : $0 }
    }

    /// `12   libswiftCore.so   0x00007f… symbol + 33`: a frame of a crash report.
    private static func isStackFrame(_ line: String) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        return words.count >= 3 && Int(words[0]) != nil && words[2].hasPrefix("0x")
    }
}

/// The `index.html` of a preview: one row per widget, family and recommendation, one cell per entry.
struct ContactSheet {
    /// A heading and its cells, and the unit of work that made it (shards are joined in unit order).
    struct SheetRow: Codable, Equatable {
        var key: String
        var unit: Int
        var cells: [String]
    }

    let title: String
    var rows: [SheetRow] = []
    var warnings: [String] = []
    /// The unit of work whose cells are being added.
    var unit = 0

    /// A relative file path as a URL path: folder names keep their `%` escapes (`ArchiveStore.safeComponent`),
    /// which a browser would otherwise decode.
    static func url(_ path: String) -> String { path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// One row of the sheet: a widget in one family and placement, with one configuration.
    struct Row {
        let kind: String
        let family: WidgetFamily
        let placement: Placement
        /// The recommendation shown, if the widget has recommendations (or, in a matrix, the mode and scheme).
        let configuration: String?
        /// The matrix cell, when previewing the matrix.
        var cell: RenderMatrix.Cell?
        /// The device's settings, when not standard.
        var device: DeviceSettings?

        var title: String {
            let settings = device.flatMap { $0.isStandard ? nil : Self.describe($0) }
            return ["\(kind)", family.rawValue, placement.name, configuration, settings].compactMap { $0 }.joined(separator: " · ")
        }

        /// `text accessibility3, right to left, de_DE`: what differs from a standard device.
        static func describe(_ device: DeviceSettings) -> String {
            var parts: [String] = []
            if device.textSize != .large { parts.append("text \(device.textSize)") }
            if device.layoutDirection == .rightToLeft { parts.append("right to left") }
            if !device.locale.isEmpty { parts.append(device.locale) }
            if !device.timeZone.isEmpty { parts.append(device.timeZone) }
            return parts.joined(separator: ", ")
        }
    }

    private mutating func cell(_ key: String, _ html: String) {
        if let i = rows.firstIndex(where: { $0.key == key }) { rows[i].cells.append(html) } else { rows.append(SheetRow(key: key, unit: unit, cells: [html])) }
    }

    mutating func add(_ row: Row, entry: Int, date: Date, image: String, size: Size, texts: [String]) {
        add(title: row.title, entry: entry, caption: CivilDate.isoDate(date), image: image, size: size, texts: texts)
    }

    /// An image shown at the widget's size in points, whatever its scale in pixels (a 3× PNG of a
    /// 158-point widget is 474 pixels wide and shown 158 wide), as the device shows it.
    private static func img(_ image: String, size: Size, alt: String) -> String {
        "<img src=\"\(escape(url(image)))\" width=\"\(Int(size.width.rounded()))\" height=\"\(Int(size.height.rounded()))\" alt=\"\(escape(alt))\">"
    }

    mutating func add(title: String, entry: Int, caption: String, image: String, size: Size, texts: [String]) {
        cell(title, """
        <figure>\(Self.img(image, size: size, alt: texts.joined(separator: " ")))<figcaption>entry \(entry) · \(Self.escape(caption))<br>\(texts.map(Self.escape).joined(separator: "<br>"))</figcaption></figure>
        """)
    }

    /// An animated transition between two entries of a row.
    mutating func add(title: String, transition image: String, from: Int, to: Int, size: Size, caption: String) {
        cell(title, """
        <figure class="transition">\(Self.img(image, size: size, alt: "transition from entry \(from) to entry \(to)"))<figcaption>entry \(from) → \(to) · \(Self.escape(caption))</figcaption></figure>
        """)
    }

    mutating func add(_ row: Row, error: String) { add(title: row.title, error: error) }

    /// A family and placement the widget is not shown in, and why (disfavored, or not mountable there).
    mutating func add(_ row: Row, leftOut reason: String) {
        cell(row.title, "<p class=\"left-out\">not shown: \(Self.escape(reason))</p>")
    }

    mutating func add(title: String, error: String) {
        cell(title, "<p class=\"error\">\(Self.escape(error))</p>")
    }

    func html() -> String {
        let body = rows.map { row in "<section><h2>\(Self.escape(row.key))</h2><div class=\"row\">\(row.cells.joined())</div></section>" }.joined(separator: "\n")
        let warn = warnings.isEmpty ? "" : "<ul class=\"warnings\">" + warnings.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>"
        return """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(Self.escape(title)) preview</title>
        <style>body{font-family:sans-serif;background:#eee;margin:24px}.row{display:flex;flex-wrap:wrap;gap:16px}
        figure{margin:0;font-size:12px;max-width:360px}figure.transition{outline:2px dashed #999;outline-offset:4px}img{display:block}.error{color:#b00}</style></head>
        <body><h1>\(Self.escape(title))</h1>\(warn)
        \(body)
        </body></html>

        """
    }
}
