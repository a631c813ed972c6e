import Foundation

/// Why a test could not get its extension.
public enum WidgetTestError: Error, CustomStringConvertible, Sendable {
    /// The executable product was neither beside the test bundle nor buildable.
    case productNotFound(name: String, searched: [String], buildStatus: Int32?)
    /// No `Package.swift` above the test file: there is no package to build the product from.
    case packageNotFound(from: String)

    public var description: String {
        switch self {
        case .productNotFound(let name, let searched, let status):
            let build = status.map { "; `swift build --product \(name)` exited \($0)" } ?? ""
            return "no executable product \(name) in \(searched.joined(separator: ", "))\(build)"
        case .packageNotFound(let file):
            return "no Package.swift in any folder above \(file)"
        }
    }
}

/// An author's widget extension, found by its product name: `swift test` builds a package's
/// executables into the same folder as its test bundle, so a test finds its extension there; when
/// only the tests were built, the product is built first, as `swift build --product NAME` would.
public enum ExtensionProduct {
    /// The path of the executable product `name`. `file` is the test's `#filePath`: the package is the
    /// nearest folder above it with a `Package.swift`.
    public static func path(_ name: String, file: String) throws(WidgetTestError) -> String {
        let folders = productFolders()
        let candidates = folders.map { $0.appendingPathComponent(name).path }
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        let root = try packageRoot(above: file)
        let status = build(name, packageRoot: root)
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        throw .productNotFound(name: name, searched: folders.map(\.path), buildStatus: status)
    }

    /// The build folder this test process runs from: the `.xctest` bundle's folder (XCTest) and the
    /// executable's (Swift Testing's runner).
    static func productFolders() -> [URL] {
        var folders: [URL] = []
        for argument in ProcessInfo.processInfo.arguments where argument.hasSuffix(".xctest") {
            folders.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        if let executable = ProcessInfo.processInfo.arguments.first {
            var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // Inside a bundle (`….xctest/Contents/MacOS/…` elsewhere), the products are beside the bundle.
            while url.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) { url.deleteLastPathComponent() }
            folders.append(url)
        }
        var unique: [URL] = []
        for folder in folders where !unique.contains(folder) { unique.append(folder) }
        return unique
    }

    static func packageRoot(above file: String) throws(WidgetTestError) -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        throw .packageNotFound(from: file)
    }

    private static func build(_ name: String, packageRoot: URL) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", packageRoot.path, "--product", name]
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension WidgetTestHost {
    /// Launches the executable product `name` of the package under test (see `ExtensionProduct`).
    ///
    /// ```swift
    /// let host = try WidgetTestHost(product: "StepCounterWidget")
    /// ```
    public convenience init(product name: String, start: Date = Date(), file: StaticString = #filePath) throws {
        try self.init(extension: try ExtensionProduct.path(name, file: "\(file)"), start: start)
    }
}
