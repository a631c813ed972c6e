import ByteCoding
import Foundation

/// Decodes archive files. Hostile input gets a typed `ArchiveDecodingError` with the byte offset:
/// the decoder never traps, recurses only within `maxDepth`, checks every length against the bytes
/// left before allocating, and runs in time linear in the input.
public struct ArchiveDecoder: Sendable {
    public var options: ArchiveDecodingOptions

    public init(options: ArchiveDecodingOptions = .default) { self.options = options }

    /// Decodes a whole archive file, verifying header, length and checksum first.
    public func decode(_ bytes: [UInt8]) throws(ArchiveDecodingError) -> WidgetArchiveValue {
        let payloadStart = try validateContainer(bytes)
        var reader = NodeReader(bytes: bytes, start: payloadStart, options: options)
        return try reader.archive()
    }

    /// Decodes one of a timeline's archives, adding its nodes to `total`, which may not pass
    /// `options.maxTimelineNodeCount`: see that limit for why.
    public func decode(_ bytes: [UInt8], addingNodesTo total: inout Int) throws(ArchiveDecodingError) -> WidgetArchiveValue {
        let payloadStart = try validateContainer(bytes)
        var reader = NodeReader(bytes: bytes, start: payloadStart, options: options)
        let value = try reader.archive()
        total += reader.decodedNodes
        guard total <= options.maxTimelineNodeCount else { throw .limitExceeded(.timelineNodeCount, offset: 0) }
        return value
    }

    /// Checks the 16-byte header, the payload length and the CRC. Returns the payload's offset.
    @discardableResult
    public func validateContainer(_ bytes: [UInt8]) throws(ArchiveDecodingError) -> Int {
        guard bytes.count <= options.maxArchiveSize else { throw .limitExceeded(.archiveSize, offset: 0) }
        guard bytes.count >= 4 else {
            if bytes != Array(ArchiveHeader.magic.prefix(bytes.count)) { throw .badMagic(found: bytes) }
            throw .truncated(offset: bytes.count, needed: ArchiveHeader.size - bytes.count)
        }
        let magic = Array(bytes[0..<4])
        guard magic == ArchiveHeader.magic else { throw .badMagic(found: magic) }
        var header = ArchiveByteReader(bytes, from: 4)
        let version = try header.u16()
        guard ArchiveHeader.supportedVersions.contains(version) else {
            throw .unsupportedVersion(found: version, supported: ArchiveHeader.supportedVersions)
        }
        let flags = try header.u16()
        guard flags == 0 else { throw .unsupportedFlags(found: flags) }
        let length = try header.u32()
        let checksum = try header.u32()
        let actual = bytes.count - ArchiveHeader.size
        guard Int(length) == actual else { throw .payloadLengthMismatch(declared: length, actual: actual) }
        let computed = CRC32.checksum(bytes[ArchiveHeader.size...])
        guard computed == checksum else { throw .checksumMismatch(expected: checksum, actual: computed) }
        return ArchiveHeader.size
    }
}

/// The recursive-descent node reader with its budgets.
struct NodeReader {
    private var reader: ArchiveByteReader
    private let options: ArchiveDecodingOptions
    private var strings: [String] = []
    private var nodeCount = 0
    var decodedNodes: Int { nodeCount }

    init(bytes: [UInt8], start: Int, options: ArchiveDecodingOptions) {
        self.reader = ArchiveByteReader(bytes, from: start)
        self.options = options
    }

    mutating func archive() throws(ArchiveDecodingError) -> WidgetArchiveValue {
        try stringTable()
        let kind = try string()
        let familyOffset = reader.offset
        let familyCode = try reader.u8()
        guard let family = WidgetFamily(code: familyCode) else {
            throw .invalidValue(offset: familyOffset, field: "family", value: UInt64(familyCode))
        }
        let date = Date(timeIntervalSince1970: try reader.f64("entry date"))
        let mode = WidgetRenderingMode(rawValue: try reader.enumCode("rendering mode", cases: WidgetRenderingMode.allCases.count))!
        let scheme = ColorScheme(rawValue: try reader.enumCode("color scheme", cases: ColorScheme.allCases.count))!
        let variantBits = try bits("variant flags", allowed: 0b1111)
        let redaction = RedactionReasons(rawValue: try bits("redaction reasons", allowed: 0b111))
        let flags = ConfigurationFlags(rawValue: try bits("configuration flags", allowed: ConfigurationFlags.known.rawValue))
        let device = variantBits & 8 != 0 ? try deviceSettings() : .standard
        let root = try node(depth: 1)
        guard reader.isAtEnd else { throw .trailingBytes(offset: reader.offset, count: reader.remaining) }
        return WidgetArchiveValue(
            kind: kind, family: family, entryDate: date,
            variant: EnvironmentVariant(
                renderingMode: mode, colorScheme: scheme, showsContainerBackground: variantBits & 1 != 0,
                isLuminanceReduced: variantBits & 2 != 0, redactionReasons: redaction, isSimplified: variantBits & 4 != 0, device: device),
            flags: flags, root: root)
    }

