import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout

/// The device settings of `render` and `preview` (`--text-size`, `--direction`, `--locale`,
/// `--time-zone`) and the device axes of `preview --matrix` (`--text-sizes`, `--directions`,
/// `--locales`), checked.
enum DeviceArguments {
    static let settingOptions: Set<String> = ["text-size", "direction", "locale", "time-zone", "model"]
    static let axisOptions: Set<String> = ["text-sizes", "directions", "locales", "models"]

    /// The settings given, nil when none is.
    static func settings(_ a: Arguments) throws -> DeviceSettings? {
        guard settingOptions.subtracting(["model"]).contains(where: { a.value($0) != nil }) else { return nil }
        var settings = try a.value("locale").map(locale).map(DeviceAxes.settings(locale:)) ?? .standard
        if let size = a.value("text-size") { settings.textSize = try textSize(size) }
        if let direction = a.value("direction") { settings.layoutDirection = try self.direction(direction) }
        if let zone = a.value("time-zone") { settings.timeZone = try timeZone(zone) }
        return settings
    }

    /// The axes given; the common ones (`DeviceAxes.common`) for each one not given, none for `none`.
    static func axes(_ a: Arguments) throws -> DeviceAxes {
        var axes = DeviceAxes.common
        if let sizes = a.value("text-sizes") { axes.textSizes = try list(sizes).map(textSize) }
        if let directions = a.value("directions") { axes.directions = try list(directions).map(direction) }
        if let locales = a.value("locales") { axes.locales = try list(locales).map(locale) }
        if let models = a.value("models") { axes.models = try list(models).map(model) }
        return axes
    }

    /// `--model iphone-se`: the iPhone whose widget sizes the iPhone placements take.
    static func model(_ a: Arguments) throws -> DeviceModel? { try a.value("model").map(model) }

    static func model(_ id: String) throws -> DeviceModel {
        guard let model = DeviceModel.named(id) else {
            throw UsageError("unknown iPhone model \(id) (one of \(DeviceModel.all.map(\.id).joined(separator: ", ")))")
        }
        return model
    }

    private static func list(_ text: String) -> [String] {
        text == "none" ? [] : text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func textSize(_ name: String) throws -> TextSizeValue {
        guard let size = TextSizeValue(name: name) else {
            throw UsageError("unknown text size \(name) (one of \(TextSizeValue.allCases.map(\.description).joined(separator: ", ")), or AX1…AX5)")
        }
        return size
    }

    static func direction(_ name: String) throws -> LayoutDirectionValue {
        switch name.lowercased() {
        case "ltr", "lefttoright": return .leftToRight
        case "rtl", "righttoleft": return .rightToLeft
        default: throw UsageError("unknown direction \(name) (ltr or rtl)")
        }
    }

    /// A locale identifier Foundation knows the language of (`de_DE`, `ar`, `pt_BR`).
    static func locale(_ identifier: String) throws -> String {
        let code = Locale(identifier: identifier).language.languageCode?.identifier
        guard DeviceSettings.isPlausibleIdentifier(identifier), let code, Locale.LanguageCode.isoLanguageCodes.contains(where: { $0.identifier == code }) else {
            throw UsageError("unknown locale \(identifier) (a language and region such as de_DE, ar_SA or pt_BR)")
        }
        return identifier
    }

    static func timeZone(_ identifier: String) throws -> String {
        guard DeviceSettings.isPlausibleIdentifier(identifier), TimeZone(identifier: identifier) != nil else {
            throw UsageError("unknown time zone \(identifier) (an identifier such as Europe/Berlin or America/New_York)")
        }
        return identifier
    }
}
