import Foundation

/// Finds the example extensions built alongside `widget-host` (`swift run widget-host` builds them,
/// since the executable depends on them).
enum BundledExtensions {
    static func path(_ name: String) throws -> String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [here.appendingPathComponent(name).path]
        if let exe = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(exe.appendingPathComponent(name).path)
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw CommandFailure("the bundled extension \(name) is not built next to widget-host (looked in \(candidates[0])); run `swift build` in the package first")
    }
}