    private mutating func stringTable() throws(ArchiveDecodingError) {
        let countOffset = reader.offset
        let count = try reader.varint()
        guard count <= UInt64(options.maxStringCount) else { throw .limitExceeded(.stringCount, offset: countOffset) }
        // Each string needs at least its one-byte length.
        guard count <= UInt64(reader.remaining) else { throw .truncated(offset: reader.offset, needed: Int(count)) }
        strings.reserveCapacity(Int(count))
        for _ in 0..<Int(count) {
            let lengthOffset = reader.offset
            let length = try reader.varint()
            guard length <= UInt64(options.maxStringLength) else { throw .limitExceeded(.stringLength, offset: lengthOffset) }
            strings.append(try reader.utf8String(Int(length)))
        }
    }

    /// Text size, direction, locale and time zone, present when the variant's flags say so.
    private mutating func deviceSettings() throws(ArchiveDecodingError) -> DeviceSettings {
        let size: TextSizeValue = try enumeration("text size")
        let direction: LayoutDirectionValue = try enumeration("layout direction")
        var identifiers: [String] = []
        for field in ["locale", "time zone"] {
            let offset = reader.offset
            identifiers.append(try DeviceSettings.checked(try string(), field: field, offset: offset))
        }
        return DeviceSettings(textSize: size, layoutDirection: direction, locale: identifiers[0], timeZone: identifiers[1])
    }

    private mutating func string() throws(ArchiveDecodingError) -> String {
        let offset = reader.offset
        let index = try reader.varint()
        guard index < UInt64(strings.count) else {
            throw .stringIndexOutOfRange(offset: offset, index: index, count: strings.count)
        }
        return strings[Int(index)]
    }

    /// A case of a one-byte enumeration, refused at its offset when out of range.
    private mutating func enumeration<T: CaseIterable & RawRepresentable>(_ field: String) throws(ArchiveDecodingError) -> T where T.RawValue == UInt8 {
        let offset = reader.offset
        let code = try reader.enumCode(field, cases: T.allCases.count)
        guard let value = T(rawValue: code) else { throw .invalidValue(offset: offset, field: field, value: UInt64(code)) }
        return value
    }

    /// A gradient's stops: a count, then each colour and location.
    private mutating func gradientStops() throws(ArchiveDecodingError) -> [GradientStop] {
        let count = try childCount()
        var stops: [GradientStop] = []
        stops.reserveCapacity(count)
        for _ in 0..<count {
            let c = try color()
            stops.append(GradientStop(color: c, location: try reader.f64("gradient location")))
        }
        return stops
    }

    private mutating func bits(_ field: String, allowed: UInt8) throws(ArchiveDecodingError) -> UInt8 {
        let offset = reader.offset
        let value = try reader.u8()
        guard value & ~allowed == 0 else { throw .invalidValue(offset: offset, field: field, value: UInt64(value)) }
        return value
    }

    private mutating func childCount() throws(ArchiveDecodingError) -> Int {
        let offset = reader.offset
        let count = try reader.varint()
        guard count <= UInt64(options.maxChildren) else { throw .limitExceeded(.childCount, offset: offset) }
        // Every child takes at least one byte: never reserve more than the input can justify.
        guard count <= UInt64(reader.remaining) else { throw .truncated(offset: reader.offset, needed: Int(count)) }
        return Int(count)
    }

    private mutating func optionalF64(_ field: String) throws(ArchiveDecodingError) -> Double? {
        try reader.bool() ? try reader.f64(field) : nil
    }

