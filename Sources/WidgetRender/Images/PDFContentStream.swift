import WidgetLayout
/// Runs a page's content stream (PDF 1.7 §8–§9) into a display list in page space: graphics state,
/// path construction and painting, clipping, colour, ExtGState alpha, shadings and form XObjects.
/// Text and images are not drawn; what was met and not drawn is noted in `skipped`.
///
/// Content is hostile like the rest of the file: operators and their operands are checked, a missing
/// or wrong operand makes the operator a no-op (as viewers treat it), and the operator count, form
/// nesting, graphics-state nesting and the display list's size are capped.

/// One element of a path, in page space.
enum PDFPathElement: Sendable {
    case move(Point)
    case line(Point)
    case curve(Point, Point, Point)
    case close
}

/// A path in page space, already through the CTM in force when it was built (§8.5.2 forbids changing
/// the CTM while a path is being built). Kept as verbs and their points rather than an array of
/// elements: a display list holds every path of a page, and this is a quarter of the memory.
struct PDFPath: Sendable {
    private enum Verb: UInt8, Sendable { case move, line, curve, close }

    private var verbs: [Verb] = []
    private var points: [Point] = []

    var isEmpty: Bool { verbs.isEmpty }
    var elementCount: Int { verbs.count }

    mutating func move(_ p: Point) { verbs.append(.move); points.append(p) }
    mutating func line(_ p: Point) { verbs.append(.line); points.append(p) }
    mutating func curve(_ c1: Point, _ c2: Point, _ p: Point) { verbs.append(.curve); points += [c1, c2, p] }
    mutating func close() { verbs.append(.close) }

    func forEachElement(_ body: (PDFPathElement) -> Void) {
        var i = 0
        for verb in verbs {
            switch verb {
            case .move: body(.move(points[i])); i += 1
            case .line: body(.line(points[i])); i += 1
            case .curve: body(.curve(points[i], points[i + 1], points[i + 2])); i += 3
            case .close: body(.close)
            }
        }
    }

    /// `re` (§8.5.2.1): a closed subpath, through `matrix`.
    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ matrix: PDFMatrix) -> PDFPath {
        var path = PDFPath()
        path.appendRectangle(x, y, w, h, matrix)
        return path
    }

    mutating func appendRectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ matrix: PDFMatrix) {
        move(matrix.apply(Point(x: x, y: y)))
        line(matrix.apply(Point(x: x + w, y: y)))
        line(matrix.apply(Point(x: x + w, y: y + h)))
        line(matrix.apply(Point(x: x, y: y + h)))
        close()
    }
}

/// The path under construction (§8.5.2), with the current point that `v`, `y` and `h` need.
struct PDFPathBuilder {
    private(set) var path = PDFPath()
    private var current: Point?
    private var subpathStart: Point?
    /// After `h`, the next segment starts a new subpath at the closed one's start.
    private var closed = false

    mutating func move(_ p: Point) {
        path.move(p)
        current = p
        subpathStart = p
        closed = false
    }

    mutating func line(_ p: Point) {
        guard beginSegment() else { return move(p) }
        path.line(p)
        current = p
    }

    /// `c`; `v` passes the current point as the first control, `y` the end point as the second.
    mutating func curve(_ c1: Point?, _ c2: Point, _ p: Point) {
        guard beginSegment(), let from = current else { return move(p) }
        path.curve(c1 ?? from, c2, p)
        current = p
    }

    mutating func close() {
        guard current != nil, !closed else { return }
        path.close()
        current = subpathStart
        closed = true
    }

    /// `re`: a closed subpath of its own; the current point is its start.
    mutating func rectangle(_ n: [Double], _ matrix: PDFMatrix) {
        path.appendRectangle(n[0], n[1], n[2], n[3], matrix)
        current = matrix.apply(Point(x: n[0], y: n[1]))
        subpathStart = current
        closed = true
    }

    /// Whether a segment has a point to start from, reopening a closed subpath where it began.
    private mutating func beginSegment() -> Bool {
        guard let start = current else { return false }
        if closed {
            path.move(start)
            closed = false
        }
        return true
    }
}

