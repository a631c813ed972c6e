import Foundation
import WidgetArchive
import WidgetLayout

/// Glyphs for the system images widgets use most (ranked by how often the corpus of real widget
/// code names them), drawn from this project's own geometry: recognisable line drawings in the
/// spirit of SF Symbols, never Apple's artwork. A name is a base glyph and Apple's suffixes:
/// `.fill` (the filled form, where the glyph has one), `.circle` / `.square` / `.app` /
/// `.rectangle` / `.shield` / `.seal` / `.bubble` (the glyph smaller inside that outline),
/// `.circle.fill` and the like (knocked out of the filled outline), `.slash` (struck through) and
/// `.badge.<mark>` (a small mark at the corner). Unknown names draw the stand-in. The base glyphs
/// live in the category tables (`SymbolGlyphs+Marks.swift` and its siblings).
public enum SymbolGlyphs {
    /// What a symbol draws: the ink, and for an enclosed or knocked-out form the shape the ink is
    /// knocked out of (drawn as the secondary layer in the hierarchical and palette modes).
    struct Drawing {
        var ink = Path()
        var knockedOutOf: Path?
        /// The parts in their multicolour paints, when the glyph has its own (else the multicolour
        /// mode draws it as the hierarchical one, or in `multicolorTint`).
        var multicolor: [(Path, MulticolorPaint)] = []
    }

    /// Symbols whose multicolour form is one system colour throughout: a red heart, an orange flame,
    /// a yellow sun and warning sign (its mark knocked out as in the other modes).
    static func multicolorTint(_ name: String) -> SystemColor? {
        switch name {
        case "heart", "heart.fill": .red
        case "flame", "flame.fill": .orange
        case "leaf", "leaf.fill": .green
        case "sun.max", "sun.max.fill", "sun.min", "sun.min.fill", "exclamationmark.triangle", "exclamationmark.triangle.fill": .yellow
        default: nil
        }
    }

    /// A glyph's drawing code, in a unit square.
    typealias Glyph = @Sendable (inout GlyphBuilder) -> Void

    /// Base glyphs by name: every category table.
    static let glyphs: [String: Glyph] = [marks, arrows, documents, objects, weather, media, people, devices, communication, places, time, charts]
        .reduce(into: [:]) { all, table in all.merge(table) { first, _ in first } }

    /// Old spellings SF Symbols renamed, still in use, and names that draw the same glyph as another.
    static let aliases = [
        "battery.75": "battery.75percent", "battery.50": "battery.50percent", "battery.25": "battery.25percent",
        "battery.100": "battery.100percent", "battery.0": "battery.0percent", "battery.100percent.bolt": "battery.100.bolt",
        "gear": "gearshape", "line.horizontal.3": "line.3.horizontal", "largecircle.fill.circle": "circle.inset.filled",
        "line.horizontal.3.decrease": "line.3.horizontal.decrease", "arrow.2.circlepath": "arrow.triangle.2.circlepath",
        "arrow.trianglehead.2.clockwise": "arrow.triangle.2.circlepath", "clock.arrow.2.circlepath": "clock.arrow.circlepath",
        "person.crop": "person", "icloud": "cloud", "message": "bubble.left", "doc.plaintext": "doc.text",
        "document": "doc", "document.on.document": "doc.on.doc", "doc.on.clipboard": "clipboard",
        "bubble.left.and.text.bubble.right": "bubble.left.and.bubble.right", "photo.on.rectangle.angled": "photo.on.rectangle",
        "globe.americas": "globe", "globe.europe.africa": "globe", "globe.asia.australia": "globe", "repeat": "arrow.2.squarepath",
        "thermometer.medium": "thermometer", "thermometer.low": "thermometer", "thermometer.high": "thermometer",
        "cloud.heavyrain": "cloud.rain", "cloud.drizzle": "cloud.rain", "speedometer": "gauge",
        "gauge.with.dots.needle.67percent": "gauge", "gauge.with.dots.needle.50percent": "gauge", "terminal": "apple.terminal",
        "chevron.left.slash.chevron.right": "chevron.left.forwardslash.chevron.right", "hourglass.tophalf.fill": "hourglass",
        "waveform.path": "waveform", "mappin.circle": "mappin", "face.smiling.inverse": "face.smiling",
    ]

    /// The outlines a glyph can sit inside.
    enum Enclosure: String {
        case circle, square, app, rectangle, shield, seal, bubble
    }

    /// A name taken apart: its base glyph and the suffixes around it.
    struct Parsed {
        var base: String
        var filled = false
        var slashed = false
        var enclosure: Enclosure?
        /// `nil`: no badge; `""`: a plain dot; otherwise the mark's glyph name.
        var badge: String?
    }