    mutating func node(depth: Int) throws(ArchiveDecodingError) -> ViewNode {
        let offset = reader.offset
        guard depth <= options.maxDepth else { throw .limitExceeded(.depth, offset: offset) }
        nodeCount += 1
        guard nodeCount <= options.maxNodeCount else { throw .limitExceeded(.nodeCount, offset: offset) }
        let tag = try reader.u8()
        switch tag {
        case NodeTag.empty:
            return .empty
        case NodeTag.text:
            let count = try childCount()
            var runs: [TextRun] = []
            runs.reserveCapacity(count)
            for _ in 0..<count { runs.append(try run()) }
            return .text(TextNode(runs: runs))
        case NodeTag.image:
            return try imageNode()
        case NodeTag.color:
            return .color(try color())
        case NodeTag.shape:
            return try shapeNode()
        case NodeTag.stack:
            let axis = StackAxis(rawValue: try reader.enumCode("stack axis", cases: StackAxis.allCases.count))!
            let align = try alignment()
            let spacing = try optionalF64("stack spacing")
            let count = try childCount()
            var children: [ViewNode] = []
            children.reserveCapacity(count)
            for _ in 0..<count { children.append(try node(depth: depth + 1)) }
            return .stack(StackNode(axis: axis, alignment: align, spacing: spacing, children: children))
        case NodeTag.spacer:
            return .spacer(minLength: try optionalF64("spacer min length"))
        case NodeTag.accessoryBackground:
            return .accessoryBackground
        case NodeTag.viewThatFits:
            let axes = try bits("view-that-fits axes", allowed: 0b11)
            let count = try childCount()
            var alternatives: [ViewNode] = []
            alternatives.reserveCapacity(count)
            for _ in 0..<count { alternatives.append(try node(depth: depth + 1)) }
            return .viewThatFits(ViewThatFitsNode(axes: axes, alternatives: alternatives))
        case NodeTag.progress:
            return try progressNode(depth: depth)
        case NodeTag.gauge:
            return try gaugeNode(depth: depth)
        case NodeTag.control:
            return try controlNode(depth: depth)
        case NodeTag.geometryReader:
            return .geometryReader(try node(depth: depth + 1))
        case NodeTag.unsupported:
            return .unsupported(try string())
        case NodeTag.controlTemplate:
            return .controlTemplate(try controlTemplate())
        case NodeTag.modified:
            let modifier = try modifier(depth: depth)
            let content = try node(depth: depth + 1)
            return .modified(content, modifier)
        default:
            throw .invalidTag(offset: offset, tag: tag, context: "node")
        }
    }

    /// An image: a symbol or asset name, or encoded bytes (bounded like an archive).
    private mutating func imageNode() throws(ArchiveDecodingError) -> ViewNode {
        let sourceOffset = reader.offset
        let sourceKind = try reader.u8()
        let source: ImageNode.Source
        switch sourceKind {
        case 0: source = .system(try string())
        case 1: source = .asset(try string())
        case 2:
            let lengthOffset = reader.offset
            let length = try reader.varint()
            guard length <= UInt64(options.maxArchiveSize) else { throw .limitExceeded(.archiveSize, offset: lengthOffset) }
            source = .data(Array(try reader.bytes(Int(length))))
        default: throw .invalidTag(offset: sourceOffset, tag: sourceKind, context: "image source")
        }
        let flags = try bits("image flags", allowed: 0b11)
        return .image(ImageNode(source: source, resizable: flags & 1 != 0, template: flags & 2 != 0))
    }

    /// A shape: outline, fill, stroke width and style, trim.
    private mutating func shapeNode() throws(ArchiveDecodingError) -> ViewNode {
        let kind = try shapeKind()
        let flags = try bits("shape flags", allowed: 0b11111)
        let fill = flags & 1 != 0 ? try paint() : nil
        let stroke = flags & 2 != 0 ? try reader.f64("stroke width") : nil
        var style: StrokeStyleValue?
        if flags & 4 != 0 {
            let cap = StrokeStyleValue.Cap(rawValue: try reader.enumCode("line cap", cases: StrokeStyleValue.Cap.allCases.count))!
            let join = StrokeStyleValue.Join(rawValue: try reader.enumCode("line join", cases: StrokeStyleValue.Join.allCases.count))!
            style = StrokeStyleValue(cap: cap, join: join, inset: try reader.bool())
        }
        var trim: ClosedRange<Double>?
        if flags & 8 != 0 {
            let offset = reader.offset
            let from = try reader.f64("trim start")
            let to = try reader.f64("trim end")
            guard from <= to else { throw .invalidValue(offset: offset, field: "trim range", value: 0) }
            trim = from...to
        }
        if flags & 16 != 0 {
            // A dash pattern, after the rest: lengths (each finite and not negative) and a phase.
            guard flags & 4 != 0 else { throw .invalidValue(offset: reader.offset, field: "dash without a stroke style", value: UInt64(flags)) }
            let countOffset = reader.offset
            let count = try reader.count(limit: StrokeStyleValue.maximumDashCount, field: "dash count")
            // The flag says a pattern follows: an empty one is written without it (an encoder that
            // wrote none would lose the phase).
            guard count > 0 else { throw .invalidValue(offset: countOffset, field: "dash count", value: 0) }
            var lengths: [Double] = []
            for _ in 0..<count {
                let offset = reader.offset
                let length = try reader.f64("dash length")
                guard length >= 0, length.isFinite else { throw .invalidValue(offset: offset, field: "dash length", value: length.bitPattern) }
                lengths.append(length)
            }
            let offset = reader.offset
            let phase = try reader.f64("dash phase")
            guard phase.isFinite else { throw .invalidValue(offset: offset, field: "dash phase", value: phase.bitPattern) }
            style?.dash = lengths
            style?.dashPhase = phase
        }
        return .shape(ShapeNode(kind: kind, fill: fill, strokeWidth: stroke, strokeStyle: style, trim: trim))
    }

