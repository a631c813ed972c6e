import Foundation
import WidgetArchive

/// The trees pinned by the golden vectors in `Archives/golden/`. Changing one (or the encoder) changes
/// committed bytes: regenerate deliberately with `UPDATE_GOLDENS=1 swift test --filter GoldenVectorTests`.
enum GoldenFixtures {
    static let date = Date(timeIntervalSince1970: 1_763_712_000)  // 2025-11-21T08:00:00Z

    static let all: [(name: String, value: WidgetArchiveValue)] = [
        ("minimal-text", WidgetArchiveValue(kind: "Hello", family: .systemSmall, entryDate: date, root: .text(TextNode("Hello, world!")))),
        ("caffeine-small", caffeine),
        ("dates-and-progress", datesAndProgress),
        ("controls-and-modifiers", controls),
        ("styles-shapes-and-assets", stylesShapesAndAssets),
        ("animation", animation),
        ("accessibility-and-accented-images", accessibilityAndAccentedImages),
        ("control-template", controlTemplate),
        ("effects-and-symbols", effectsAndSymbols),
        ("device-settings", deviceSettings),
        ("gauges-and-blending", gaugesAndBlending),
    ]

    /// Modifiers 42 to 45: a gauge tinted with a gradient inside the tint of its middle colour, a
    /// blend mode, a gradient seen through a text mask, and a position.
    static let gaugesAndBlending = WidgetArchiveValue(
        kind: "UV", family: .accessoryCircular, entryDate: date,
        root: .stack(StackNode(axis: .depth, children: [
            .modified(.modified(.gauge(GaugeNode(value: 0.3, style: .accessoryCircular)),
                                .tintGradient([GradientStop(color: .system(.green, opacity: 1), location: 0),
                                               GradientStop(color: .system(.yellow, opacity: 1), location: 0.5),
                                               GradientStop(color: .system(.red, opacity: 1), location: 1)])),
                      .tint(.system(.yellow, opacity: 1))),
            .modified(.modified(.text(TextNode("3")), .blendMode(.plusLighter)), .position(x: 30, y: 12.5)),
            .modified(.shape(ShapeNode(kind: .rectangle, fill: .linearGradient(
                stops: [GradientStop(color: .system(.orange, opacity: 1), location: 0), GradientStop(color: .system(.pink, opacity: 1), location: 1)],
                start: UnitPointValue(x: 0, y: 0.5), end: UnitPointValue(x: 1, y: 0.5)))),
                      .mask(.text(TextNode("UV")), AlignmentValue(horizontal: .leading, vertical: .center))),
        ])))

    /// Variant flag bit 3 and the device settings after the metadata (an accessibility text size,
    /// right to left, a locale and a time zone), modifier 40 (a text size range) and 41 (an image scale).
    static let deviceSettings = WidgetArchiveValue(
        kind: "Reading", family: .systemMedium, entryDate: date,
        variant: EnvironmentVariant(device: DeviceSettings(textSize: .accessibility2, layoutDirection: .rightToLeft, locale: "he_IL",
                                                           timeZone: "Asia/Jerusalem")),
        root: .modified(.stack(StackNode(axis: .horizontal, children: [
            .modified(.image(ImageNode(source: .system("chevron.forward"))), .imageScale(.small)),
            .modified(.text(TextNode("Chapter 3")), .font(FontSpec(size: .style(.headline)))),
        ])), .textSizeRange(.xSmall ... .accessibility3)))

    /// Shape flag bit 4 (a dash pattern) and modifiers 36 to 39: a shadow, a blur, every symbol
    /// rendering mode and a symbol palette, with a material fill under them.
    static let effectsAndSymbols = WidgetArchiveValue(
        kind: "Effects", family: .systemSmall, entryDate: date,
        root: .stack(StackNode(axis: .vertical, children: [
            .shape(ShapeNode(kind: .roundedRectangle(cornerRadius: 8, continuous: true), fill: .color(.system(.blue, opacity: 1)),
                             strokeWidth: 2, strokeStyle: StrokeStyleValue(cap: .round, dash: [6, 3, 0, 3], dashPhase: 1.5))),
            .modified(.text(TextNode("Lifted")), .shadow(ShadowValue(color: .rgba(red: 0, green: 0, blue: 0, opacity: 0.33), radius: 4, x: 0, y: 2))),
            .modified(.text(TextNode("Soft")), .blur(radius: 3, opaque: true)),
            .shape(ShapeNode(kind: .capsule, fill: .material(.ultraThin))),
            .modified(.modified(.image(ImageNode(source: .system("arrow.up.circle.fill"))), .symbolRenderingMode(.palette)),
                      .symbolPalette([.system(.blue, opacity: 1)])),
        ] + SymbolRenderingModeValue.allCases.map { mode in
            .modified(.image(ImageNode(source: .system("wifi"))), .symbolRenderingMode(mode))
        })))