    /// The base glyph's key for `name`, through the aliases and the `forward` / `backward` spellings
    /// of arrows (drawn for left-to-right layouts); nil when there is none.
    static func glyphKey(_ name: String) -> String? {
        let name = aliases[name] ?? name
        if glyphs[name] != nil { return name }
        let tokens = name.split(separator: ".").map(String.init)
        guard let first = tokens.first, ["arrow", "chevron", "arrowshape", "arrowtriangle"].contains(first) else { return nil }
        let mapped = tokens.map { $0 == "forward" ? "right" : $0 == "backward" ? "left" : $0 }.joined(separator: ".")
        let key = aliases[mapped] ?? mapped
        return glyphs[key] != nil ? key : nil
    }

    /// Takes Apple's suffixes off `name` from the end, stopping as soon as what is left is a glyph of
    /// its own (`photo.on.rectangle` is one, not a photo inside a rectangle).
    static func parse(_ name: String) -> Parsed? {
        var parts = (aliases[name] ?? name).split(separator: ".").map(String.init)
        var parsed = Parsed(base: "")
        if let i = parts.firstIndex(of: "badge"), i > 0 {
            var mark = Array(parts[(i + 1)...])
            if mark.last == "fill" { parsed.filled = true; mark.removeLast() }
            parsed.badge = mark.joined(separator: ".")
            parts.removeSubrange(i...)
        }
        while parts.count > 1, glyphKey(parts.joined(separator: ".")) == nil, let last = parts.last {
            if last == "fill" || last == "inverse" {
                parsed.filled = true
            } else if last == "slash" {
                parsed.slashed = true
            } else if parsed.enclosure == nil, let enclosure = Enclosure(rawValue: last) {
                parsed.enclosure = enclosure
            } else {
                break
            }
            parts.removeLast()
        }
        guard let base = glyphKey(parts.joined(separator: ".")) else { return nil }
        parsed.base = base
        return parsed
    }

    /// The drawing of `name` in `box` (a square), its strokes as heavy as `weight` makes them
    /// (symbols follow their font's weight); nil when the base glyph is not one drawn here.
    static func drawing(_ name: String, in box: Rect, weight: FontWeight = .regular) -> Drawing? {
        drawing(name, in: box, stroke: strokeWidth(weight))
    }

    /// A stroke's width as a fraction of the box, at each font weight: regular is 0.085, ultralight
    /// about half of it and black about half as much again.
    static func strokeWidth(_ weight: FontWeight) -> Double {
        switch weight {
        case .ultraLight: 0.045
        case .thin: 0.055
        case .light: 0.07
        case .regular: 0.085
        case .medium: 0.095
        case .semibold: 0.105
        case .bold: 0.115
        case .heavy: 0.125
        case .black: 0.135
        }
    }

    private static func drawing(_ name: String, in box: Rect, stroke: Double) -> Drawing? {
        guard let parsed = parse(name), let glyph = glyphs[parsed.base] else { return nil }
        if let badge = parsed.badge { return badged(parsed, badge, in: box, stroke: stroke) }
        var drawing = Drawing()
        if let enclosure = parsed.enclosure {
            drawing = enclosed(glyph, in: enclosure, filled: parsed.filled, box: box, stroke: stroke)
        } else {
            var builder = GlyphBuilder(filled: parsed.filled, weight: stroke, box: box)
            glyph(&builder)
            if builder.holes.polygons.isEmpty {
                drawing.ink = builder.path
            } else {
                drawing = Drawing(ink: builder.holes, knockedOutOf: builder.path)
            }
            drawing.multicolor = builder.multicolor
        }
        if parsed.slashed {
            var slash = GlyphBuilder(filled: false, weight: stroke, box: box)
            slash.line([(0.14, 0.1), (0.86, 0.9)])
            add(slash.path, to: &drawing)
        }
        return drawing
    }

    /// Whether `name` is drawn as a glyph here.
    static func knows(_ name: String) -> Bool { parse(name) != nil }