    /// A progress view: its value (fraction or timer), style and labels.
    private mutating func progressNode(depth: Int) throws(ArchiveDecodingError) -> ViewNode {
        let valueOffset = reader.offset
        let value: ProgressNode.Value
        switch try reader.u8() {
        case 0: value = .indeterminate
        case 1: value = .fraction(value: try reader.f64("progress value"), total: try reader.f64("progress total"))
        case 2:
            value = .timerInterval(
                start: Date(timeIntervalSince1970: try reader.f64("progress start")),
                end: Date(timeIntervalSince1970: try reader.f64("progress end")), countsDown: try reader.bool())
        case let other: throw .invalidTag(offset: valueOffset, tag: other, context: "progress value")
        }
        let style = try progressStyle()
        let labels = try optionalNodes(2, depth: depth)
        return .progress(ProgressNode(value: value, style: style, label: labels[0], currentValueLabel: labels[1]))
    }

    /// A gauge: value within its range, style and four optional labels.
    private mutating func gaugeNode(depth: Int) throws(ArchiveDecodingError) -> ViewNode {
        let value = try reader.f64("gauge value")
        let minimum = try reader.f64("gauge minimum")
        let maximum = try reader.f64("gauge maximum")
        let style = try progressStyle()
        let labels = try optionalNodes(4, depth: depth)
        return .gauge(GaugeNode(
            value: value, minimum: minimum, maximum: maximum, style: style, label: labels[0],
            currentValueLabel: labels[1], minimumValueLabel: labels[2], maximumValueLabel: labels[3]))
    }

    /// A button or toggle with its labels, and the action a tap performs.
    private mutating func controlNode(depth: Int) throws(ArchiveDecodingError) -> ViewNode {
        let kindOffset = reader.offset
        let kind: ControlNode.Kind
        switch try reader.u8() {
        case 0: kind = .button(label: try node(depth: depth + 1))
        case 2: kind = .plainButton(label: try node(depth: depth + 1))
        case 1:
            let isOn = try reader.bool()
            let on = try node(depth: depth + 1)
            let off = try node(depth: depth + 1)
            kind = .toggle(isOn: isOn, onLabel: on, offLabel: off)
        case let other: throw .invalidTag(offset: kindOffset, tag: other, context: "control kind")
        }
        return .control(ControlNode(kind: kind, action: try controlAction()))
    }

    /// A control template (node tag 0x0E): see `ControlTemplate`.
    private mutating func controlTemplate() throws(ArchiveDecodingError) -> ControlTemplate {
        let style = ControlTemplate.Style(rawValue: try reader.enumCode("control style", cases: ControlTemplate.Style.allCases.count))!
        let flags = try bits("control template flags", allowed: 0b111)
        let title = try string()
        var faces: [ControlTemplate.Face] = []
        for _ in 0..<2 {
            let symbolOffset = reader.offset
            let symbol: ControlTemplate.Symbol?
            switch try reader.u8() {
            case 0: symbol = nil
            case 1: symbol = .system(try string())
            case 2: symbol = .asset(try string())
            case let other: throw .invalidTag(offset: symbolOffset, tag: other, context: "control symbol")
            }
            let texts = try bits("control face texts", allowed: 0b111)
            let value = texts & 1 != 0 ? try string() : nil
            let status = texts & 2 != 0 ? try string() : nil
            let hint = texts & 4 != 0 ? try string() : nil
            faces.append(ControlTemplate.Face(symbol: symbol, value: value, status: status, actionHint: hint))
        }
        let tint = flags & 4 != 0 ? try color() : nil
        return ControlTemplate(
            style: style, isOn: flags & 1 != 0, title: title, onFace: faces[0], offFace: faces[1], tint: tint,
            isPrivacySensitive: flags & 2 != 0, action: try controlAction())
    }

