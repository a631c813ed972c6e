import Foundation
import WidgetArchive

/// Turns archived colours and paints into drawn colours for a context: colour scheme, then rendering
/// mode (accented groups tinted flat keeping their opacity; vibrant desaturated and mapped to the
/// material's brightness).
struct StyleResolver {
    let context: RenderContext

    func color(_ value: ColorValue) -> RGBA {
        switch value {
        case .rgba(let r, let g, let b, let a): return RGBA(r, g, b, a)
        case .system(let c, let opacity): return SystemPalette.resolve(c, scheme: context.colorScheme).multiplyingAlpha(opacity)
        case .asset(let asset):
            guard let c = asset.components(dark: context.colorScheme == .dark, highContrast: context.increasedContrast) else {
                return SystemPalette.missingAsset
            }
            return RGBA(c.red, c.green, c.blue, c.alpha).multiplyingAlpha(asset.opacity)
        }
    }

    /// The inherited foreground at a hierarchy level.
    func foreground(_ style: InheritedStyle, level: UInt8 = 0) -> RGBA {
        let base: RGBA
        switch style.foreground {
        case .color(let c)?: base = color(c)
        case .linearGradient(let stops, _, _)?: base = stops.first.map { color($0.color) } ?? primary
        case .material(let m)?: base = SystemPalette.resolve(m, scheme: context.colorScheme)
        case .foreground?, nil:
            // The default foreground's levels are the system's label colours (secondaryLabel is a
            // blue-grey at 60 %, not black at 60 %), as iOS draws `.secondary` text.
            return level == 0 ? primary : SystemPalette.label(level: level, scheme: context.colorScheme)
        }
        let factor = SystemPalette.hierarchyOpacity[Int(min(level, 4))]
        return base.multiplyingAlpha(factor)
    }

    var primary: RGBA { SystemPalette.resolve(.primary, scheme: context.colorScheme) }

    /// Applies the rendering mode to a drawn colour.
    func drawn(_ c: RGBA, accented: Bool) -> RGBA {
        switch context.renderingMode {
        case .fullColor:
            return c
        case .accented:
            let tint = accented ? context.placement.tint : RGBA.white
            return tint.withAlpha(c.a * tint.a)
        case .vibrant:
            // Desaturate, then map luminance onto the material: bright → nearly opaque, dark → faint.
            let l = c.luminance
            let alpha = c.a * (0.15 + 0.85 * l)
            let tint = context.placement.tint
            return RGBA(tint.r, tint.g, tint.b, alpha)
        }
    }

}
