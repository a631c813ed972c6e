import Foundation

/// Finds the example extensions, executables of this package built beside `widget-host`.
///
/// They are not dependencies of `widget-host`: SwiftPM links an executable's executable dependencies'
/// libraries into it, and their frameworks (the SwiftUI and WidgetKit surface, and FoundationNetworking
/// with libcurl behind the headline widget's `URLSession`) made every `widget-host` process start in
/// about 37 ms instead of 19. So the first command that needs one and finds it missing builds it, in the
/// same package, configuration and build folder, as `swift run widget-host` would have.
enum BundledExtensions {
    static func path(_ name: String) throws -> String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [here.appendingPathComponent(name).path]
        if let exe = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(exe.appendingPathComponent(name).path)
        }
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        guard let build = PackageBuild(binaryFolder: here) else {
            throw CommandFailure("the bundled extension \(name) is not built next to widget-host (looked in \(candidates[0])); run `swift build` in the package first")
        }
        try build.build(product: name)
        guard FileManager.default.isExecutableFile(atPath: candidates[0]) else {
            throw CommandFailure("`swift build --product \(name)` succeeded but left no \(candidates[0])")
        }
        return candidates[0]
    }
}

/// The SwiftPM build `widget-host` came from: `<package>/<build folder>/<triple>/<configuration>/`.
struct PackageBuild {
    let package: URL
    let scratch: URL
    let configuration: String

    init?(binaryFolder: URL) {
        let configuration = binaryFolder.lastPathComponent
        let scratch = binaryFolder.deletingLastPathComponent().deletingLastPathComponent()
        let package = scratch.deletingLastPathComponent()
        guard ["debug", "release"].contains(configuration),
              FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
        else { return nil }
        self.package = package
        self.scratch = scratch
        self.configuration = configuration
    }

    /// Builds `product`, saying so on standard error; its output is shown only if it fails.
    func build(product: String) throws {
        FileHandle.standardError.write(Data("building the bundled extension \(product) (\(configuration), once)…\n".utf8))
        let output = Pipe()
        var log = Data()
        let status = try SwiftCommand.run(["build", "-c", configuration, "--package-path", package.path, "--scratch-path", scratch.path,
                                           "--product", product], output: output.fileHandleForWriting) {
            log = output.fileHandleForReading.readDataToEndOfFile()
        }
        guard status == 0 else {
            FileHandle.standardError.write(log)
            throw CommandFailure("`swift build --product \(product)` failed (exit \(status)); its output is above")
        }
    }
}