/// The graphics state parameters drawing uses (§8.4).
struct PDFGraphicsState {
    var ctm = PDFMatrix.identity
    /// The clipping path: an index into the display list's clips; nil for none.
    var clip: Int?
    var fillSpace = PDFColorSpace.gray
    var strokeSpace = PDFColorSpace.gray
    var fillPaint: PDFDisplayList.Paint? = .color(.black)
    var strokePaint: PDFDisplayList.Paint? = .color(.black)
    var stroke = PDFDisplayList.StrokeStyle()
    var fillAlpha = 1.0
    var strokeAlpha = 1.0
    /// The alpha of the transparency groups being drawn (§11.6.6): inside a group `ca`/`CA` start
    /// over at 1 and the group as a whole takes the alpha in force at its `Do`. Applied to each
    /// element rather than to the composited group, so overlaps inside a translucent group show.
    var groupAlpha = 1.0
    /// The space patterns are defined in: the page's default space, or a form's space (§8.7.3.1).
    var patternSpace = PDFMatrix.identity
}

struct PDFContentInterpreter {
    let store: PDFObjectStore
    private(set) var list = PDFDisplayList()
    private var paints: PDFPaintReader
    var skipped: Set<String> { paints.skipped }

    private var state = PDFGraphicsState()
    private var savedStates: [PDFGraphicsState] = []
    /// `q`s past the nesting cap: their `Q`s are ignored rather than popping an outer state.
    private var unsavedStates = 0
    private var path = PDFPathBuilder()
    /// `W` (false) or `W*` (true) seen: the path becomes a clip once it is painted.
    private var pendingClip: Bool?
    private var operatorCount = 0
    /// The page box in page space: what `sh` paints when nothing clips it.
    private let pageBox: PDFPath

    init(store: PDFObjectStore, pageBox: (x0: Double, y0: Double, x1: Double, y1: Double)) {
        self.store = store
        paints = PDFPaintReader(store: store)
        self.pageBox = PDFPath.rectangle(pageBox.x0, pageBox.y0, pageBox.x1 - pageBox.x0, pageBox.y1 - pageBox.y0, .identity)
    }

    /// Runs one content stream with its resources; `depth` counts the forms it is nested in.
    mutating func run(_ content: [UInt8], resources: PDFDictionary, depth: Int) throws(PDFVectorImage.Failure) {
        var parser = PDFParser(content, allowsReferences: false)
        var operands: [PDFObject] = []
        while true {
            let token = parser.lexer.next()
            switch token {
            case .end:
                return
            case .keyword(let op) where op != "true" && op != "false" && op != "null":
                operatorCount += 1
                guard operatorCount <= PDFVectorImage.Limits.maxOperators else { throw .tooLarge }
                if op == "BI" {
                    skipInlineImage(&parser)
                } else {
                    try execute(op, operands, resources: resources, depth: depth)
                }
                operands.removeAll(keepingCapacity: true)
            case .arrayClose, .dictionaryClose, .braceOpen, .braceClose:
                continue
            default:
                // An operand that does not parse (an unterminated array) ends the stream: nothing
                // after it can be trusted to mean what it says.
                guard let operand = try? parser.parseObject(startingWith: token, depth: 0) else { return }
                if operands.count < 64 { operands.append(operand) }
            }
        }
    }

    /// `BI … ID <data> EI` (§8.9.7): the data is binary, so it is skipped up to an `EI` that stands
    /// alone between whitespace.
    private mutating func skipInlineImage(_ parser: inout PDFParser) {
        paints.skipped.insert("inline images")
        while true {
            let token = parser.lexer.next()
            if token == .end { return }
            if token == .keyword("ID") { break }
        }
        let bytes = parser.lexer.bytes
        var i = parser.lexer.position + 1
        while i + 2 <= bytes.count {
            if bytes[i] == UInt8(ascii: "E"), bytes[i + 1] == UInt8(ascii: "I"), PDFLexer.isWhitespace(bytes[i - 1]),
               i + 2 == bytes.count || PDFLexer.isWhitespace(bytes[i + 2]) {
                parser.lexer.seek(to: i + 2)
                return
            }
            i += 1
        }
        parser.lexer.seek(to: bytes.count)
    }

