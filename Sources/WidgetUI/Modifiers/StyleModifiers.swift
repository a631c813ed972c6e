import Foundation
import WidgetArchive

extension View {
    public func font(_ font: Font?) -> some View {
        archived(environment: { $0.font = font }, node: { _ in font.map { .font($0.spec) } })
    }

    public func fontWeight(_ weight: Font.Weight?) -> some View {
        archived(node: { _ in weight.map { .fontWeight($0) } })
    }

    public func bold(_ isActive: Bool = true) -> some View { fontWeight(isActive ? .bold : nil) }

    public func italic(_ isActive: Bool = true) -> some View { archived(node: { _ in isActive ? .italic : nil }) }

    public func fontDesign(_ design: Font.Design?) -> some View {
        archived(node: { builder in
            design.map { .font(FontSpec(size: builder.environment.font?.spec.size ?? .style(.body), design: $0)) }
        })
    }

    public func foregroundColor(_ color: Color?) -> some View {
        archived(node: { _ in color.map { .foreground(.color($0.value)) } })
    }

    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { archived(.foreground(style._paint)) }

    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        archived(.foreground(primary._paint))
    }

    public func tint(_ tint: Color?) -> some View { archived(node: { _ in tint.map { .tint($0.value) } }) }

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
