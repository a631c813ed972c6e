import Foundation
import WidgetArchive
import WidgetRandom

/// Generates valid archive trees from a seed: every node kind, every modifier, nested to a chosen
/// depth. Property tests round-trip them; the fuzzer mutates their encodings.
public struct ArchiveGenerator {
    public var rng: SeededRandom
    public var maxDepth: Int
    public var maxChildren: Int

    public init(seed: UInt64, maxDepth: Int = 6, maxChildren: Int = 4) {
        rng = SeededRandom(seed: seed)
        self.maxDepth = maxDepth
        self.maxChildren = maxChildren
    }

    public mutating func archive() -> WidgetArchiveValue {
        WidgetArchiveValue(
            kind: pick(["Caffeine", "Weather", "ToDo", "Ünïcode ✓", ""]),
            family: pick(WidgetFamily.widgetFamilies),
            entryDate: date(),
            variant: EnvironmentVariant(
                renderingMode: pick(WidgetRenderingMode.allCases), colorScheme: pick(ColorScheme.allCases),
                showsContainerBackground: bool(), isLuminanceReduced: bool(),
                redactionReasons: RedactionReasons(rawValue: UInt8.random(in: 0...7, using: &rng)), device: device()),
            flags: ConfigurationFlags(rawValue: UInt8.random(in: 0...7, using: &rng)),
            root: node(depth: 0))
    }

    /// Standard device settings three times in four; otherwise a text size, direction, locale and time zone.
    mutating func device() -> DeviceSettings {
        guard Int.random(in: 0..<4, using: &rng) == 0 else { return .standard }
        return DeviceSettings(textSize: pick(TextSizeValue.allCases), layoutDirection: pick(LayoutDirectionValue.allCases),
                              locale: pick(["", "de_DE", "ar_SA", "ja"]), timeZone: pick(["", "Europe/Berlin", "Asia/Tokyo"]))
    }

    /// A stroke style, dashed half the time (a pattern of one to four lengths, some of them zero).
    mutating func strokeStyle() -> StrokeStyleValue {
        var style = StrokeStyleValue(cap: pick(StrokeStyleValue.Cap.allCases), join: pick(StrokeStyleValue.Join.allCases), inset: bool())
        if bool() {
            style.dash = (0..<Int.random(in: 1...4, using: &rng)).map { _ in number(0...10) }
            style.dashPhase = number(-5...5)
        }
        return style
    }

