import Foundation
import WidgetArchive

/// Everything outside the archive that decides how it is drawn: where, when, and in which state.
public struct RenderContext: Sendable {
    public var placement: Placement
    public var family: WidgetFamily
    /// The render instant: date-driven text and progress are evaluated here.
    public var date: Date
    public var colorScheme: ColorScheme
    public var renderingMode: WidgetRenderingMode
    /// Always-on display: reduced-fidelity timers.
    public var isLuminanceReduced: Bool
    /// Locked with redaction on: `privacySensitive` content is redacted. By default, where the
    /// placement's device is locked.
    public var redactsPrivacySensitiveContent: Bool
    /// Between a tap and the next entry: `invalidatableContent` shows its invalid effect.
    public var showsInvalidatedContent: Bool
    /// Toggles flipped optimistically, by element id or path.
    public var flippedToggles: Set<String>
    /// Increase Contrast is on: asset colours use their high-contrast appearance where they have one.
    public var increasedContrast = false
    public var formatter: DateTextFormatter
    /// The device's text size, direction, locale and time zone; nil: those the archive was made in.
    public var device: DeviceSettings?

    public init(
        placement: Placement, family: WidgetFamily, date: Date, colorScheme: ColorScheme? = nil,
        renderingMode: WidgetRenderingMode? = nil, isLuminanceReduced: Bool = false,
        redactsPrivacySensitiveContent: Bool? = nil, showsInvalidatedContent: Bool = false,
        flippedToggles: Set<String> = [], utcOffset: Int = 0, device: DeviceSettings? = nil
    ) {
        self.device = device
        self.placement = placement
        self.family = family
        self.date = date
        self.colorScheme = colorScheme ?? placement.colorScheme
        self.renderingMode = renderingMode ?? placement.renderingMode
        self.isLuminanceReduced = isLuminanceReduced
        self.redactsPrivacySensitiveContent = redactsPrivacySensitiveContent ?? placement.isDeviceLocked
        self.showsInvalidatedContent = showsInvalidatedContent
        self.flippedToggles = flippedToggles
        self.formatter = DateTextFormatter(utcOffset: utcOffset, reducedFidelity: isLuminanceReduced)
    }

    public var platform: Placement.Platform { placement.platform }

    /// The settings in force: the context's own, else the archive's.
    var settings: DeviceSettings { device ?? .standard }

    /// This context for an archive: its device settings where the context has none, and dates in
    /// their locale and time zone.
    func resolved(for archive: WidgetArchiveValue) -> RenderContext { resolved(with: device ?? archive.variant.device) }

    /// This context in `device`'s settings.
    func resolved(with device: DeviceSettings) -> RenderContext {
        var copy = self
        copy.device = device
        if !device.isStandard { copy.formatter = formatter.with(device) }
        return copy
    }

    /// Whether stacks, alignments and padding are mirrored: right to left.
    var isMirrored: Bool { settings.layoutDirection == .rightToLeft }
}

/// Values inherited down the tree, as SwiftUI's environment carries them.
struct InheritedStyle {
    var font: FontSpec?
    var weight: FontWeight?
    var italic = false
    var foreground: Paint?
    var tint: ColorValue?
    var lineLimit: Int?
    var minimumScaleFactor = 1.0
    var textAlignment: TextAlignmentValue = .leading
    var accented = false
    /// `Image.widgetAccentedRenderingMode(_:)` of the images inside.
    var imageAccentedMode: AccentedImageMode?
    /// `.symbolRenderingMode(_:)` of the system images inside.
    var symbolMode: SymbolRenderingModeValue?
    /// A palette symbol's second and third layers' colours.
    var symbolPalette: [ColorValue] = []
    /// `.dynamicTypeSize(_:)`: the text sizes the content follows.
    var textSizes: ClosedRange<TextSizeValue>?
    /// `.imageScale(_:)` of the system images inside.
    var imageScale: ImageScaleValue?
    /// `.tint(_:)` with a gradient: the gauges and progress views inside draw in it.
    var tintGradient: [GradientStop]?
    var redacted = false
    var invalidated = false
    var textAttributes = TextAttributes()
}
