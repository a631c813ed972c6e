import Foundation
import XcodeProject

/// The Info.plist Xcode would put in the widget extension's bundle: the target's `INFOPLIST_FILE`,
/// the `INFOPLIST_KEY_…` settings Xcode's generated Info.plist takes keys from, and the bundle keys
/// every product has, with `$(NAME)` references expanded from the target's build settings. Apps read
/// their own keys from it (`Bundle.main.object(forInfoDictionaryKey: "AppGroupIdentifier")`).
enum InfoPlist {
    /// The property list as XML, and what could not be read of it.
    static func make(settings: BuildSettings, sourceRoot: URL) -> (xml: Data?, problems: [String]) {
        var problems: [String] = []
        var info: [String: Any] = [:]
        if let path = settings["INFOPLIST_FILE"], !path.isEmpty {
            let file = URL(fileURLWithPath: path, relativeTo: sourceRoot).standardizedFileURL
            if let data = FileManager.default.contents(atPath: file.path), data.count <= 1 << 22,
               let read = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
                info = read
            } else {
                problems.append("\(path): the target's Info.plist could not be read; Bundle.main has only the bundle's own keys")
            }
        }
        for (key, _) in settings.values where key.hasPrefix("INFOPLIST_KEY_") {
            let name = String(key.dropFirst("INFOPLIST_KEY_".count))
            if info[name] == nil, !name.isEmpty, let value = settings[key] { info[name] = value }
        }
        let defaults: [String: String] = [
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
            "CFBundleShortVersionString": "$(MARKETING_VERSION)", "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)",
            "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)",
        ]
        for (key, value) in defaults where info[key] == nil { info[key] = value }
        let expanded = expand(info, settings: settings)
        return ((try? PropertyListSerialization.data(fromPropertyList: expanded, format: .xml, options: 0)), problems)
    }

    /// Every string in the list with its build-setting references expanded, as Xcode does when it
    /// processes the file (`EXECUTABLE_NAME` and the other product settings take their usual values).
    private static func expand(_ value: Any, settings: BuildSettings) -> Any {
        switch value {
        case let text as String:
            guard text.contains("$") else { return text }
            var layered = settings
            layered.define([
                "EXECUTABLE_NAME": settings["PRODUCT_NAME"] ?? "", "DEVELOPMENT_LANGUAGE": settings["DEVELOPMENT_LANGUAGE"] ?? "en",
                "PRODUCT_BUNDLE_PACKAGE_TYPE": "XPC!",
            ])
            return layered.expanded(text)
        case let list as [Any]: return list.map { expand($0, settings: settings) }
        case let dictionary as [String: Any]: return dictionary.mapValues { expand($0, settings: settings) }
        default: return value
        }
    }
}