    /// A control's action: inert, or an intent's type and encoded parameters.
    private mutating func controlAction() throws(ArchiveDecodingError) -> ControlAction {
        let actionOffset = reader.offset
        let action: ControlAction
        switch try reader.u8() {
        case 0: action = .inert
        case 1:
            let type = try string()
            let lengthOffset = reader.offset
            let length = try reader.varint()
            guard length <= UInt64(options.maxIntentParameterBytes) else {
                throw .limitExceeded(.intentParameters, offset: lengthOffset)
            }
            let parameters = try reader.bytes(Int(length))
            action = .intent(IntentReference(typeIdentifier: type, parameters: Array(parameters)))
        case let other: throw .invalidTag(offset: actionOffset, tag: other, context: "control action")
        }
        return action
    }

    private mutating func optionalNodes(_ count: Int, depth: Int) throws(ArchiveDecodingError) -> [ViewNode?] {
        let flags = try bits("label flags", allowed: UInt8((1 << count) - 1))
        var result: [ViewNode?] = []
        for i in 0..<count {
            result.append(flags & (1 << UInt8(i)) != 0 ? try node(depth: depth + 1) : nil)
        }
        return result
    }

    private mutating func progressStyle() throws(ArchiveDecodingError) -> ProgressStyleValue {
        ProgressStyleValue(rawValue: try reader.enumCode("progress style", cases: ProgressStyleValue.allCases.count))!
    }

    private mutating func run() throws(ArchiveDecodingError) -> TextRun {
        let offset = reader.offset
        let content: TextContent
        switch try reader.u8() {
        case 0: content = .literal(try string())
        case 1:
            let date = Date(timeIntervalSince1970: try reader.f64("text date"))
            let style = DateStyle(rawValue: try reader.enumCode("date style", cases: DateStyle.allCases.count))!
            content = .date(date, style)
        case 2:
            content = .timerInterval(
                start: Date(timeIntervalSince1970: try reader.f64("timer start")),
                end: Date(timeIntervalSince1970: try reader.f64("timer end")), countsDown: try reader.bool())
        case let other: throw .invalidTag(offset: offset, tag: other, context: "text run")
        }
        let flags = try bits("text run flags", allowed: 0b11_1111)
        let font = flags & 1 != 0 ? try self.font() : nil
        let weight = flags & 2 != 0 ? try fontWeight() : nil
        let color = flags & 8 != 0 ? try self.color() : nil
        let attributes = flags & 16 != 0 ? try textAttributes() : nil
        let level = flags & 32 != 0 ? try reader.enumCode("foreground level", cases: 5) : nil
        var run = TextRun(content, font: font, weight: weight, italic: flags & 4 != 0, color: color, foregroundLevel: level)
        if let attributes { run.attributes = attributes }
        return run
    }

    private mutating func textAttributes() throws(ArchiveDecodingError) -> TextAttributes {
        let present = try bits("text attributes", allowed: 0b11_1111)
        var a = TextAttributes()
        if present & 1 != 0 { a.underline = try decoration() }
        if present & 2 != 0 { a.strikethrough = try decoration() }
        if present & 4 != 0 { a.kerning = try reader.f64("kerning") }
        if present & 8 != 0 { a.tracking = try reader.f64("tracking") }
        if present & 16 != 0 { a.baselineOffset = try reader.f64("baseline offset") }
        if present & 32 != 0 { a.textCase = TextCaseValue(rawValue: try reader.enumCode("text case", cases: TextCaseValue.allCases.count))! }
        return a
    }

    private mutating func decoration() throws(ArchiveDecodingError) -> TextDecoration {
        let isActive = try reader.bool()
        let pattern = LinePatternValue(rawValue: try reader.enumCode("line pattern", cases: LinePatternValue.allCases.count))!
        let color = try reader.bool() ? try self.color() : nil
        return TextDecoration(isActive: isActive, pattern: pattern, color: color)
    }

    private mutating func fontWeight() throws(ArchiveDecodingError) -> FontWeight {
        FontWeight(rawValue: try reader.enumCode("font weight", cases: FontWeight.allCases.count))!
    }

    private mutating func font() throws(ArchiveDecodingError) -> FontSpec {
        let offset = reader.offset
        let size: FontSpec.Size
        switch try reader.u8() {
        case 0: size = .style(TextStyle(rawValue: try reader.enumCode("text style", cases: TextStyle.allCases.count))!)
        case 1: size = .fixed(try reader.f64("font size"))
        case let other: throw .invalidTag(offset: offset, tag: other, context: "font size")
        }
        let weightOffset = reader.offset
        let weightCode = try reader.u8()
        let weight: FontWeight?
        if weightCode == 0xFF {
            weight = nil
        } else if let w = FontWeight(rawValue: weightCode) {
            weight = w
        } else {
            throw .invalidValue(offset: weightOffset, field: "font weight", value: UInt64(weightCode))
        }
        // Bits 0-1 design, 2-3 width, 4 italic, 5-6 small capitals.
        let style = try bits("font design", allowed: 0b111_1111)
        return FontSpec(size: size, weight: weight, design: FontDesign(rawValue: style & 3)!,
                        width: FontWidthValue(rawValue: (style >> 2) & 3)!, italic: style & 16 != 0,
                        smallCaps: SmallCapsValue(rawValue: (style >> 5) & 3) ?? .off)
    }