    /// Node tag 0x0E under the control family: a privacy-sensitive toggle with a tint, a symbol and
    /// texts for each state, and the intent a tap performs; flags carry promptsForUserConfiguration.
    static let controlTemplate = WidgetArchiveValue(
        kind: "DecafMode", family: ._control, entryDate: date, flags: [.promptsForUserConfiguration],
        root: .controlTemplate(ControlTemplate(
            style: .toggle, isOn: false, title: "Decaf Mode",
            onFace: .init(symbol: .system("leaf.fill"), value: "Decaf", status: "Decaf mode on"),
            offFace: .init(symbol: .asset("Bean"), value: "Regular", status: "Decaf mode off", actionHint: "Switch to decaf"),
            tint: .system(.green, opacity: 1), isPrivacySensitive: true,
            action: .intent(IntentReference(typeIdentifier: "CaffeineTracker.SetDecafModeIntent", parameters: [1, 5, 118, 97, 108, 117, 101, 3, 1])))))

    /// Modifier tags 34 and 35: an accessibility label, and each accented rendering mode of an image.
    static let accessibilityAndAccentedImages = WidgetArchiveValue(
        kind: "Steps", family: .systemSmall, entryDate: date,
        root: .stack(StackNode(axis: .vertical, children: [
            .modified(.text(TextNode("4200")), .accessibilityLabel("Four thousand two hundred steps")),
        ] + AccentedImageMode.allCases.map { mode in
            .modified(.image(ImageNode(source: .asset("walk"), resizable: true)), .accentedImageMode(mode))
        })))

    /// What drives animation between entries: the seed's caffeine example (a numeric total, the last
    /// drink pushed in from the bottom, a smooth 1.8 s animation), and every curve and transition kind.
    static let animation = WidgetArchiveValue(
        kind: "CaffeineTracker", family: .systemSmall, entryDate: date,
        root: .modified(.stack(StackNode(axis: .vertical, children: [
            .modified(.text(TextNode("240 mg")), .numericTextValue(240)),
            .modified(.modified(.text(TextNode("Espresso")), .identity("Espresso")), .transition(.push(.bottom))),
            .modified(.text(TextNode("1")), .contentTransition(.numericTextCountsDown)),
            .modified(.color(.system(.red, opacity: 1)), .transition(.asymmetric(
                insertion: .combined(.move(.leading), .scale(0.5, anchor: UnitPointValue(x: 0.5, y: 0))),
                removal: .animated(.offset(x: 0, y: 20), AnimationValue(.easeOut(duration: 0.35), delay: 0.1, speed: 2))))),
            .modified(.color(.system(.blue, opacity: 1)), .transition(.combined(.slide, .combined(.identity, .opacity)))),
        ] + curves.enumerated().map { i, curve in
            .modified(.text(TextNode("\(i)")), .animation(AnimationValue(curve), valueDigest: UInt64(i) &* 0x9E37_79B9_7F4A_7C15))
        } + [.modified(.text(TextNode("still")), .animation(nil, valueDigest: 7))])),
        .animation(AnimationValue(.smooth(duration: 1.8, extraBounce: 0)), valueDigest: 0xCBF2_9CE4_8422_2325)))

    static let curves: [AnimationValue.Curve] = [
        .default, .spring(response: 0.5, dampingFraction: 0.825), .springDuration(duration: 0.8, bounce: 0.2),
        .smooth(duration: 0.5, extraBounce: 0), .snappy(duration: 0.5, extraBounce: 0.1), .bouncy(duration: 0.5, extraBounce: 0),
        .linear(duration: 0.35), .easeIn(duration: 1), .easeOut(duration: 0.35), .easeInOut(duration: 2),
    ]

    /// The additions for real widget code: text attributes on runs and views, font width and italic,
    /// asset and semantic colours, materials and the fifth hierarchy level, trimmed and styled strokes,
    /// custom paths, transforms, geometry readers, image bytes, plain buttons, unsupported views.
    static let stylesShapesAndAssets = WidgetArchiveValue(
        kind: "Gallery", family: .systemMedium, entryDate: date,
        root: .stack(StackNode(axis: .vertical, children: [
            .text(TextNode(runs: [
                TextRun(.literal("Done"), font: FontSpec(size: .fixed(13), weight: .semibold, design: .rounded, width: .condensed, italic: true),
                        attributes: TextAttributes(strikethrough: TextDecoration(), kerning: 1.5, textCase: .uppercase)),
                TextRun(.literal(" link"), attributes: TextAttributes(underline: TextDecoration(pattern: .dash, color: .system(.blue, opacity: 1)),
                                                                      tracking: 2, baselineOffset: -1, textCase: TextCaseValue.none),
                        foregroundLevel: 2),
            ])),
            .modified(.text(TextNode("Brand")), .foreground(.color(.asset(AssetColorValue(
                name: "BrandColor", light: ColorComponents(red: 0.878, green: 0.478, blue: 0.235),
                dark: ColorComponents(red: 1, green: 0.65, blue: 0.4), darkHighContrast: ColorComponents(red: 0.6, green: 0.2, blue: 0, alpha: 0.5),
                opacity: 0.8))))),
            .modified(.color(.asset(AssetColorValue(name: "Missing"))), .textAttributes(TextAttributes(underline: TextDecoration(isActive: false)))),
            .modified(.shape(ShapeNode(kind: .circle, fill: .color(.system(.white, opacity: 1)), strokeWidth: 6,
                                       strokeStyle: StrokeStyleValue(cap: .round, join: .bevel), trim: 0...0.7)),
                      .transform(TransformValue(rotation: -90))),
            .shape(ShapeNode(kind: .path(PathValue(elements: [.move(x: 0, y: 9), .cubic(x: 100, y: 9, c1x: 35, c1y: 3, c2x: 65, c2y: 15),
                                                              .quad(x: 100, y: 18, cx: 100, cy: 12), .line(x: 0, y: 18), .close],
                                                   referenceWidth: 100, referenceHeight: 18)),
                             fill: .material(.ultraThin), strokeWidth: 1, strokeStyle: StrokeStyleValue(inset: true))),
            .modified(.shape(ShapeNode(kind: .rectangle, fill: .foreground(level: 4))), .background(.color(.system(.tertiaryFill, opacity: 1)), .center)),
            .geometryReader(.modified(.text(TextNode("bar")), .transform(TransformValue(scaleX: 0.5, scaleY: 2, anchor: UnitPointValue(x: 0, y: 1))))),
            .control(ControlNode(kind: .plainButton(label: .image(ImageNode(source: .data([0x89, 0x50, 0x4E, 0x47]), resizable: true))),
                                 action: .inert)),
            .unsupported("List"),
        ])))