    // MARK: operators

    /// The operators acted on, by spelling: one hash lookup per operator instead of a chain of string
    /// comparisons. Everything else (BT ET Tf Td… BMC BDC EMC BX EX d0 d1, unknown) is a no-op.
    private enum Operator {
        case save, restore, concatenate, lineWidth, lineCap, lineJoin, miterLimit, dash, extGState
        case move, line, curve, curveFromCurrent, curveToEnd, close, rectangle
        case fill, fillEvenOdd, stroke, closeStroke, fillStroke, fillStrokeEvenOdd, closeFillStroke, closeFillStrokeEvenOdd, endPath
        case clip, clipEvenOdd
        case deviceColor(PDFColorSpace, stroking: Bool)
        case colorSpace(stroking: Bool), color(stroking: Bool)
        case shade, xObject, showText

        static let table: [String: Operator] = [
            "q": .save, "Q": .restore, "cm": .concatenate, "w": .lineWidth, "J": .lineCap, "j": .lineJoin,
            "M": .miterLimit, "d": .dash, "gs": .extGState,
            "m": .move, "l": .line, "c": .curve, "v": .curveFromCurrent, "y": .curveToEnd, "h": .close, "re": .rectangle,
            "f": .fill, "F": .fill, "f*": .fillEvenOdd, "S": .stroke, "s": .closeStroke, "B": .fillStroke,
            "B*": .fillStrokeEvenOdd, "b": .closeFillStroke, "b*": .closeFillStrokeEvenOdd, "n": .endPath,
            "W": .clip, "W*": .clipEvenOdd,
            "g": .deviceColor(.gray, stroking: false), "G": .deviceColor(.gray, stroking: true),
            "rg": .deviceColor(.rgb, stroking: false), "RG": .deviceColor(.rgb, stroking: true),
            "k": .deviceColor(.cmyk, stroking: false), "K": .deviceColor(.cmyk, stroking: true),
            "cs": .colorSpace(stroking: false), "CS": .colorSpace(stroking: true),
            "sc": .color(stroking: false), "scn": .color(stroking: false), "SC": .color(stroking: true), "SCN": .color(stroking: true),
            "sh": .shade, "Do": .xObject,
            "Tj": .showText, "TJ": .showText, "'": .showText, "\"": .showText,
        ]
    }