    private mutating func color() throws(ArchiveDecodingError) -> ColorValue {
        let offset = reader.offset
        switch try reader.u8() {
        case 0:
            return .rgba(
                red: try reader.f64("red"), green: try reader.f64("green"), blue: try reader.f64("blue"),
                opacity: try reader.f64("opacity"))
        case 1:
            let system = SystemColor(rawValue: try reader.enumCode("system color", cases: SystemColor.allCases.count))!
            return .system(system, opacity: try reader.f64("opacity"))
        case 2:
            var asset = AssetColorValue(name: try string(), opacity: try reader.f64("opacity"))
            let present = try bits("color appearances", allowed: 0b1111)
            var variants: [ColorComponents?] = []
            for i in 0..<4 {
                guard present & (1 << UInt8(i)) != 0 else { variants.append(nil); continue }
                variants.append(ColorComponents(
                    red: try reader.f64("red"), green: try reader.f64("green"), blue: try reader.f64("blue"), alpha: try reader.f64("alpha")))
            }
            asset.light = variants[0]
            asset.dark = variants[1]
            asset.lightHighContrast = variants[2]
            asset.darkHighContrast = variants[3]
            return .asset(asset)
        case let other:
            throw .invalidTag(offset: offset, tag: other, context: "color")
        }
    }

    private mutating func paint() throws(ArchiveDecodingError) -> Paint {
        let offset = reader.offset
        switch try reader.u8() {
        case 0:
            return .color(try color())
        case 1:
            let stops = try gradientStops()
            let start = UnitPointValue(x: try reader.f64("start x"), y: try reader.f64("start y"))
            let end = UnitPointValue(x: try reader.f64("end x"), y: try reader.f64("end y"))
            return .linearGradient(stops: stops, start: start, end: end)
        case 2:
            return .foreground(level: try reader.enumCode("foreground level", cases: 5))
        case 3:
            return .material(MaterialValue(rawValue: try reader.enumCode("material", cases: MaterialValue.allCases.count))!)
        case let other:
            throw .invalidTag(offset: offset, tag: other, context: "paint")
        }
    }

    private mutating func shapeKind() throws(ArchiveDecodingError) -> ShapeKind {
        let offset = reader.offset
        switch try reader.u8() {
        case 0: return .rectangle
        case 1: return .roundedRectangle(cornerRadius: try reader.f64("corner radius"), continuous: try reader.bool())
        case 2: return .circle
        case 3: return .ellipse
        case 4: return .capsule
        case 5: return .containerRelative
        case 6: return .path(try path())
        case let other: throw .invalidTag(offset: offset, tag: other, context: "shape")
        }
    }

    private mutating func path() throws(ArchiveDecodingError) -> PathValue {
        let width = try reader.f64("path reference width")
        let height = try reader.f64("path reference height")
        let count = try childCount()
        var elements: [PathValue.Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            let offset = reader.offset
            switch try reader.u8() {
            case 0: elements.append(.move(x: try reader.f64("x"), y: try reader.f64("y")))
            case 1: elements.append(.line(x: try reader.f64("x"), y: try reader.f64("y")))
            case 2: elements.append(.quad(x: try reader.f64("x"), y: try reader.f64("y"), cx: try reader.f64("cx"), cy: try reader.f64("cy")))
            case 3:
                elements.append(.cubic(x: try reader.f64("x"), y: try reader.f64("y"), c1x: try reader.f64("c1x"), c1y: try reader.f64("c1y"),
                                       c2x: try reader.f64("c2x"), c2y: try reader.f64("c2y")))
            case 4: elements.append(.close)
            case let other: throw .invalidTag(offset: offset, tag: other, context: "path element")
            }
        }
        return PathValue(elements: elements, referenceWidth: width, referenceHeight: height)
    }

    private mutating func alignment() throws(ArchiveDecodingError) -> AlignmentValue {
        let h = HorizontalAlignmentValue(rawValue: try reader.enumCode("horizontal alignment", cases: HorizontalAlignmentValue.allCases.count))!
        let v = VerticalAlignmentValue(rawValue: try reader.enumCode("vertical alignment", cases: VerticalAlignmentValue.allCases.count))!
        return AlignmentValue(horizontal: h, vertical: v)
    }