    static let caffeine = WidgetArchiveValue(
        kind: "CaffeineTracker", family: .systemSmall, entryDate: date,
        variant: EnvironmentVariant(colorScheme: .light),
        root: .modified(
            .stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: .leading, vertical: .center), spacing: 4, children: [
                .modified(.text(TextNode("Total Caffeine")), .font(FontSpec(size: .style(.caption)))),
                .modified(.modified(.text(TextNode("64 mg")), .font(FontSpec(size: .style(.title)))), .invalidatable(true)),
                .spacer(minLength: 0),
                .modified(.text(TextNode(runs: [TextRun(.literal("Espresso"), weight: .bold)])), .privacySensitive(true)),
            ])),
            .containerBackground(.color(.rgba(red: 0.98, green: 0.95, blue: 0.88, opacity: 1)))))

    static let datesAndProgress = WidgetArchiveValue(
        kind: "Timer", family: .accessoryRectangular, entryDate: date,
        variant: EnvironmentVariant(renderingMode: .vibrant, colorScheme: .dark, showsContainerBackground: false, isLuminanceReduced: true),
        root: .stack(StackNode(axis: .vertical, children: [
            .text(TextNode(runs: DateStyle.allCases.map { TextRun(.date(date.addingTimeInterval(5400), $0)) })),
            .text(TextNode(runs: [TextRun(.literal("ends in ")), TextRun(.timerInterval(start: date, end: date.addingTimeInterval(600), countsDown: true))])),
            .progress(ProgressNode(value: .timerInterval(start: date, end: date.addingTimeInterval(600), countsDown: true), style: .circular,
                                   currentValueLabel: .text(TextNode("10")))),
            .gauge(GaugeNode(value: 0.4, style: .accessoryCircular, label: .image(ImageNode(source: .system("drop.fill"))))),
            .accessoryBackground,
        ])))

    static let controls = WidgetArchiveValue(
        kind: "ToDo", family: .systemMedium, entryDate: date, flags: [.contentMarginsDisabled, .backgroundNotRemovable],
        root: .stack(StackNode(axis: .horizontal, alignment: AlignmentValue(horizontal: .center, vertical: .top), children: [
            .control(ControlNode(kind: .toggle(isOn: true, onLabel: .text(TextNode("✓ Buy milk")), offLabel: .text(TextNode("Buy milk"))),
                                 action: .intent(IntentReference(typeIdentifier: "ToDo.ToggleTask", parameters: [1, 2, 3])))),
            .modified(.control(ControlNode(kind: .button(label: .image(ImageNode(source: .asset("photo"), resizable: true))), action: .inert)),
                      .frame(FrameSpec(maxWidth: .infinity, minHeight: 20, alignment: AlignmentValue(horizontal: .trailing, vertical: .bottom)))),
            .modified(.shape(ShapeNode(kind: .roundedRectangle(cornerRadius: 12, continuous: true), fill: .linearGradient(
                stops: [GradientStop(color: .system(.orange, opacity: 1), location: 0), GradientStop(color: .system(.purple, opacity: 0.5), location: 1)],
                start: UnitPointValue(x: 0.5, y: 0), end: UnitPointValue(x: 0.5, y: 1)))), .padding(PaddingSpec(edges: 0b0101, top: 8))),
            .modified(.modified(.modified(.viewThatFits(ViewThatFitsNode(axes: 1, alternatives: [.text(TextNode("Long label")), .text(TextNode("L"))])),
                                          .widgetURL("todo://list")), .accentable(true)), .identity("row-1")),
            .modified(.shape(ShapeNode(kind: .containerRelative, fill: .foreground(level: 1), strokeWidth: 2)), .lineLimit(nil)),
        ])))
}
