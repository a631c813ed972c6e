import Foundation
import XcodeProject

/// Why a project could not be brought: each names the project, target or files concerned.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The project file could not be read.
    case project(XcodeProjectError)
    /// `--target` names no target; the project's targets are listed.
    case noSuchTarget(String, available: [String])
    /// No target of the project is a widget extension; its targets are listed.
    case noWidgetTarget(available: [String])
    /// Several targets are widget extensions and none was chosen.
    case severalWidgetTargets([String])
    /// Swift files the target lists are not on disk.
    case missingFiles(target: String, [String])
    /// Files import frameworks that have no Linux version here, with the files importing each.
    case unavailableFrameworks([String: [String]])
    /// The output folder exists and is not a package this command made.
    case outputNotEmpty(String)
    /// Writing the package failed.
    case cannotWrite(String, String)
    /// The target has no Swift file to build.
    case noSwiftSources(target: String)

    public var description: String {
        switch self {
        case .project(let error): "\(error)"
        case .noSuchTarget(let name, let available):
            "no target named \(name); the project's targets: \(available.joined(separator: ", "))"
        case .noWidgetTarget(let available):
            "no target is a widget extension (an app extension whose sources import WidgetKit); the project's targets: \(available.joined(separator: ", ")); choose one with --target"
        case .severalWidgetTargets(let names):
            "several targets are widget extensions: \(names.joined(separator: ", ")); choose one with --target"
        case .missingFiles(let target, let files):
            "target \(target) lists \(files.count == 1 ? "a file that is" : "\(files.count) files that are") not on disk: \(files.joined(separator: ", "))"
        case .unavailableFrameworks(let frameworks):
            "imported frameworks with no Linux version here: " + frameworks.keys.sorted().map { name in
                "\(name) (imported by \(frameworks[name, default: []].joined(separator: ", ")))"
            }.joined(separator: "; ") + ". Put those imports and the code that needs them behind `#if canImport(…)`, or leave those files out of the widget target."
                + (frameworks.keys.contains { $0.hasPrefix("os.") } ? " For os.log, `import OSLog` (or `import os`) gives the same logging API." : "")
        case .outputNotEmpty(let path): "\(path) exists and was not made by widget-host import; give an empty or new folder"
        case .cannotWrite(let path, let why): "\(path): \(why)"
        case .noSwiftSources(let target): "target \(target) compiles no Swift file"
        }
    }
}
