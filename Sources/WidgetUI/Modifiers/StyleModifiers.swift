import Foundation
import WidgetArchive

nonisolated extension View {
    public func font(_ font: Font?) -> some View {
        archived(environment: { $0.font = font }, node: { _ in font.map { .font($0.spec) } })
    }

    public func fontWeight(_ weight: Font.Weight?) -> some View {
        archived(node: { _ in weight.map { .fontWeight($0) } })
    }

    public func bold(_ isActive: Bool = true) -> some View { fontWeight(isActive ? .bold : nil) }

    public func italic(_ isActive: Bool = true) -> some View { archived(node: { _ in isActive ? .italic : nil }) }

    public func fontDesign(_ design: Font.Design?) -> some View {
        changingFont { $0.design = design ?? .default }
    }

    public func fontWidth(_ width: Font.Width?) -> some View {
        changingFont { $0.width = width?.value ?? .standard }
    }

    /// `.monospaced()` on a view.
    public func monospaced(_ isActive: Bool = true) -> some View {
        changingFont { if isActive { $0.design = .monospaced } }
    }

    /// Digits already advance alike in the host's metrics.
    public func monospacedDigit() -> some View { self }

    /// A font modifier derived from the font in effect here.
    private func changingFont(_ change: @escaping (inout FontSpec) -> Void) -> some View {
        archived(environment: { environment in
            var spec = environment.font?.spec ?? FontSpec(size: .style(.body))
            change(&spec)
            environment.font = Font(spec: spec)
        }, node: { builder in
            var spec = builder.environment.font?.spec ?? FontSpec(size: .style(.body))
            change(&spec)
            return .font(spec)
        })
    }

    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        archived(.textAttributes(TextAttributes(underline: TextDecoration(isActive: isActive, pattern: pattern.value, color: color?.value))))
    }

    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        archived(.textAttributes(TextAttributes(strikethrough: TextDecoration(isActive: isActive, pattern: pattern.value, color: color?.value))))
    }

    public func kerning(_ kerning: CGFloat) -> some View { archived(.textAttributes(TextAttributes(kerning: Double(kerning)))) }
    public func tracking(_ tracking: CGFloat) -> some View { archived(.textAttributes(TextAttributes(tracking: Double(tracking)))) }
    public func baselineOffset(_ offset: CGFloat) -> some View { archived(.textAttributes(TextAttributes(baselineOffset: Double(offset)))) }
    public func textCase(_ textCase: Text.Case?) -> some View {
        archived(.textAttributes(TextAttributes(textCase: textCase?.value ?? TextCaseValue.none)))
    }

    public func foregroundColor(_ color: Color?) -> some View {
        archived(node: { _ in color.map { .foreground(.color($0.value)) } })
    }

    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { archived(.foreground(style._paint)) }

    /// `.foregroundStyle(_:_:)`: the first style for everything; a palette symbol's second layer in
    /// the second (colours only: another style there leaves the layer at its hierarchical level).
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        archived(.foreground(primary._paint)).archived(.symbolPalette(Self.paletteColors([secondary._paint])))
    }

    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View {
        archived(.foreground(primary._paint)).archived(.symbolPalette(Self.paletteColors([secondary._paint, tertiary._paint])))
    }

    /// The colours of palette styles, up to the first that is not a colour.
    static func paletteColors(_ paints: [Paint]) -> [ColorValue] {
        var colors: [ColorValue] = []
        for paint in paints {
            guard case .color(let color) = paint else { break }
            colors.append(color)
        }
        return colors
    }

    public func tint(_ tint: Color?) -> some View { archived(node: { _ in tint.map { .tint($0.value) } }) }

    /// `.tint(_:)` with any shape style (iOS 16): a colour tints as itself; a gradient tints gauges
    /// and progress views with the gradient along their arc or bar, and other views (a button, a
    /// toggle) with the colour at its middle.
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        let paint = tint?._paint
        // The gradient inside the colour: the host applies the colour (which clears an outer
        // gradient) and then the gradient.
        return archived(node: { _ in
            guard case .linearGradient(let stops, _, _)? = paint, stops.count > 1 else { return nil }
            return .tintGradient(stops)
        }).archived(node: { _ in
            switch paint {
            case .color(let color)?: return .tint(color)
            case .linearGradient(let stops, _, _)?: return stops.isEmpty ? nil : .tint(stops[stops.count / 2].color)
            case .foreground?, .material?, nil: return nil
            }
        })
    }

    public func opacity(_ opacity: Double) -> some View { archived(.opacity(opacity)) }

    public func lineLimit(_ number: Int?) -> some View { archived(.lineLimit(number)) }

    public func minimumScaleFactor(_ factor: CGFloat) -> some View { archived(.minimumScaleFactor(Double(factor))) }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        archived(.multilineTextAlignment(alignment.value))
    }

    /// `.redacted(reason:)`: also visible to the subtree as `\.redactionReasons`.
    public func redacted(reason: RedactionReasons) -> some View {
        archived(environment: { $0.redactionReasons.formUnion(reason) }, node: { _ in .redacted(reason) })
    }

    public func unredacted() -> some View {
        archived(environment: { $0.redactionReasons = [] }, node: { _ in .unredacted })
    }

    public func disabled(_ disabled: Bool) -> some View { archived(environment: { $0.isEnabled = !disabled }) }
}
