import Foundation
import WidgetArchive

/// How an image draws in the accented rendering mode, from its `widgetAccentedRenderingMode`: the
/// accent group's colour (`accented`, or inside `.widgetAccentable()`), the default group's, its
/// luminance in either (`desaturated`, `accentedDesaturated`), or its own colours (`fullColor`, which
/// only iOS honours: a watch face draws such an image as the default does).
struct AccentedImageTreatment {
    /// For a bitmap; nil draws its own colours.
    var bitmap: ImageTreatment?
    /// For a symbol: its colour is resolved for the accent group, or left as written.
    var symbolInAccentGroup: Bool
    var symbolFullColor: Bool

    func symbolColor(_ foreground: RGBA, styles: StyleResolver) -> RGBA {
        symbolFullColor ? foreground : styles.drawn(foreground, accented: symbolInAccentGroup)
    }
}

extension StyleResolver {
    func accentedImageTreatment(_ mode: AccentedImageMode?, accentable: Bool) -> AccentedImageTreatment {
        guard context.renderingMode == .accented else {
            return AccentedImageTreatment(bitmap: nil, symbolInAccentGroup: accentable, symbolFullColor: false)
        }
        let honoured = mode == .fullColor && context.platform == .watchOS ? nil : mode
        let accentColor = RenderColor(context.placement.tint), defaultColor = RenderColor(RGBA.white)
        switch honoured {
        case nil:
            return AccentedImageTreatment(bitmap: .silhouette(accentable ? accentColor : defaultColor), symbolInAccentGroup: accentable, symbolFullColor: false)
        case .accented?:
            return AccentedImageTreatment(bitmap: .silhouette(accentColor), symbolInAccentGroup: true, symbolFullColor: false)
        case .desaturated?:
            return AccentedImageTreatment(bitmap: .luminance(defaultColor), symbolInAccentGroup: false, symbolFullColor: false)
        case .accentedDesaturated?:
            return AccentedImageTreatment(bitmap: .luminance(accentColor), symbolInAccentGroup: true, symbolFullColor: false)
        case .fullColor?:
            return AccentedImageTreatment(bitmap: nil, symbolInAccentGroup: false, symbolFullColor: true)
        }
    }
}