    private mutating func execute(_ spelling: String, _ operands: [PDFObject], resources: PDFDictionary, depth: Int) throws(PDFVectorImage.Failure) {
        guard let op = Operator.table[spelling] else { return }
        switch op {
        // Graphics state (§8.4.4)
        case .save: save()
        case .restore: restore()
        case .concatenate: if let m = Self.numbers(operands, 6).flatMap(PDFMatrix.init) { state.ctm = m.concatenating(state.ctm) }
        case .lineWidth: if let n = Self.numbers(operands, 1) { state.stroke.width = max(0, n[0]) }
        case .lineCap: if let n = Self.numbers(operands, 1) { state.stroke.cap = Int(min(2, max(0, n[0]))) }
        case .lineJoin: if let n = Self.numbers(operands, 1) { state.stroke.join = Int(min(2, max(0, n[0]))) }
        case .miterLimit: if let n = Self.numbers(operands, 1) { state.stroke.miterLimit = max(1, n[0]) }
        case .dash: setDash(operands)
        case .extGState: if let name = operands.last?.name { applyExtGState(name, resources: resources) }
        // Path construction (§8.5.2)
        case .move: if let p = point(operands, 2) { path.move(p[0]) }
        case .line: if let p = point(operands, 2) { path.line(p[0]) }
        case .curve: if let p = point(operands, 6) { path.curve(p[0], p[1], p[2]) }
        case .curveFromCurrent: if let p = point(operands, 4) { path.curve(nil, p[0], p[1]) }
        case .curveToEnd: if let p = point(operands, 4) { path.curve(p[0], p[1], p[1]) }
        case .close: path.close()
        case .rectangle: if let n = Self.numbers(operands, 4) { path.rectangle(n, state.ctm) }
        // Painting (§8.5.3)
        case .fill: try paint(fill: .some(false), stroke: false)
        case .fillEvenOdd: try paint(fill: .some(true), stroke: false)
        case .stroke: try paint(fill: nil, stroke: true)
        case .closeStroke: path.close(); try paint(fill: nil, stroke: true)
        case .fillStroke: try paint(fill: .some(false), stroke: true)
        case .fillStrokeEvenOdd: try paint(fill: .some(true), stroke: true)
        case .closeFillStroke: path.close(); try paint(fill: .some(false), stroke: true)
        case .closeFillStrokeEvenOdd: path.close(); try paint(fill: .some(true), stroke: true)
        case .endPath: try paint(fill: nil, stroke: false)
        case .clip: pendingClip = false
        case .clipEvenOdd: pendingClip = true
        // Colour (§8.6.8)
        case .deviceColor(let space, let stroking): setDeviceColor(space, stroking: stroking, operands)
        case .colorSpace(let stroking): setColorSpace(stroking: stroking, operands, resources: resources)
        case .color(let stroking): setColor(stroking: stroking, operands, resources: resources)
        // Shadings and XObjects (§8.7.4.2, §8.8)
        case .shade: if let name = operands.last?.name { try shade(name, resources: resources) }
        case .xObject: if let name = operands.last?.name { try invokeXObject(name, resources: resources, depth: depth) }
        // Text (§9): not drawn.
        case .showText: paints.skipped.insert("text")
        }
    }

    /// The last `count` operands as numbers, or nil when there are too few or one is not a number.
    private static func numbers(_ operands: [PDFObject], _ count: Int) -> [Double]? {
        guard operands.count >= count else { return nil }
        var values: [Double] = []
        values.reserveCapacity(count)
        for operand in operands.suffix(count) {
            guard let value = operand.number, value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }

    /// The last `count` numbers as points through the CTM.
    private func point(_ operands: [PDFObject], _ count: Int) -> [Point]? {
        guard let n = Self.numbers(operands, count) else { return nil }
        return stride(from: 0, to: count, by: 2).map { state.ctm.apply(Point(x: n[$0], y: n[$0 + 1])) }
    }

    private mutating func save() {
        guard savedStates.count < PDFVectorImage.Limits.maxGraphicsStateDepth else {
            unsavedStates += 1
            return
        }
        savedStates.append(state)
    }

    private mutating func restore() {
        if unsavedStates > 0 {
            unsavedStates -= 1
        } else if let previous = savedStates.popLast() {
            state = previous
        }
    }

    /// `[array] phase d`.
    private mutating func setDash(_ operands: [PDFObject]) {
        guard operands.count >= 2, let array = operands[operands.count - 2].array, let phase = operands.last?.number else { return }
        setDash(array, phase: phase)
    }

    private mutating func setDash(_ array: [PDFObject], phase: Double) {
        let lengths = array.prefix(64).compactMap(\.number)
        guard lengths.count == array.count, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return }
        state.stroke.dash = lengths
        state.stroke.dashPhase = phase
    }

    // MARK: painting

    /// Ends the path: fills and/or strokes it, then makes it the clip if `W`/`W*` preceded (§8.5.4).
    private mutating func paint(fill evenOdd: Bool?, stroke: Bool) throws(PDFVectorImage.Failure) {
        let built = path.path
        let fillAlpha = state.fillAlpha * state.groupAlpha, strokeAlpha = state.strokeAlpha * state.groupAlpha
        if let evenOdd, let paint = state.fillPaint, fillAlpha > 0, !built.isEmpty {
            try list.append(PDFDisplayList.Command(path: built, operation: .fill(evenOdd: evenOdd), paint: paint,
                                                   alpha: fillAlpha, clip: state.clip))
        }
        if stroke, let paint = state.strokePaint, strokeAlpha > 0, !built.isEmpty {
            let style = state.stroke.scaled(by: state.ctm.lengthScale)
            try list.append(PDFDisplayList.Command(path: built, operation: .stroke(style), paint: paint,
                                                   alpha: strokeAlpha, clip: state.clip))
        }
        // `W n` with no path is malformed; like poppler, leave the clip as it was rather than clip
        // everything away.
        if let evenOdd = pendingClip, !built.isEmpty {
            state.clip = try list.addClip(built, evenOdd: evenOdd, inside: state.clip)
        }
        pendingClip = nil
        path = PDFPathBuilder()
    }

