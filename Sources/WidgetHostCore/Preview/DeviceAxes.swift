import Foundation
import WidgetArchive
import WidgetLayout

/// The device settings a matrix shows a widget in besides the standard ones: text sizes, directions,
/// locales and iPhone models. Each value is varied alone (a widget at AX3, a widget right to left), in each family's
/// natural placement, so the matrix grows by one cell per family and value rather than multiplying. A
/// locale whose language is written right to left is shown right to left, as the device lays it out.
public struct DeviceAxes: Hashable, Sendable {
    public var textSizes: [TextSizeValue]
    public var directions: [LayoutDirectionValue]
    /// Locale identifiers (`de_DE`).
    public var locales: [String]
    /// iPhone models whose widget sizes differ from the standard one (`DeviceModel`).
    public var models: [DeviceModel]

    public init(textSizes: [TextSizeValue] = [], directions: [LayoutDirectionValue] = [], locales: [String] = [],
                models: [DeviceModel] = []) {
        self.textSizes = textSizes
        self.directions = directions
        self.locales = locales
        self.models = models
    }

    /// The standard settings only.
    public static let none = DeviceAxes()

    /// The extremes worth a look: the smallest text and the third accessibility size, right to left,
    /// a language whose words run long, and the smallest iPhone.
    public static let common = DeviceAxes(textSizes: [.xSmall, .accessibility3], directions: [.rightToLeft], locales: ["de_DE"],
                                          models: DeviceModel.named("iphone-se").map { [$0] } ?? [])

    /// The settings to add to the standard ones, each differing from them in one axis; duplicates
    /// and the standard settings themselves are left out.
    public var variations: [DeviceSettings] {
        var all: [DeviceSettings] = []
        func add(_ settings: DeviceSettings) { if !settings.isStandard && !all.contains(settings) { all.append(settings) } }
        for size in textSizes { add(DeviceSettings(textSize: size)) }
        for direction in directions { add(DeviceSettings(layoutDirection: direction)) }
        for locale in locales { add(Self.settings(locale: locale)) }
        return all
    }

    /// A device set to `locale`: right to left when its language is written that way.
    public static func settings(locale: String) -> DeviceSettings {
        let rtl = Locale.Language(identifier: locale).characterDirection == .rightToLeft
        return DeviceSettings(layoutDirection: rtl ? .rightToLeft : .leftToRight, locale: locale)
    }
}