    public mutating func node(depth: Int) -> ViewNode {
        let leafOnly = depth >= maxDepth
        let choice = Int.random(in: 0..<(leafOnly ? 6 : 15), using: &rng)
        switch choice {
        case 0: return .empty
        case 1: return .text(TextNode(runs: (0..<Int.random(in: 1...3, using: &rng)).map { _ in run() }))
        case 2: return .image(ImageNode(source: imageSource(), resizable: bool(), template: bool()))
        case 3: return .color(color())
        case 4: return .shape(ShapeNode(
            kind: shapeKind(), fill: bool() ? paint() : nil, strokeWidth: bool() ? number(0...8) : nil,
            strokeStyle: bool() ? strokeStyle() : nil,
            trim: bool() ? { let a = number(0...1); return a...max(a, number(0...1)) }() : nil))
        case 5:
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return .spacer(minLength: bool() ? number(0...40) : nil)
            case 1: return .accessoryBackground
            case 2: return .controlTemplate(controlTemplate())
            default: return .unsupported(pick(["List", "ScrollView", "TextField"]))
            }
        case 6, 7:
            return .stack(StackNode(axis: pick(StackAxis.allCases), alignment: alignment(), spacing: bool() ? number(0...20) : nil,
                                    children: children(depth)))
        case 8: return .viewThatFits(ViewThatFitsNode(axes: UInt8.random(in: 0...3, using: &rng), alternatives: children(depth)))
        case 9:
            let value: ProgressNode.Value = switch Int.random(in: 0..<3, using: &rng) {
            case 0: .indeterminate
            case 1: .fraction(value: number(0...10), total: number(1...10))
            default: .timerInterval(start: date(), end: date(), countsDown: bool())
            }
            return .progress(ProgressNode(value: value, style: pick(ProgressStyleValue.allCases), label: optionalNode(depth),
                                          currentValueLabel: optionalNode(depth)))
        case 10:
            return .gauge(GaugeNode(value: number(0...1), minimum: 0, maximum: 1, style: pick(ProgressStyleValue.allCases),
                                    label: optionalNode(depth), currentValueLabel: optionalNode(depth),
                                    minimumValueLabel: optionalNode(depth), maximumValueLabel: optionalNode(depth)))
        case 11:
            let action: ControlAction = bool() ? .inert : .intent(IntentReference(
                typeIdentifier: pick(["App.LogDrink", "App.ToggleTask"]),
                parameters: (0..<Int.random(in: 0...12, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
            let kind: ControlNode.Kind = switch Int.random(in: 0..<3, using: &rng) {
            case 0: .button(label: node(depth: depth + 1))
            case 1: .plainButton(label: node(depth: depth + 1))
            default: .toggle(isOn: bool(), onLabel: node(depth: depth + 1), offLabel: node(depth: depth + 1))
            }
            return .control(ControlNode(kind: kind, action: action))
        case 12:
            return .geometryReader(node(depth: depth + 1))
        default:
            return .modified(node(depth: depth + 1), modifier(depth))
        }
    }

    private mutating func controlTemplate() -> ControlTemplate {
        func face() -> ControlTemplate.Face {
            ControlTemplate.Face(symbol: bool() ? (bool() ? .system(pick(["lightbulb", "timer"])) : .asset("Bean")) : nil,
                                 value: bool() ? pick(["On", "Off", "72°"]) : nil, status: bool() ? "Done" : nil,
                                 actionHint: bool() ? "Turn on" : nil)
        }
        return ControlTemplate(
            style: pick(ControlTemplate.Style.allCases), isOn: bool(), title: pick(["Lamp", "Timer", ""]), onFace: face(), offFace: face(),
            tint: bool() ? color() : nil, isPrivacySensitive: bool(),
            action: bool() ? .inert : .intent(IntentReference(typeIdentifier: "App.SetLamp", parameters: [1, 2, 3])))
    }

    private mutating func children(_ depth: Int) -> [ViewNode] {
        (0..<Int.random(in: 0...maxChildren, using: &rng)).map { _ in node(depth: depth + 1) }
    }

    private mutating func optionalNode(_ depth: Int) -> ViewNode? { bool() ? node(depth: depth + 1) : nil }

    private mutating func modifier(_ depth: Int) -> ViewModifierNode {
        switch Int.random(in: 0..<44, using: &rng) {
        case 0: return .frame(FrameSpec(minWidth: opt(0...50), idealWidth: opt(0...100), maxWidth: bool() ? .infinity : opt(50...300),
                                        minHeight: opt(0...50), idealHeight: opt(0...100), maxHeight: opt(50...300), alignment: alignment()))
        case 1: return .padding(PaddingSpec(edges: UInt8.random(in: 0...15, using: &rng), top: opt(0...20), leading: opt(0...20),
                                            bottom: opt(0...20), trailing: opt(0...20)))
        case 2: return .background(node(depth: depth + 1), alignment())
        case 3: return .overlay(node(depth: depth + 1), alignment())
        case 4: return .containerBackground(node(depth: depth + 1))
        case 5: return .font(font())
        case 6: return .fontWeight(pick(FontWeight.allCases))
        case 7: return .italic
        case 8: return .foreground(paint())
        case 9: return .tint(color())
        case 10: return .opacity(number(0...1))
        case 11: return .widgetURL("app://item/\(Int.random(in: 0...99, using: &rng))")
        case 12: return .link("app://link/\(Int.random(in: 0...99, using: &rng))")
        case 13: return .accentable(bool())
        case 14: return .privacySensitive(bool())
        case 15: return .invalidatable(bool())
        case 16: return .identity(pick(["total", "log", "row-1", "✓"]))
        case 17: return .lineLimit(bool() ? Int.random(in: 1...5, using: &rng) : nil)
        case 18: return .minimumScaleFactor(number(0.1...1))
        case 19: return .multilineTextAlignment(pick(TextAlignmentValue.allCases))
        case 20: return .layoutPriority(number(-1...2))
        case 21: return .clipShape(shapeKind())
        case 22: return .aspectRatio(opt(0.5...2), pick(ContentModeValue.allCases))
        case 23: return .redacted(RedactionReasons(rawValue: UInt8.random(in: 0...7, using: &rng)))
        case 24: return .unredacted
        case 25: return .hidden
        case 26: return .offset(x: number(-10...10), y: number(-10...10))
        case 27: return .fixedSize(horizontal: bool(), vertical: bool())
        case 28: return .textAttributes(textAttributes())
        case 29: return .transform(TransformValue(scaleX: number(0...2), scaleY: number(0...2), rotation: number(-360...360),
                                                  anchor: UnitPointValue(x: number(0...1), y: number(0...1))))
        case 30: return .transition(transition(depth))
        case 31: return .animation(bool() ? animation() : nil, valueDigest: UInt64.random(in: 0...UInt64.max, using: &rng))
        case 32: return .numericTextValue(number(-1000...1000))
        case 33: return .shadow(ShadowValue(color: color(), radius: number(0...20), x: number(-10...10), y: number(-10...10)))
        case 34: return .blur(radius: number(0...20), opaque: bool())
        case 35: return .symbolRenderingMode(pick(SymbolRenderingModeValue.allCases))
        case 36: return .symbolPalette((0..<Int.random(in: 0...2, using: &rng)).map { _ in color() })
        case 37:
            let a = pick(TextSizeValue.allCases), b = pick(TextSizeValue.allCases)
            return .textSizeRange(min(a, b)...max(a, b))
        case 38: return .imageScale(pick(ImageScaleValue.allCases))
        case 40: return .blendMode(pick(BlendModeValue.allCases))
        case 41: return .mask(node(depth: depth + 1), alignment())
        case 42: return .position(x: number(0...200), y: number(0...200))
        case 39: return .tintGradient((0..<Int.random(in: 0...3, using: &rng)).map { _ in GradientStop(color: color(), location: number(0...1)) })
        default: return .contentTransition(pick(ContentTransitionValue.allCases))
        }
    }

    private mutating func animation() -> AnimationValue {
        let duration = number(0.1...2)
        let curve: AnimationValue.Curve = pick([
            .default, .spring(response: duration, dampingFraction: number(0.2...1)), .springDuration(duration: duration, bounce: number(-0.5...0.9)),
            .smooth(duration: duration, extraBounce: number(0...0.3)), .snappy(duration: duration, extraBounce: number(0...0.3)),
            .bouncy(duration: duration, extraBounce: number(0...0.3)), .linear(duration: duration), .easeIn(duration: duration),
            .easeOut(duration: duration), .easeInOut(duration: duration),
            .timingCurve(c0x: number(0...1), c0y: number(-0.5...1.5), c1x: number(0...1), c1y: number(-0.5...1.5), duration: duration),
        ])
        return AnimationValue(curve, delay: bool() ? number(0...1) : 0, speed: bool() ? number(0.5...2) : 1)
    }

    private mutating func transition(_ depth: Int) -> TransitionValue {
        let leaf: [TransitionValue] = [.identity, .opacity, .slide, .scale(number(0...1), anchor: UnitPointValue(x: number(0...1), y: number(0...1))),
                                       .move(pick(EdgeValue.allCases)), .push(pick(EdgeValue.allCases)), .offset(x: number(-50...50), y: number(-50...50))]
        guard depth < 3, bool() else { return pick(leaf) }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return .asymmetric(insertion: transition(depth + 1), removal: transition(depth + 1))
        case 1: return .combined(transition(depth + 1), transition(depth + 1))
        default: return .animated(transition(depth + 1), animation())
        }
    }

    private mutating func textAttributes() -> TextAttributes {
        func decoration() -> TextDecoration? {
            bool() ? TextDecoration(isActive: bool(), pattern: pick(LinePatternValue.allCases), color: bool() ? color() : nil) : nil
        }
        return TextAttributes(underline: decoration(), strikethrough: decoration(), kerning: opt(-1...3), tracking: opt(0...3),
                              baselineOffset: opt(-4...4), textCase: bool() ? pick(TextCaseValue.allCases) : nil)
    }

    private mutating func imageSource() -> ImageNode.Source {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: .system(pick(["plus", "star.fill", "cup.and.saucer"]))
        case 1: .asset(pick(["photo", "hero"]))
        default: .data((0..<Int.random(in: 0...24, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        }
    }

    private mutating func run() -> TextRun {
        let content: TextContent = switch Int.random(in: 0..<4, using: &rng) {
        case 0, 1: .literal(pick(["Total Caffeine", "64 mg", "", "Level 3", "☕︎ ünï\n\"q\"", "Espresso"]))
        case 2: .date(date(), pick(DateStyle.allCases))
        default: .timerInterval(start: date(), end: date(), countsDown: bool())
        }
        return TextRun(content, font: bool() ? font() : nil, weight: bool() ? pick(FontWeight.allCases) : nil, italic: bool(),
                       color: bool() ? color() : nil, attributes: bool() ? textAttributes() : TextAttributes(),
                       foregroundLevel: bool() ? UInt8.random(in: 0...4, using: &rng) : nil)
    }

    private mutating func font() -> FontSpec {
        FontSpec(size: bool() ? .style(pick(TextStyle.allCases)) : .fixed(number(6...60)),
                 weight: bool() ? pick(FontWeight.allCases) : nil, design: pick(FontDesign.allCases), width: pick(FontWidthValue.allCases),
                 italic: bool(), smallCaps: bool() ? .off : pick(SmallCapsValue.allCases))
    }

    private mutating func color() -> ColorValue {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1: return .rgba(red: number(0...1), green: number(0...1), blue: number(0...1), opacity: number(0...1))
        case 2, 3: return .system(pick(SystemColor.allCases), opacity: number(0...1))
        default:
            func components() -> ColorComponents? {
                bool() ? ColorComponents(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: number(0...1)) : nil
            }
            return .asset(AssetColorValue(name: pick(["Brand", "Accent", ""]), light: components(), dark: components(),
                                          lightHighContrast: components(), darkHighContrast: components(), opacity: number(0...1)))
        }
    }

    private mutating func paint() -> Paint {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .color(color())
        case 3: return .material(pick(MaterialValue.allCases))
        case 1: return .linearGradient(stops: (0..<Int.random(in: 0...3, using: &rng)).map { _ in GradientStop(color: color(), location: number(0...1)) },
                                       start: UnitPointValue(x: number(0...1), y: number(0...1)), end: UnitPointValue(x: number(0...1), y: number(0...1)))
        default: return .foreground(level: UInt8.random(in: 0...4, using: &rng))
        }
    }

    private mutating func shapeKind() -> ShapeKind {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return .rectangle
        case 6:
            let elements: [PathValue.Element] = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: .move(x: number(0...100), y: number(0...100))
                case 1: .line(x: number(0...100), y: number(0...100))
                case 2: .quad(x: number(0...100), y: number(0...100), cx: number(0...100), cy: number(0...100))
                case 3: .cubic(x: number(0...100), y: number(0...100), c1x: number(0...100), c1y: number(0...100),
                               c2x: number(0...100), c2y: number(0...100))
                default: .close
                }
            }
            return .path(PathValue(elements: elements, referenceWidth: number(1...200), referenceHeight: number(1...200)))
        case 1: return .roundedRectangle(cornerRadius: number(0...30), continuous: bool())
        case 2: return .circle
        case 3: return .ellipse
        case 4: return .capsule
        default: return .containerRelative
        }
    }

    private mutating func alignment() -> AlignmentValue {
        AlignmentValue(horizontal: pick(HorizontalAlignmentValue.allCases), vertical: pick(VerticalAlignmentValue.allCases))
    }

    private mutating func date() -> Date { Date(timeIntervalSince1970: (1_700_000_000 + number(0...10_000_000)).rounded()) }
    private mutating func number(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &rng) * 100).rounded() / 100 }
    private mutating func opt(_ range: ClosedRange<Double>) -> Double? { bool() ? number(range) : nil }
    private mutating func bool() -> Bool { Bool.random(using: &rng) }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
}