    // MARK: colour

    /// `g G rg RG k K`: a device space and a colour in it.
    private mutating func setDeviceColor(_ space: PDFColorSpace, stroking: Bool, _ operands: [PDFObject]) {
        guard let components = Self.numbers(operands, space.componentCount) else { return }
        let paint = PDFDisplayList.Paint.color(space.color(components))
        setColor(space, paint, stroking: stroking)
    }

    private mutating func setColorSpace(stroking: Bool, _ operands: [PDFObject], resources: PDFDictionary) {
        guard let operand = operands.last, let space = paints.colorSpace(operand, resources: resources) else { return }
        let paint: PDFDisplayList.Paint? = if case .pattern = space { nil } else { .color(space.color(space.initialComponents)) }
        setColor(space, paint, stroking: stroking)
    }

    /// The space and paint that strokes or fills use from now on.
    private mutating func setColor(_ space: PDFColorSpace, _ paint: PDFDisplayList.Paint?, stroking: Bool) {
        if stroking {
            state.strokeSpace = space
            state.strokePaint = paint
        } else {
            state.fillSpace = space
            state.fillPaint = paint
        }
    }

    /// `sc`/`scn`: components in the current space, or for Pattern a pattern's name.
    private mutating func setColor(stroking: Bool, _ operands: [PDFObject], resources: PDFDictionary) {
        let space = stroking ? state.strokeSpace : state.fillSpace
        let paint: PDFDisplayList.Paint?
        if case .pattern = space {
            guard let name = operands.last?.name else { return }
            paint = pattern(name, resources: resources)
        } else {
            let values = operands.compactMap(\.number).suffix(space.componentCount)
            guard values.count == space.componentCount else { return }
            paint = .color(space.color(Array(values)))
        }
        if stroking { state.strokePaint = paint } else { state.fillPaint = paint }
    }

    /// A shading pattern (§8.7.4.1) as a paint; tiling patterns are not drawn (nil paints nothing).
    private mutating func pattern(_ name: String, resources: PDFDictionary) -> PDFDisplayList.Paint? {
        guard let dictionary = resource("Pattern", name, resources).dictionary else { return nil }
        guard store.resolved(dictionary["PatternType"]).integer == 2 else {
            paints.skipped.insert("tiling patterns")
            return nil
        }
        guard let shading = paints.shading(dictionary["Shading"] ?? .null, resources: resources) else { return nil }
        let matrix = PDFMatrix(paints.numbers(dictionary["Matrix"])) ?? .identity
        return .shading(shading, toPage: matrix.concatenating(state.patternSpace))
    }

    /// `sh` (§8.7.4.2): the shading over the clip (its `/BBox` bounds it; the page box stands for
    /// "everywhere").
    private mutating func shade(_ name: String, resources: PDFDictionary) throws(PDFVectorImage.Failure) {
        let alpha = state.fillAlpha * state.groupAlpha
        guard alpha > 0, let shading = paints.shading(resource("Shading", name, resources), resources: resources) else { return }
        try list.append(PDFDisplayList.Command(path: pageBox, operation: .fill(evenOdd: false), paint: .shading(shading, toPage: state.ctm),
                                               alpha: alpha, clip: state.clip))
    }

    private func resource(_ category: String, _ name: String, _ resources: PDFDictionary) -> PDFObject {
        store.resolved(store.resolved(resources[category]).dictionary?[name])
    }

