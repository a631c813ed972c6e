import Foundation

extension FileManager {
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`, which Linux's Foundation lacks: the app
    /// group's shared folder, inside the extension's own data folder (`WIDGET_EXTENSION_DATA`, which the
    /// host gives each extension), created on first use. Outside a host, under the temporary folder.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        let safe = groupIdentifier.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
        guard !safe.isEmpty, !safe.hasPrefix(".") else { return nil }
        let base = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? temporaryDirectory.appendingPathComponent("widget-app-groups", isDirectory: true)
        let folder = base.appendingPathComponent("AppGroups", isDirectory: true).appendingPathComponent(safe, isDirectory: true)
        do {
            try createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        return folder
    }
}
