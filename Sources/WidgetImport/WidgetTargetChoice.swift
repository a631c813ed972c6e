import Foundation
import XcodeProject

/// Which target of a project is the widget extension to bring.
public enum WidgetTargetChoice {
    /// The target named `name`, or else the only app extension whose Swift sources import WidgetKit
    /// (or whose Info.plist names WidgetKit's extension point).
    public static func choose(in project: XcodeProject, named name: String?) throws(ImportError) -> Target {
        let targets = project.targets
        if let name {
            guard let target = targets.first(where: { $0.name == name }) else {
                throw .noSuchTarget(name, available: targets.map(\.name))
            }
            return target
        }
        var widgets = targets.filter { $0.isAppExtension && isWidgetExtension($0, in: project) }
        // Other extensions import WidgetKit too (to reload timelines): where some say in their
        // Info.plist that they are WidgetKit's, those are the widget extensions.
        let declared = widgets.filter { infoPlistNamesWidgetKit($0, in: project) }
        if !declared.isEmpty { widgets = declared }
        switch widgets.count {
        case 0: throw .noWidgetTarget(available: targets.map(\.name))
        case 1: return widgets[0]
        default: throw .severalWidgetTargets(widgets.map(\.name))
        }
    }

    static func isWidgetExtension(_ target: Target, in project: XcodeProject) -> Bool {
        let members = target.members()
        if members.sdkFrameworks.contains("WidgetKit") { return true }
        for file in members.sources where file.pathExtension == "swift" {
            if SourceImports.scan(file).contains(where: { $0.module == "WidgetKit" }) { return true }
        }
        return infoPlistNamesWidgetKit(target, in: project)
    }

    private static func infoPlistNamesWidgetKit(_ target: Target, in project: XcodeProject) -> Bool {
        let configurations = project.configurationNames(of: target)
        guard let configuration = configurations.default ?? configurations.all.first,
              let path = project.buildSettings(of: target, configuration: configuration)["INFOPLIST_FILE"], !path.isEmpty else { return false }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        return text.contains("com.apple.widgetkit-extension")
    }
}