    // MARK: ExtGState (§8.4.5)

    private mutating func applyExtGState(_ name: String, resources: PDFDictionary) {
        guard let parameters = resource("ExtGState", name, resources).dictionary else { return }
        func number(_ key: String) -> Double? {
            store.resolved(parameters[key]).number.flatMap { $0.isFinite ? $0 : nil }
        }
        if let alpha = number("ca") { state.fillAlpha = min(1, max(0, alpha)) }
        if let alpha = number("CA") { state.strokeAlpha = min(1, max(0, alpha)) }
        if let width = number("LW") { state.stroke.width = max(0, width) }
        if let cap = number("LC") { state.stroke.cap = Int(min(2, max(0, cap))) }
        if let join = number("LJ") { state.stroke.join = Int(min(2, max(0, join))) }
        if let limit = number("ML") { state.stroke.miterLimit = max(1, limit) }
        if let dash = store.resolved(parameters["D"]).array, dash.count == 2, let lengths = store.resolved(dash[0]).array,
           let phase = store.resolved(dash[1]).number {
            setDash(lengths.map { store.resolved($0) }, phase: phase)
        }
        let mask = store.resolved(parameters["SMask"])
        if case .null = mask {} else if mask.name != "None" { paints.skipped.insert("soft masks") }
        if let mode = store.resolved(parameters["BM"]).name ?? store.resolved(parameters["BM"]).array?.first?.name,
           mode != "Normal", mode != "Compatible" {
            paints.skipped.insert("blend modes")
        }
    }

    // MARK: XObjects (§8.8, §8.10)

    private mutating func invokeXObject(_ name: String, resources: PDFDictionary, depth: Int) throws(PDFVectorImage.Failure) {
        guard let stream = resource("XObject", name, resources).stream else { return }
        switch store.resolved(stream.dictionary["Subtype"]).name {
        case "Form": try drawForm(stream, resources: resources, depth: depth)
        case "Image": paints.skipped.insert("images")
        default: break
        }
    }

    /// A form XObject (§8.10): its content in a saved state, through its `/Matrix`, clipped to its
    /// `/BBox`, with its own resources (or, as old files expect, the caller's); a transparency group
    /// restarts alpha (see `groupAlpha`).
    private mutating func drawForm(_ form: PDFStream, resources: PDFDictionary, depth: Int) throws(PDFVectorImage.Failure) {
        guard depth < PDFVectorImage.Limits.maxFormDepth else {
            paints.skipped.insert("forms nested more than \(PDFVectorImage.Limits.maxFormDepth) deep")
            return
        }
        let content: [UInt8]
        do {
            content = try store.decodedData(form)
        } catch .tooLarge {
            throw .tooLarge
        } catch .unsupported(let feature) {
            paints.skipped.insert(feature)
            return
        } catch {
            paints.skipped.insert("unreadable form XObjects")
            return
        }
        let dictionary = form.dictionary
        let formResources = store.resolved(dictionary["Resources"]).dictionary ?? resources
        let outer = (state, savedStates, unsavedStates, path, pendingClip)
        defer { (state, savedStates, unsavedStates, path, pendingClip) = outer }
        if let matrix = PDFMatrix(paints.numbers(dictionary["Matrix"])) { state.ctm = matrix.concatenating(state.ctm) }
        state.patternSpace = state.ctm
        if store.resolved(store.resolved(dictionary["Group"]).dictionary?["S"]).name == "Transparency" {
            state.groupAlpha *= state.fillAlpha
            (state.fillAlpha, state.strokeAlpha) = (1, 1)
        }
        let box = paints.numbers(dictionary["BBox"])
        if box.count == 4 {
            let bounds = PDFPath.rectangle(box[0], box[1], box[2] - box[0], box[3] - box[1], state.ctm)
            state.clip = try list.addClip(bounds, evenOdd: false, inside: state.clip)
        }
        savedStates = []
        unsavedStates = 0
        path = PDFPathBuilder()
        pendingClip = nil
        try run(content, resources: formResources, depth: depth + 1)
    }
}
