import Foundation
import WidgetArchive

extension EnvironmentValues {
    /// The device's settings as the environment a widget body reads: `dynamicTypeSize`,
    /// `sizeCategory`, `layoutDirection`, `locale` and `timeZone`. Standard settings leave the
    /// defaults (and the locale unset, so text is looked up in the process's own language).
    package mutating func apply(_ device: DeviceSettings) {
        dynamicTypeSize = DynamicTypeSize(device.textSize)
        layoutDirection = device.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        if !device.locale.isEmpty { locale = Locale(identifier: device.locale) }
        if !device.timeZone.isEmpty, let zone = TimeZone(identifier: device.timeZone) { timeZone = zone }
    }
}