    private mutating func modifier(depth: Int) throws(ArchiveDecodingError) -> ViewModifierNode {
        let offset = reader.offset
        let tag = try reader.u8()
        switch tag {
        case ModifierTag.frame:
            let present = try bits("frame fields", allowed: 0b11_1111)
            var values: [Double?] = []
            for i in 0..<6 { values.append(present & (1 << UInt8(i)) != 0 ? try reader.f64("frame dimension") : nil) }
            return .frame(FrameSpec(
                minWidth: values[0], idealWidth: values[1], maxWidth: values[2], minHeight: values[3],
                idealHeight: values[4], maxHeight: values[5], alignment: try alignment()))
        case ModifierTag.padding:
            let edges = try bits("padding edges", allowed: 0b1111)
            let present = try bits("padding values", allowed: 0b1111)
            var values: [Double?] = []
            for i in 0..<4 { values.append(present & (1 << UInt8(i)) != 0 ? try reader.f64("padding") : nil) }
            return .padding(PaddingSpec(edges: edges, top: values[0], leading: values[1], bottom: values[2], trailing: values[3]))
        case ModifierTag.background:
            let align = try alignment()
            return .background(try node(depth: depth + 1), align)
        case ModifierTag.position: return .position(x: try reader.f64("position x"), y: try reader.f64("position y"))
        case ModifierTag.mask:
            let align = try alignment()
            return .mask(try node(depth: depth + 1), align)
        case ModifierTag.overlay:
            let align = try alignment()
            return .overlay(try node(depth: depth + 1), align)
        case ModifierTag.containerBackground:
            return .containerBackground(try node(depth: depth + 1))
        case ModifierTag.font: return .font(try font())
        case ModifierTag.fontWeight: return .fontWeight(try fontWeight())
        case ModifierTag.italic: return .italic
        case ModifierTag.foreground: return .foreground(try paint())
        case ModifierTag.tint: return .tint(try color())
        case ModifierTag.opacity: return .opacity(try reader.f64("opacity"))
        case ModifierTag.widgetURL: return .widgetURL(try string())
        case ModifierTag.link: return .link(try string())
        case ModifierTag.accentable: return .accentable(try reader.bool())
        case ModifierTag.privacySensitive: return .privacySensitive(try reader.bool())
        case ModifierTag.invalidatable: return .invalidatable(try reader.bool())
        case ModifierTag.identity: return .identity(try string())
        case ModifierTag.lineLimit:
            guard try reader.bool() else { return .lineLimit(nil) }
            return .lineLimit(try reader.count(limit: 1 << 20, field: "line limit"))
        case ModifierTag.minimumScaleFactor: return .minimumScaleFactor(try reader.f64("minimum scale factor"))
        case ModifierTag.multilineTextAlignment:
            return .multilineTextAlignment(TextAlignmentValue(rawValue: try reader.enumCode("text alignment", cases: TextAlignmentValue.allCases.count))!)
        case ModifierTag.layoutPriority: return .layoutPriority(try reader.f64("layout priority"))
        case ModifierTag.clipShape: return .clipShape(try shapeKind())
        case ModifierTag.aspectRatio:
            let ratio = try optionalF64("aspect ratio")
            return .aspectRatio(ratio, ContentModeValue(rawValue: try reader.enumCode("content mode", cases: ContentModeValue.allCases.count))!)
        case ModifierTag.redacted: return .redacted(RedactionReasons(rawValue: try bits("redaction reasons", allowed: 0b111)))
        case ModifierTag.unredacted: return .unredacted
        case ModifierTag.hidden: return .hidden
        case ModifierTag.offset: return .offset(x: try reader.f64("offset x"), y: try reader.f64("offset y"))
        case ModifierTag.fixedSize:
            let flags = try bits("fixed size axes", allowed: 0b11)
            return .fixedSize(horizontal: flags & 1 != 0, vertical: flags & 2 != 0)
        case ModifierTag.contentTransition:
            return .contentTransition(ContentTransitionValue(rawValue: try reader.enumCode("content transition", cases: ContentTransitionValue.allCases.count))!)
        case ModifierTag.textAttributes:
            return .textAttributes(try textAttributes())
        case ModifierTag.transform:
            return .transform(TransformValue(
                scaleX: try reader.f64("scale x"), scaleY: try reader.f64("scale y"), rotation: try reader.f64("rotation"),
                anchor: UnitPointValue(x: try reader.f64("anchor x"), y: try reader.f64("anchor y"))))
        case ModifierTag.transition: return .transition(try transition(depth: depth + 1))
        case ModifierTag.animation:
            let animation = try reader.bool() ? try self.animation() : nil
            return .animation(animation, valueDigest: try reader.u64())
        case ModifierTag.numericTextValue: return .numericTextValue(try reader.f64("numeric text value"))
        case ModifierTag.accessibilityLabel: return .accessibilityLabel(try string())
        case ModifierTag.accentedImageMode: return .accentedImageMode(try enumeration("accented image mode"))
        case ModifierTag.shadow:
            let color = try color()
            return .shadow(ShadowValue(color: color, radius: try reader.f64("shadow radius"), x: try reader.f64("shadow x"), y: try reader.f64("shadow y")))
        case ModifierTag.blur:
            return .blur(radius: try reader.f64("blur radius"), opaque: try reader.bool())
        case ModifierTag.symbolRenderingMode: return .symbolRenderingMode(try enumeration("symbol rendering mode"))
        case ModifierTag.symbolPalette:
            let count = try reader.count(limit: 2, field: "symbol palette count")
            var colors: [ColorValue] = []
            for _ in 0..<count { colors.append(try color()) }
            return .symbolPalette(colors)
        case ModifierTag.textSizeRange:
            let offset = reader.offset
            let lower: TextSizeValue = try enumeration("text size"), upper: TextSizeValue = try enumeration("text size")
            guard lower <= upper else { throw .invalidValue(offset: offset, field: "text size range", value: UInt64(lower.rawValue)) }
            return .textSizeRange(lower...upper)
        case ModifierTag.imageScale: return .imageScale(try enumeration("image scale"))
        case ModifierTag.blendMode: return .blendMode(try enumeration("blend mode"))
        case ModifierTag.tintGradient: return .tintGradient(try gradientStops())
        default:
            throw .invalidTag(offset: offset, tag: tag, context: "modifier")
        }
    }

