#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetRender

/// The widget instances `widget-host run` keeps up to date, from a small JSON file:
///
/// ```json
/// { "instances": [
///     { "id": "todo", "extension": ".build/debug/ToDoList", "kind": "ToDoList",
///       "family": "systemMedium", "placement": "iphone-home" } ] }
/// ```
public struct HostConfiguration: Codable, Hashable, Sendable {
    public var instances: [WidgetInstance]

    public init(instances: [WidgetInstance]) { self.instances = instances }

    /// Reads and checks a configuration: ids unique, families known, placements known and showing the
    /// family. Relative extension paths are taken from the file's folder.
    public static func load(path: String) throws(HostError) -> HostConfiguration {
        let data = try SettingsFile.read(path)
        var config: HostConfiguration
        do {
            config = try JSONDecoder().decode(HostConfiguration.self, from: data)
        } catch {
            throw .configuration(path: path, reason: "not valid: \(error)")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        var seen = Set<String>()
        for i in config.instances.indices {
            let instance = config.instances[i]
            guard seen.insert(instance.id).inserted else { throw .configuration(path: path, reason: "instance id \(instance.id) is used twice") }
            if let p = instance.placement {
                guard let placement = Placement.named(p) else { throw .configuration(path: path, reason: "instance \(instance.id): unknown placement \(p)") }
                guard placement.size(for: instance.family) != nil else {
                    throw .configuration(path: path, reason: "instance \(instance.id): placement \(p) does not show \(instance.family)")
                }
            }
            if !instance.extensionPath.hasPrefix("/") {
                config.instances[i].extensionPath = base.appendingPathComponent(instance.extensionPath).standardizedFileURL.path
            }
            // Named now, with its instance, rather than at the first reload.
            guard access(config.instances[i].extensionPath, X_OK) == 0 else {
                throw .configuration(path: path, reason: "instance \(instance.id): \(config.instances[i].extensionPath) is not an executable file")
            }
        }
        guard !config.instances.isEmpty else { throw .configuration(path: path, reason: "no instances") }
        return config
    }
}