    /// The system image names in `tree` that have no glyph here and draw as the neutral stand-in,
    /// each once, in the order met: what a preview reports.
    public static func standIns(in tree: RenderTree) -> [String] {
        var names: [String] = []
        for node in tree.root.allNodes() where node.role == .image && node.style == nil {
            guard let name = node.imageName, !knows(name), !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    /// Ink that stays solid in every form: on the filled backing when there is one, else with the ink.
    private static func add(_ solid: Path, to drawing: inout Drawing) {
        if drawing.knockedOutOf != nil { drawing.knockedOutOf?.append(solid) } else { drawing.ink.append(solid) }
    }

    /// A unit-square rectangle mapped into `box`.
    private static func sub(_ box: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: box.x + x * box.width, y: box.y + y * box.height, width: w * box.width, height: h * box.height)
    }

    /// The glyph smaller inside an outline: ringed, or knocked out of the filled outline.
    private static func enclosed(_ glyph: Glyph, in enclosure: Enclosure, filled: Bool, box: Rect, stroke: Double) -> Drawing {
        let (outlinePoints, inner) = outline(of: enclosure)
        var builder = GlyphBuilder(filled: false, weight: stroke / inner.2, box: sub(box, inner.0, inner.1, inner.2, inner.2))
        glyph(&builder)
        var shape = GlyphBuilder(filled: filled, weight: stroke, box: box)
        switch enclosure {
        case .circle: if filled { shape.dot((0.5, 0.5), 0.46) } else { shape.ring(center: (0.5, 0.5), radius: 0.42) }
        case .square, .app:
            shape.path = .roundedRect(sub(box, 0.06, 0.06, 0.88, 0.88), radius: 0.2 * box.width, continuous: true)
            if !filled {
                shape.path.append(Path.roundedRect(sub(box, 0.14, 0.14, 0.72, 0.72), radius: 0.13 * box.width, continuous: true).reversed)
            }
        default: shape.shape(outlinePoints)
        }
        if filled { return Drawing(ink: builder.path, knockedOutOf: shape.path) }
        var ink = shape.path
        ink.append(builder.path)
        return Drawing(ink: ink)
    }

    /// An enclosure's outline in the unit square, and the square (x, y, side) its glyph is drawn in.
    private static func outline(of enclosure: Enclosure) -> ([GlyphPoint], (Double, Double, Double)) {
        switch enclosure {
        case .circle, .square, .app: return ([], (0.24, 0.24, 0.52))
        case .rectangle: return (GlyphBuilder.roundedRect(0.05, 0.18, 0.9, 0.64, radius: 0.14), (0.3, 0.3, 0.4))
        case .shield: return (shieldPoints(), (0.27, 0.22, 0.46))
        case .seal: return (sealPoints(), (0.26, 0.26, 0.48))
        case .bubble: return (bubblePoints(), (0.28, 0.16, 0.44))
        }
    }

    /// The base glyph with a badge: a dot at the top right, or a small mark at the bottom right with
    /// the glyph moved up and left to make room.
    private static func badged(_ parsed: Parsed, _ badge: String, in box: Rect, stroke: Double) -> Drawing? {
        var plain = parsed
        plain.badge = nil
        let name = [parsed.base, parsed.enclosure?.rawValue, parsed.filled ? "fill" : nil, parsed.slashed ? "slash" : nil]
            .compactMap { $0 }.joined(separator: ".")
        let mark = glyphKey(badge).flatMap { glyphs[$0] }
        let side = mark == nil ? 0.84 : 0.8
        guard var drawing = drawing(name, in: sub(box, 0, 1 - side - (mark == nil ? 0 : 0.08), side, side), stroke: stroke) else { return nil }
        var extra = GlyphBuilder(filled: false, weight: stroke, box: box)
        if let mark {
            extra.inset(0.56, 0.52, 0.44, mark)
        } else {
            extra.dot((0.84, 0.17), 0.13)
        }
        add(extra.path, to: &drawing)
        return drawing
    }

    static func shieldPoints() -> [GlyphPoint] {
        let side: [GlyphPoint] = [(0.5, 0.07), (0.64, 0.14), (0.86, 0.2), (0.86, 0.48), (0.8, 0.66), (0.68, 0.8), (0.5, 0.93)]
        return side + GlyphBuilder.mirrored(side.dropFirst().dropLast()).reversed()
    }

    static func sealPoints() -> [GlyphPoint] {
        (0..<72).map { k in
            let a = Double(k) / 72 * 2 * .pi, r = 0.4 + 0.045 * cos(12 * a)
            return (0.5 + r * sin(a), 0.5 - r * cos(a))
        }
    }

    /// A speech bubble, tail at the bottom left.
    static func bubblePoints(_ x0: Double = 0.06, _ y0: Double = 0.1, _ x1: Double = 0.94, _ y1: Double = 0.72) -> [GlyphPoint] {
        let r = min(0.2, (y1 - y0) / 2), w = x1 - x0
        let top = GlyphBuilder.arcPoints(center: (x0 + r, y0 + r), radius: r, from: 270, to: 360, steps: 6)
            + GlyphBuilder.arcPoints(center: (x1 - r, y0 + r), radius: r, from: 0, to: 90, steps: 6)
            + GlyphBuilder.arcPoints(center: (x1 - r, y1 - r), radius: r, from: 90, to: 180, steps: 6)
        return top + [(x0 + 0.4 * w, y1), (x0 + 0.08 * w, y1 + 0.18), (x0 + 0.14 * w, y1 - 0.02), (x0 + 0.02, y1 - 0.12)]
    }
}

/// A multicolour part's paint: a system colour, or the primary label colour (black, or white in the
/// dark).
enum MulticolorPaint {
    case system(SystemColor)
    case primary
}