    private mutating func animation() throws(ArchiveDecodingError) -> AnimationValue {
        let offset = reader.offset
        let curve: AnimationValue.Curve
        switch try reader.u8() {
        case 0: curve = .default
        case 1: curve = .spring(response: try reader.f64("spring response"), dampingFraction: try reader.f64("damping fraction"))
        case 2: curve = .springDuration(duration: try reader.f64("spring duration"), bounce: try reader.f64("spring bounce"))
        case 3: curve = .smooth(duration: try reader.f64("smooth duration"), extraBounce: try reader.f64("extra bounce"))
        case 4: curve = .snappy(duration: try reader.f64("snappy duration"), extraBounce: try reader.f64("extra bounce"))
        case 5: curve = .bouncy(duration: try reader.f64("bouncy duration"), extraBounce: try reader.f64("extra bounce"))
        case 6: curve = .linear(duration: try reader.f64("linear duration"))
        case 7: curve = .easeIn(duration: try reader.f64("ease-in duration"))
        case 8: curve = .easeOut(duration: try reader.f64("ease-out duration"))
        case 9: curve = .easeInOut(duration: try reader.f64("ease-in-out duration"))
        case 10:
            curve = .timingCurve(c0x: try reader.f64("timing curve c0x"), c0y: try reader.f64("timing curve c0y"),
                                 c1x: try reader.f64("timing curve c1x"), c1y: try reader.f64("timing curve c1y"),
                                 duration: try reader.f64("timing curve duration"))
        case let other: throw .invalidTag(offset: offset, tag: other, context: "animation curve")
        }
        return AnimationValue(curve, delay: try reader.f64("animation delay"), speed: try reader.f64("animation speed"))
    }

    /// Transitions nest (`combined`, `asymmetric`), within the same depth budget as nodes.
    private mutating func transition(depth: Int) throws(ArchiveDecodingError) -> TransitionValue {
        let offset = reader.offset
        guard depth <= options.maxDepth else { throw .limitExceeded(.depth, offset: offset) }
        switch try reader.u8() {
        case 0: return .identity
        case 1: return .opacity
        case 2: return .slide
        case 3:
            return .scale(try reader.f64("transition scale"), anchor: UnitPointValue(x: try reader.f64("anchor x"), y: try reader.f64("anchor y")))
        case 4: return .move(EdgeValue(rawValue: try reader.enumCode("edge", cases: EdgeValue.allCases.count))!)
        case 5: return .push(EdgeValue(rawValue: try reader.enumCode("edge", cases: EdgeValue.allCases.count))!)
        case 6: return .offset(x: try reader.f64("transition offset x"), y: try reader.f64("transition offset y"))
        case 7: return .asymmetric(insertion: try transition(depth: depth + 1), removal: try transition(depth: depth + 1))
        case 8: return .combined(try transition(depth: depth + 1), try transition(depth: depth + 1))
        case 9: return .animated(try transition(depth: depth + 1), try animation())
        case let other: throw .invalidTag(offset: offset, tag: other, context: "transition")
        }
    }
}
